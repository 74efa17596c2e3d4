import { getViewer } from "~/.server/auth/viewer";
import { apiError } from "~/.server/http/api-response";
import { getAccountProfile } from "~/.server/services/accounts/get-account-profile";
import type { Route } from "./+types/me";

/** `GET /api/me` (ADR 0020): the signed-in role and its account, 401 otherwise. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  if (!viewer) return apiError("unauthenticated", "ログインしていません");
  const account = await getAccountProfile({ db: context.db, actor: viewer });
  return Response.json({ type: viewer.type, account }, { headers: { "Cache-Control": "private, no-store" } });
}
