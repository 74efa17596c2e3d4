/**
 * The embedded SFU's process (ADR 0031): forked by the server (embedded-media.ts), it answers the
 * server's requests over the IPC channel and ends when the server goes. Keeping the packet work in
 * its own process keeps the HTTP server's event loop free, and a crash here costs the lives'
 * media (browsers reconnect), not the site.
 */
import type { SfuOptions } from "../media-port";
import { Sfu, SfuClosedError, SfuOfferError, SfuReplacedError } from "./sfu-core";
import type { SfuReply, SfuRequest } from "./sfu-protocol";

/**
 * Runs this process as the SFU. Entered through `sfu-main.ts` (development and tests, under tsx)
 * or `server.js` with YORU_SFU_CHILD=1 (production: the server bundle re-exports this).
 */
export function runSfuChild(): void {
  const options = JSON.parse(process.env.YORU_SFU_OPTIONS ?? "{}") as Partial<SfuOptions>;
  const sfu = new Sfu({
    ...options,
    stunUrls: options.stunUrls ?? [],
    hostAddresses: options.hostAddresses ?? [],
  });
  process.on("message", (message: SfuRequest) => {
    handle(sfu, message).then(
      (result) => process.send?.({ id: message.id, ok: true, result } satisfies SfuReply),
      (error: Error) =>
        process.send?.({
          id: message.id,
          ok: false,
          code:
            error instanceof SfuOfferError
              ? "invalid"
              : error instanceof SfuReplacedError
                ? "replaced"
                : error instanceof SfuClosedError
                  ? "closed"
                  : "unavailable",
          message: error.message,
        } satisfies SfuReply),
    );
  });
  // The server is gone (or closed the channel): so are we.
  process.on("disconnect", () => {
    void sfu.close().finally(() => process.exit(0));
  });
  process.send?.({ id: 0, ok: true, result: "ready" } satisfies SfuReply);
}

async function handle(sfu: Sfu, request: SfuRequest): Promise<unknown> {
  switch (request.op) {
    case "publish":
      return sfu.publish(request.liveId, request.sdp);
    case "subscribe":
      return sfu.subscribe(request.liveId, request.viewerId, request.sdp);
    case "leave":
      return sfu.leave(request.liveId, request.viewerId);
    case "end":
      return sfu.endLive(request.liveId);
    case "stats": {
      const cpu = process.cpuUsage();
      return { ...sfu.stats(), cpuMicros: cpu.user + cpu.system, rssBytes: process.memoryUsage().rss };
    }
  }
}
