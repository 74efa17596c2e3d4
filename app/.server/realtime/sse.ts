import type { Viewer } from "../auth/viewer";
import type { RealtimeHub } from "./hub";
import { oldestStoredSeq, type RealtimeEvent, readEvents, topicHead } from "./publish";
import { authorizeTopic } from "./topics";

const encoder = new TextEncoder();

/** What the browser waits before reconnecting after a dropped stream. */
const RETRY_MS = 3_000;
/** Bytes a client may leave unread before its stream is closed (it reconnects and resumes). */
const MAX_UNREAD_BYTES = 1024 * 1024;
/** Live events held while the replay runs; more means a client far behind: it reconnects. */
const MAX_BUFFERED = 10_000;
const REPLAY_BATCH = 500;

export interface EventStreamOptions {
  request: Request;
  realtime: RealtimeHub;
  viewer: Viewer | null;
  topic: string;
  /** The anonymous client's address (the cap counts per account, or per address when signed out). */
  clientIp: string;
  /**
   * Signed-out streams of this kind counted apart, with a cap of their own: many phones behind one
   * carrier address watch a live (ADR 0031); the default cap of 10 per address is for the rest.
   */
  anonymousLimit?: { scope: string; max: number };
}

function jsonError(status: number, code: string, message: string): Response {
  return Response.json(
    { error: { code, message } },
    { status, headers: { "Cache-Control": "private, no-store" } },
  );
}

/** `Last-Event-ID` (sent by EventSource on reconnect), else `?last_event_id=` (the first connect). */
function lastEventIdOf(request: Request): number | null | "invalid" {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("last_event_id");
  if (raw === null || raw === "") return null;
  if (!/^\d{1,15}$/.test(raw)) return "invalid";
  return Number(raw);
}

const PING = encoder.encode(": ping\n\n");

/** Encoded once per event and process: the hub hands the same event object to every subscriber. */
const frames = new WeakMap<RealtimeEvent, Uint8Array>();

function frame(event: RealtimeEvent): Uint8Array {
  let bytes = frames.get(event);
  if (!bytes) {
    bytes = encoder.encode(`id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    frames.set(event, bytes);
  }
  return bytes;
}

/**
 * A Server-Sent Events response for one topic (ADR 0018), for a React Router resource route:
 *
 *   export const loader = async ({ request, context }) =>
 *     eventStream({ request, realtime: context.realtime, viewer: await getViewer(request, context),
 *                   topic: `room:${params.id}`, clientIp: context.clientIp });
 *
 * Refuses with 401 / 404 (the topic kind's rule, topics.ts), 400 for a malformed Last-Event-ID,
 * 429 when the account already holds its cap of streams in this process; never a stream then.
 * With a `Last-Event-ID` it replays every stored event after it, then goes live, with nothing lost
 * or repeated across the seam (live events wait while the replay runs and are dropped by sequence
 * when the replay already sent them). A resume from a number older than what is stored, or newer
 * than the topic's head, gets a `reset` event: the client reloads its state. A stream ends after
 * the hub's `maxStreamMs` (30 min): the browser reconnects and is authorised again.
 */
export async function eventStream(options: EventStreamOptions): Promise<Response> {
  const { request, realtime, viewer, topic } = options;
  const authorization = await authorizeTopic(realtime.db, viewer, topic);
  if (authorization === "unauthenticated") return jsonError(401, "unauthenticated", "ログインしていません");
  if (authorization !== "ok") return jsonError(404, "not-found", "見つかりません");
  const lastEventId = lastEventIdOf(request);
  if (lastEventId === "invalid")
    return jsonError(400, "invalid-argument", "Last-Event-ID の形式が正しくありません");
  // Shutting down: an empty stream that ends at once, so the browser retries (on another instance)
  // with its Last-Event-ID instead of giving up as it would on an error status.
  if (realtime.isClosed)
    return new Response(`retry: ${RETRY_MS}\n\n`, { headers: { "Content-Type": "text/event-stream" } });
  const anonymous = options.anonymousLimit;
  const release = viewer
    ? realtime.acquire(`account:${viewer.uid}`)
    : anonymous
      ? realtime.acquire(`${anonymous.scope}:ip:${options.clientIp}`, anonymous.max)
      : realtime.acquire(`ip:${options.clientIp}`);
  if (!release)
    return jsonError(
      429,
      "resource-exhausted",
      "同時に開ける接続の上限に達しました。ほかのタブを閉じてください",
    );

  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  let replaying = true;
  let lastSent = 0;
  const buffered: RealtimeEvent[] = [];
  let heartbeat: NodeJS.Timeout | undefined;
  let lifetime: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe?.();
    release();
    request.signal.removeEventListener("abort", end);
    try {
      controller.close();
    } catch {
      // already closed or cancelled
    }
  };
  const write = (chunk: string | Uint8Array) => {
    if (ended) return;
    controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
    // A client that stopped reading: let it go rather than hold its backlog in memory.
    if ((controller.desiredSize ?? 0) < -MAX_UNREAD_BYTES) end();
  };
  const send = (event: RealtimeEvent) => {
    if (event.seq <= lastSent) return;
    lastSent = event.seq;
    write(frame(event));
  };

  const run = async () => {
    unsubscribe = await realtime.subscribe(topic, {
      deliver(event) {
        if (ended) return;
        if (!replaying) return send(event);
        buffered.push(event);
        if (buffered.length > MAX_BUFFERED) end();
      },
      // No id: a transient event is not a resume point and is not replayed, so it is written at
      // once, even while the replay runs (held back, it would be lost: there is nothing to replay).
      transient(type, data) {
        if (!ended) write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      close: end,
    });
    if (ended) return unsubscribe();
    if (lastEventId !== null) {
      lastSent = lastEventId;
      const head = await topicHead(realtime.db, topic);
      const oldest = await oldestStoredSeq(realtime.db, topic);
      const missing =
        lastEventId > head || (lastEventId < head && (oldest === null || oldest > lastEventId + 1));
      if (missing) {
        lastSent = head;
        write(`id: ${head}\nevent: reset\ndata: {}\n\n`);
      } else {
        for (;;) {
          const events = await readEvents(realtime.db, topic, lastSent, REPLAY_BATCH);
          for (const event of events) send(event);
          if (events.length < REPLAY_BATCH || ended) break;
        }
      }
    }
    buffered.sort((a, b) => a.seq - b.seq);
    for (const event of buffered) send(event);
    buffered.length = 0;
    replaying = false;
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        // The retry delay, and a first line so the browser sees the stream open at once.
        c.enqueue(encoder.encode(`retry: ${RETRY_MS}\n: connected\n\n`));
        heartbeat = setInterval(() => write(PING), realtime.heartbeatMs);
        heartbeat.unref();
        lifetime = setTimeout(end, realtime.maxStreamMs * (1 + Math.random() * 0.1));
        lifetime.unref();
        if (request.signal.aborted) return end();
        request.signal.addEventListener("abort", end);
        run().catch((error) => {
          console.error(`[realtime] stream of ${topic} failed: ${(error as Error).message}`);
          end();
        });
      },
      cancel() {
        end();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: proxies must neither compress nor hold the stream (ADR 0018).
      "Cache-Control": "no-cache, no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
