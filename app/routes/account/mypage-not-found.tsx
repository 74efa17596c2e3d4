import { data } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { roleOfPath } from "~/domain/account-roles";
import type { Route } from "./+types/mypage-not-found";

/** Unknown paths inside a protected area: the guard first, then a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const role = roleOfPath(new URL(request.url).pathname);
  if (role) await requireViewer(request, context, role);
  throw data(null, { status: 404 });
}

export default function MypageNotFound() {
  return null;
}
