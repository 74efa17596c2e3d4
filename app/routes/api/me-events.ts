import { getViewer } from "~/.server/auth/viewer";
import { eventStream } from "~/.server/realtime/sse";
import { accountTopic } from "~/domain/realtime-topics";
import type { Route } from "./+types/me-events";

/**
 * `GET /api/me/events`: the signed-in account's own event stream (Server-Sent Events, ADR 0018).
 * Events: `follower` `{follower_number, change}` when a listener follows or unfollows the staff
 * member or store; `reset` when a resume point is no longer stored. 401 when signed out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  return eventStream({
    request,
    realtime: context.realtime,
    viewer,
    // Signed out: the topic's rule answers 401 before anything opens.
    topic: accountTopic(viewer?.uid ?? "anonymous"),
    clientIp: context.clientIp,
  });
}
