import { getViewer } from "~/.server/auth/viewer";
import { publicJson, readJsonBody, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { bodyInvalid, roomRefusal } from "~/.server/http/room-answers";
import { openRoom } from "~/.server/services/chat/open-room";
import { CHAT_TEXTS, OpenRoomSchema } from "~/domain/chat";
import type { Route } from "./+types/rooms";

/**
 * `POST /api/rooms` `{staff_id}` (listener): opens the room with a listed staff member, or finds
 * the one they share — 201 when new, 200 when it existed (ADR 0029).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "room.open");
  if (denied || !viewer) return denied;
  const json = await readJsonBody(request);
  if (json === undefined) return apiError("invalid-argument", CHAT_TEXTS.unreadable);
  const body = OpenRoomSchema.safeParse(json);
  if (!body.success) return bodyInvalid(body.error.issues, CHAT_TEXTS.staffRequired);
  const result = await openRoom({ db: context.db, actor: viewer, input: body.data });
  if (!result.ok)
    return result.error === "not_found"
      ? apiError("not-found", CHAT_TEXTS.staffNotFound)
      : roomRefusal(result);
  return publicJson({ ...result.room, room_id: result.room.id }, viewer, {
    status: result.created ? 201 : 200,
  });
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
