import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { getLive } from "~/.server/services/live/read-lives";
import { LIVE_TEXTS } from "~/domain/live";
import type { Route } from "./+types/live";

/** `GET /api/lives/{id}` (public): one live with its broadcaster and figures. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const live = await getLive({ db: context.db, input: { liveId: params.id } });
  if (!live) return apiError("not-found", LIVE_TEXTS.liveNotFound);
  return publicJson(live, null);
}
