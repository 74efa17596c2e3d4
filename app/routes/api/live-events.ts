import { getViewer } from "~/.server/auth/viewer";
import { eventStream } from "~/.server/realtime/sse";
import { liveEventsTopic } from "~/.server/services/live/live-topic";
import type { Route } from "./+types/live-events";

/**
 * `GET /api/lives/{id}/events` (anyone): the live as Server-Sent Events (ADR 0018) — `comment`,
 * `comment-deleted`, `viewers` {count, peak}, `gift` (LiveGiftEvent), `ended`; `reset` when a
 * resume point is no longer stored. `Last-Event-ID` resumes with nothing lost or repeated.
 * Signed-out viewers are counted per address with a cap of their own (LIVE_STREAMS_PER_ADDRESS).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  return eventStream({
    request,
    realtime: context.realtime,
    viewer,
    topic: liveEventsTopic(params.id),
    clientIp: context.clientIp,
    anonymousLimit: { scope: "live", max: context.env.live.streamsPerAddress },
  });
}
