import { getViewer } from "~/.server/auth/viewer";
import { eventStream } from "~/.server/realtime/sse";
import { roomEventsTopic } from "~/.server/services/chat/room-topic";
import type { Route } from "./+types/room-events";

/**
 * `GET /api/rooms/{id}/events` (the two members): the room live (Server-Sent Events, ADR 0018).
 * Events: `message` (the message row), `read` `{reader_id, read_at, message_ids}`; `reset` when a
 * resume point is no longer stored. `Last-Event-ID` resumes with nothing lost or repeated.
 * 401 signed out, 404 for anyone else.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  return eventStream({
    request,
    realtime: context.realtime,
    viewer,
    topic: roomEventsTopic(params.id),
    clientIp: context.clientIp,
  });
}
