/**
 * `npm run bench -- --section live [--viewers 10,25,50] [--seconds 8] [--skip-media]
 *   [--comments-viewers 200] [--comment-rate 20] [--gifts 20] [--gift-item champagne] [--skip-room]
 *   [--gift-rate 300] [--gift-seconds 10] [--gift-listeners 600] [--skip-gift-rate]` — live
 * streaming (ADR 0031) and the live room (ADR 0043), three measurements:
 *
 * 1. Media: the embedded SFU (its own child process, as in production) relays one publisher to N
 *    viewers. Publisher and viewers are scripted werift clients in this process over loopback; the
 *    publisher sends VP8-sized RTP packets (1,100 bytes, 90 a second ≈ 0.8 Mbit/s: what Chromium
 *    sends for 640×480 at 30 fps; the SFU forwards without decoding, so the payload is filler). Per
 *    step: the SFU process's CPU (share of one core, from its own cpuUsage), packets relayed a
 *    second and the share delivered. The viewers' own work runs in this process on the same cores:
 *    on a 2-core machine the figures are a lower bound of what a dedicated server does.
 * 2. The room (scripts/bench-live-room.ts): top-tier gifts and comments to `--comments-viewers`
 *    event streams across two server processes on PostgreSQL.
 * 3. Gifts with pay_with_coins at `--gift-rate` a second through the gift service, then the
 *    ledger reconciled (scripts/bench-live-gifts.ts).
 *
 * 2 and 3 need DATABASE_URL (PostgreSQL): each makes a throw-away database next to it and drops it.
 */
import { parseArgs } from "node:util";
import { createEmbeddedMedia } from "../app/.server/integrations/live-media/embedded-media";
import type { LiveMediaPort } from "../app/.server/integrations/live-media/media-port";
import { type ScriptedViewer, scriptedPublisher, scriptedViewer } from "../tests/support/webrtc-clients";
import { benchLiveGifts } from "./bench-live-gifts";
import { benchLiveRoom } from "./bench-live-room";
import { sleep } from "./lib/bench-servers";

const { values: args } = parseArgs({
  strict: false,
  options: {
    section: { type: "string" },
    viewers: { type: "string", default: "10,25,50" },
    seconds: { type: "string", default: "8" },
    "comments-viewers": { type: "string", default: "200" },
    "comment-rate": { type: "string", default: "20" },
    gifts: { type: "string", default: "20" },
    "gift-item": { type: "string", default: "champagne" },
    "gift-rate": { type: "string", default: "300" },
    "gift-seconds": { type: "string", default: "10" },
    "gift-listeners": { type: "string", default: "600" },
    "skip-media": { type: "boolean", default: false },
    "skip-room": { type: "boolean", default: false },
    "skip-gift-rate": { type: "boolean", default: false },
  },
});

const PACKETS_PER_SECOND = 90;
const PACKET_BYTES = 1100;

async function connect(
  client: { offer(): Promise<string>; answer(s: string): Promise<void>; connected(): Promise<void> },
  run: (sdp: string) => ReturnType<LiveMediaPort["publish"]>,
) {
  const access = await run(await client.offer());
  if (access.mode !== "embedded") throw new Error("embedded expected");
  await client.answer(access.sdp);
  await client.connected();
}

async function benchMedia(): Promise<void> {
  const steps = String(args.viewers)
    .split(",")
    .map(Number)
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
  const seconds = Number(args.seconds);
  const media = createEmbeddedMedia({ stunUrls: [], hostAddresses: ["127.0.0.1"] }, () => {});
  const liveId = "bench-live";
  const publisher = scriptedPublisher();
  await connect(publisher, (sdp) => media.publish({ liveId, broadcasterId: "b", broadcasterName: "b", sdp }));
  publisher.start(PACKETS_PER_SECOND, PACKET_BYTES);
  const viewers: ScriptedViewer[] = [];
  console.log(
    `\nLive media: the embedded SFU relaying ${PACKETS_PER_SECOND} packets/s × ${PACKET_BYTES} B (≈ ${Math.round((PACKETS_PER_SECOND * PACKET_BYTES * 8) / 1000)} kbit/s, a 640×480 VP8 stream)`,
  );
  console.log("| viewers | SFU CPU (one core) | packets in/s | packets relayed/s | delivered | SFU RSS |");
  console.log("|---:|---:|---:|---:|---:|---:|");
  for (const step of steps) {
    while (viewers.length < step) {
      const viewer = scriptedViewer();
      await connect(viewer, (sdp) => media.subscribe({ liveId, viewerId: `v${viewers.length}`, sdp }));
      viewers.push(viewer);
    }
    await sleep(2000);
    const before = (await media.stats()) as unknown as {
      cpuMicros: number;
      packetsIn: number;
      packetsOut: number;
    };
    const received = viewers.map((v) => v.received());
    const started = Date.now();
    await sleep(seconds * 1000);
    const after = (await media.stats()) as unknown as {
      cpuMicros: number;
      packetsIn: number;
      packetsOut: number;
      rssBytes: number;
    };
    const wall = (Date.now() - started) / 1000;
    const cpu = (after.cpuMicros - before.cpuMicros) / 1e6 / wall;
    const relayed = (after.packetsOut - before.packetsOut) / wall;
    const got = viewers.reduce((sum, v, i) => sum + v.received() - received[i]!, 0);
    // Delivered: of what the SFU received (the publisher in this busy process may send less than asked).
    const incoming = (after.packetsIn - before.packetsIn) / wall;
    const expected = incoming * wall * viewers.length;
    console.log(
      `| ${viewers.length} | ${(cpu * 100).toFixed(0)} % | ${Math.round(incoming)} | ${Math.round(relayed).toLocaleString("en")} | ${((got / expected) * 100).toFixed(1)} % | ${Math.round(after.rssBytes / 2 ** 20)} MB |`,
    );
    if (cpu > 0.8) {
      console.log(`(stopped: the SFU is past 80 % of one core at ${viewers.length} viewers)`);
      break;
    }
  }
  await publisher.close();
  for (const viewer of viewers) await viewer.close();
  await media.close();
}

const databaseUrl = process.env.DATABASE_URL?.trim();
if (!args["skip-media"]) await benchMedia();
if (!databaseUrl) {
  console.log(
    "\nLive room and gifts: skipped (need DATABASE_URL, a PostgreSQL server where a throw-away database can be created)",
  );
} else {
  if (!args["skip-room"])
    await benchLiveRoom({
      databaseUrl,
      streams: Number(args["comments-viewers"]),
      commentRate: Number(args["comment-rate"]),
      gifts: Number(args.gifts),
      item: String(args["gift-item"]),
    });
  if (!args["skip-gift-rate"])
    await benchLiveGifts({
      databaseUrl,
      listeners: Number(args["gift-listeners"]),
      rate: Number(args["gift-rate"]),
      seconds: Number(args["gift-seconds"]),
    });
}
