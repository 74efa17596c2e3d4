/**
 * The embedded SFU (ADR 0031) in its own process, driven by scripted werift clients over loopback:
 * a publisher's packets reach every viewer, a viewer that joins late asks for (and gets) a keyframe
 * request sent to the publisher, a publisher that reconnects feeds the viewers already there, and
 * ending the live closes everyone. No browser, no database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedMedia } from "~/.server/integrations/live-media/embedded-media";
import { type LiveMediaPort, MediaError } from "~/.server/integrations/live-media/media-port";
import { scriptedPublisher, scriptedViewer } from "../support/webrtc-clients";

describe("the embedded SFU", () => {
  let media: LiveMediaPort;
  beforeAll(() => {
    media = createEmbeddedMedia({ stunUrls: [], hostAddresses: ["127.0.0.1"] }, () => {});
  });
  afterAll(async () => {
    await media?.close();
  });

  const connect = async (
    client: { offer(): Promise<string>; answer(s: string): Promise<void>; connected(): Promise<void> },
    run: (sdp: string) => ReturnType<LiveMediaPort["publish"]>,
  ) => {
    const access = await run(await client.offer());
    if (access.mode !== "embedded") throw new Error("embedded expected");
    await client.answer(access.sdp);
    await client.connected();
  };

  it("relays a publisher to two viewers; a late viewer triggers a keyframe request; a reconnect keeps them fed", async () => {
    const liveId = "live-sfu-1";
    const early = scriptedViewer();
    await connect(early, (sdp) => media.subscribe({ liveId, viewerId: "v1", sdp }));
    const publisher = scriptedPublisher();
    await connect(publisher, (sdp) =>
      media.publish({ liveId, broadcasterId: "b", broadcasterName: "b", sdp }),
    );
    publisher.start(100);
    await expect.poll(() => early.received(), { timeout: 30_000 }).toBeGreaterThan(20);
    const plisBefore = publisher.keyframeRequests();
    const late = scriptedViewer();
    await connect(late, (sdp) => media.subscribe({ liveId, viewerId: "v2", sdp }));
    await expect.poll(() => late.received(), { timeout: 30_000 }).toBeGreaterThan(20);
    await expect.poll(() => publisher.keyframeRequests(), { timeout: 30_000 }).toBeGreaterThan(plisBefore);
    expect(await media.stats()).toMatchObject({ lives: 1, publishers: 1, viewers: 2 });

    // The broadcaster reconnects (a new publisher): the viewers already there keep receiving.
    await publisher.close();
    const again = scriptedPublisher();
    await connect(again, (sdp) => media.publish({ liveId, broadcasterId: "b", broadcasterName: "b", sdp }));
    const before = early.received();
    again.start(100);
    await expect.poll(() => early.received(), { timeout: 30_000 }).toBeGreaterThan(before + 20);

    await media.leave(liveId, "v2");
    expect(await media.stats()).toMatchObject({ viewers: 1 });
    await media.endLive(liveId);
    expect(await media.stats()).toMatchObject({ lives: 0, publishers: 0, viewers: 0 });
    await again.close();
    await early.close();
    await late.close();
  }, 120_000);

  it("twenty offers of one viewer at once are all answered; the newest connection is the viewer's", async () => {
    const liveId = "live-sfu-resubscribe";
    const clients = Array.from({ length: 20 }, () => scriptedViewer());
    const offers = await Promise.all(clients.map((client) => client.offer()));
    const outcomes = await Promise.allSettled(
      offers.map((sdp) => media.subscribe({ liveId, viewerId: "same-viewer", sdp })),
    );
    // Answered, not timed out (the server's wait for the SFU ends in "unavailable"): replaced.
    const refusals = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as MediaError] : []));
    expect(refusals.map((error) => error.code)).toEqual(refusals.map(() => "replaced"));
    // The offer the SFU took last holds the viewer's one session; it connects.
    const answered = outcomes.flatMap((o, i) => (o.status === "fulfilled" ? [i] : []));
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(await media.stats()).toMatchObject({ viewers: 1 });
    const winner = answered.at(-1)!;
    const access = (
      outcomes[winner] as PromiseFulfilledResult<Awaited<ReturnType<LiveMediaPort["subscribe"]>>>
    ).value;
    if (access.mode !== "embedded") throw new Error("embedded expected");
    await clients[winner]!.answer(access.sdp);
    await clients[winner]!.connected();
    await media.endLive(liveId);
    await Promise.all(clients.map((client) => client.close()));
  }, 120_000);

  it("a malformed offer is the browser's fault, not an outage", async () => {
    await expect(media.subscribe({ liveId: "x", viewerId: "v", sdp: "not an sdp" })).rejects.toSatisfy(
      (error) => error instanceof MediaError && error.code === "invalid",
    );
  });
});
