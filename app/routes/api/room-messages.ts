import { getViewer } from "~/.server/auth/viewer";
import { publicJson, readJsonBody } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { roomRefusal, signedOut } from "~/.server/http/room-answers";
import { listMessages } from "~/.server/services/chat/list-messages";
import { sendMessage } from "~/.server/services/chat/send-message";
import type { Route } from "./+types/room-messages";

/**
 * `GET /api/rooms/{id}/messages?before=&limit=` (the two members): a page of the room's
 * messages, newest first, with the counterpart and the block state. Anyone else: 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const refused = signedOut(viewer);
  if (refused || !viewer) return refused;
  const query = new URL(request.url).searchParams;
  const result = await listMessages({
    db: context.db,
    actor: viewer,
    input: { roomId: params.id, before: query.get("before"), limit: query.get("limit") ?? undefined },
  });
  if (!result.ok) return roomRefusal(result);
  const { ok: _ok, ...page } = result;
  return publicJson(page, viewer);
}

/**
 * `POST /api/rooms/{id}/messages` `{body}` (the two members) → 201 with the message. 400 names
 * `body` (empty, too long, contact details), 403 after a block, 429 past 20 a minute.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const refused = signedOut(viewer);
  if (refused || !viewer) return refused;
  const json = await readJsonBody(request);
  // The body is checked by the use case after the membership, so a stranger learns nothing.
  const body = json && typeof json === "object" ? (json as { body?: unknown }).body : undefined;
  const result = await sendMessage({ db: context.db, actor: viewer, input: { roomId: params.id, body } });
  if (!result.ok) return roomRefusal(result, "body");
  return publicJson(result.message, viewer, { status: 201 });
}
