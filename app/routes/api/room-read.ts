import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { roomRefusal, signedOut } from "~/.server/http/room-answers";
import { markRoomRead } from "~/.server/services/chat/mark-room-read";
import type { Route } from "./+types/room-read";

/** `POST /api/rooms/{id}/read` (the two members): the counterpart's messages are read. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const refused = signedOut(viewer);
  if (refused || !viewer) return refused;
  const result = await markRoomRead({ db: context.db, actor: viewer, input: { roomId: params.id } });
  if (!result.ok) return roomRefusal(result);
  return publicJson({ room_id: params.id, read: result.read, read_at: result.read_at }, viewer);
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
