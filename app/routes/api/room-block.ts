import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { roomRefusal, signedOut } from "~/.server/http/room-answers";
import { blockRoom } from "~/.server/services/chat/block-room";
import type { Route } from "./+types/room-block";

/**
 * `POST /api/rooms/{id}/block` (the two members): from then on neither side can send in the
 * room (ADR 0029); blocking again is harmless (`created: false`).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const refused = signedOut(viewer);
  if (refused || !viewer) return refused;
  const result = await blockRoom({ db: context.db, actor: viewer, input: { roomId: params.id } });
  if (!result.ok) return roomRefusal(result);
  return publicJson({ room_id: params.id, blocked: true, created: result.created }, viewer);
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
