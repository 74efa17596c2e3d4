/**
 * The embedded SFU's process (ADR 0031): forked by the server (embedded-media.ts), it answers the
 * server's requests over the IPC channel and ends when the server goes. Keeping the packet work in
 * its own process keeps the HTTP server's event loop free, and a crash here costs the lives'
 * media (browsers reconnect), not the site.
 */
import type { SfuOptions } from "../media-port";
import { Sfu, SfuOfferError } from "./sfu-core";
import type { SfuReply, SfuRequest } from "./sfu-protocol";

const options = JSON.parse(process.env.YORU_SFU_OPTIONS ?? "{}") as Partial<SfuOptions>;
const sfu = new Sfu({
  ...options,
  stunUrls: options.stunUrls ?? [],
  hostAddresses: options.hostAddresses ?? [],
});

async function handle(request: SfuRequest): Promise<unknown> {
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

process.on("message", (message: SfuRequest) => {
  handle(message).then(
    (result) => process.send?.({ id: message.id, ok: true, result } satisfies SfuReply),
    (error: Error) =>
      process.send?.({
        id: message.id,
        ok: false,
        code: error instanceof SfuOfferError ? "invalid" : "unavailable",
        message: error.message,
      } satisfies SfuReply),
  );
});
// The server is gone (or closed the channel): so are we.
process.on("disconnect", () => {
  void sfu.close().finally(() => process.exit(0));
});
process.send?.({ id: 0, ok: true, result: "ready" } satisfies SfuReply);
