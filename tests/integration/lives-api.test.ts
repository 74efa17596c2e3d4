/**
 * The live JSON API (ADR 0031) through its route modules with real sessions, on both
 * databases: who may start, end, comment and moderate (a listener cannot start a live, a store
 * cannot end another store's live, a blocked viewer cannot comment), the viewer cap's 「満員です」,
 * the live's event stream (comments in order, a deletion, the end; Last-Event-ID resume; signed-out
 * viewers beyond the default per-address cap of 10), and the media endpoint in LiveKit mode against
 * the fake LiveKit server: token grants per role, and the webhook's signature and body digest.
 */

import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { lives, remoteConfigValues } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { createLivekitMedia, livekitRoom } from "~/.server/integrations/live-media/livekit-media";
import { RealtimeHub } from "~/.server/realtime/hub";
import { notificationSource } from "~/.server/realtime/listeners";
import { LIVE_TEXTS } from "~/domain/live";
import { action as blocksAction } from "~/routes/api/live-blocks";
import { action as deleteAction } from "~/routes/api/live-comment";
import { action as commentsAction } from "~/routes/api/live-comments";
import { action as endAction } from "~/routes/api/live-end";
import { loader as eventsLoader } from "~/routes/api/live-events";
import { action as mediaAction } from "~/routes/api/live-media";
import { action as viewerAction } from "~/routes/api/live-viewer";
import { action as joinAction } from "~/routes/api/live-viewers";
import { action as webhookAction } from "~/routes/api/livekit-webhook";
import { action as startAction } from "~/routes/api/lives";
import { type FakeLivekit, startFakeLivekit, verifyJwt } from "../../scripts/fakes/livekit";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { call, routeContext, sessionCookie } from "../support/routes";
import { readSse, type SseReader } from "../support/sse";

type Body = Record<string, unknown> & {
  error?: { code: string; message: string; field?: string; reason?: string };
};

describe.each(drivers)("the live API on %s", (driver) => {
  let database: TestDatabase;
  let hub: RealtimeHub;
  let context: AppLoadContext;
  let livekit: FakeLivekit;
  const cookies: Record<"listener" | "blocked" | "cast" | "store" | "otherStore", string> = {
    listener: "",
    blocked: "",
    cast: "",
    store: "",
    otherStore: "",
  };
  let blockedListener: Viewer;
  let castUid = "";
  const streams: { reader: SseReader; abort: AbortController }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "livesapi" });
    const db = database.db;
    ({ context } = routeContext(db));
    livekit = await startFakeLivekit();
    // LiveKit as the media transport; the operator's remote configuration caps a live at 2
    // viewers and blocks one word (read through liveSettings(), as the routes read it).
    context.env = parseEnv({
      AUTH_SECRET: "integration-test-secret-0123456789abcdef",
      BASE_URL: "http://localhost:3999",
      DATA_DIR: context.env.dataDir,
      ...livekit.env,
    });
    await db.insert(remoteConfigValues).values([
      { key: "live_max_viewers", value: 2 },
      { key: "blocked_words", value: "禁止語" },
    ]);
    context.liveMedia = createLivekitMedia(context.env.live.livekit!, { maxViewers: () => 2, log: () => {} });
    hub = new RealtimeHub({ db, source: notificationSource(database, () => {}), log: () => {} });
    await hub.start();
    context.realtime = hub;
    const store = await makeLiver(db, { store_name: "クラブ 月" });
    const otherStore = await makeLiver(db, { store_name: "クラブ 星" });
    const cast = await makeStaff(db, store.uid, { name: "あかり" });
    castUid = cast.uid;
    const listener = await makeListener(db, { nickname: "たろう" });
    blockedListener = await makeListener(db, { nickname: "じろう" });
    cookies.listener = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    cookies.blocked = await sessionCookie(context, "listener", blockedListener.email, FACTORY_PASSWORD);
    cookies.cast = await sessionCookie(context, "staff", cast.loginId, FACTORY_PASSWORD);
    cookies.store = await sessionCookie(context, "liver", store.email, FACTORY_PASSWORD);
    cookies.otherStore = await sessionCookie(context, "liver", otherStore.email, FACTORY_PASSWORD);
  });
  afterEach(async () => {
    for (const { reader, abort } of streams.splice(0)) {
      abort.abort();
      await reader.cancel();
    }
  });
  afterAll(async () => {
    await hub?.close();
    await livekit?.close();
    await database?.close();
  });

  const json = (value: unknown) => ({
    method: "POST",
    body: JSON.stringify(value),
    headers: { "content-type": "application/json" },
  });
  const start = (cookie: string | undefined, title: unknown) =>
    call(startAction, { context, url: "/api/lives", cookie, ...json({ title }) });
  const comment = (liveId: string, cookie: string | undefined, body: unknown) =>
    call(commentsAction, {
      context,
      url: `/api/lives/${liveId}/comments`,
      cookie,
      params: { id: liveId },
      ...json({ body }),
    });
  async function stream(liveId: string, headers: Record<string, string> = {}) {
    const abort = new AbortController();
    const before = context.realtime.stats().subscribers;
    const response = (await eventsLoader({
      request: new Request(`http://localhost:3999/api/lives/${liveId}/events`, {
        headers,
        signal: abort.signal,
      }),
      context,
      params: { id: liveId },
    } as never)) as Response;
    if (response.status !== 200 || !response.body) return { response, reader: null };
    const reader = readSse(response.body);
    streams.push({ reader, abort });
    // The answer comes before the stream is registered with the hub; an event published in
    // between is not for it (a new stream starts at the head). Wait, as a page does by loading first.
    await expect.poll(() => context.realtime.stats().subscribers).toBeGreaterThan(before);
    return { response, reader };
  }

  it("who may start and end: a listener cannot start, a store cannot end another store's live", async () => {
    expect((await start(undefined, "x")).status).toBe(401);
    const byListener = await start(cookies.listener, "x");
    expect(byListener.status).toBe(403);
    expect((byListener.body as Body).error?.code).toBe("permission-denied");
    const invalid = await start(cookies.cast, "");
    expect(invalid.status).toBe(400);
    expect((invalid.body as Body).error).toMatchObject({ message: LIVE_TEXTS.titleRequired, field: "title" });
    const started = await start(cookies.cast, "今夜の配信");
    expect(started.status).toBe(201);
    const live = started.body as { live_id: string; status: string; broadcaster_id: string };
    expect(live).toMatchObject({ status: "live", broadcaster_id: castUid });
    expect((await start(cookies.cast, "二つ目")).status).toBe(200);

    const end = (cookie: string | undefined) =>
      call(endAction, {
        context,
        url: `/api/lives/${live.live_id}/end`,
        cookie,
        method: "POST",
        params: { id: live.live_id },
      });
    expect((await end(cookies.otherStore)).status).toBe(404);
    expect((await end(cookies.listener)).status).toBe(403);
    expect((await end(undefined)).status).toBe(401);
    const [row] = await database.db.select().from(lives).where(eq(lives.live_id, live.live_id));
    expect(row!.status).toBe("live");
    const ended = await end(cookies.store);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ status: "ended", viewer_peak: 0, comment_count: 0 });
  });

  it("comments stream in order to every viewer, a deletion reaches them, a blocked viewer cannot comment, the end is announced", async () => {
    const started = await start(cookies.cast, "コメントの配信");
    const liveId = (started.body as { live_id: string }).live_id;
    const first = await stream(liveId);
    const second = await stream(liveId);
    expect(first.response.status).toBe(200);
    const a = await comment(liveId, cookies.listener, "こんばんは");
    expect(a.status).toBe(201);
    const b = await comment(liveId, cookies.blocked, "はじめまして");
    expect(b.status).toBe(201);
    const tooFast = await comment(liveId, cookies.listener, "もう一回");
    expect(tooFast.status).toBe(429);
    const blockedWord = await comment(liveId, cookies.blocked, "この禁止語はだめ");
    expect(blockedWord.status).toBe(400);
    expect((blockedWord.body as Body).error).toMatchObject({
      message: LIVE_TEXTS.commentBlockedWord,
      field: "body",
    });
    // The broadcaster talks back (ADR 0043): her comment is marked as hers; her store does not talk.
    const own = await comment(liveId, cookies.cast, "配信者からひとこと");
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ author: "broadcaster", listener_id: null, fan_level: 0 });
    expect((await comment(liveId, cookies.store, "お店からひとこと")).status).toBe(404);

    const bId = (b.body as { comment_id: string }).comment_id;
    const removed = await call(deleteAction, {
      context,
      url: `/api/lives/${liveId}/comments/${bId}`,
      cookie: cookies.cast,
      method: "DELETE",
      params: { id: liveId, commentId: bId },
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ comment_id: bId, deleted: true });
    const otherDeletes = await call(deleteAction, {
      context,
      url: `/api/lives/${liveId}/comments/${bId}`,
      cookie: cookies.otherStore,
      method: "DELETE",
      params: { id: liveId, commentId: bId },
    });
    expect(otherDeletes.status).toBe(404);

    const blocked = await call(blocksAction, {
      context,
      url: `/api/lives/${liveId}/blocks`,
      cookie: cookies.cast,
      params: { id: liveId },
      ...json({ listener_id: blockedListener.uid }),
    });
    expect(blocked.status).toBe(201);
    await new Promise((r) => setTimeout(r, 2100));
    const refused = await comment(liveId, cookies.blocked, "見てるよ");
    expect(refused.status).toBe(403);
    expect((refused.body as Body).error?.message).toBe(LIVE_TEXTS.commentBlocked);

    const ended = await call(endAction, {
      context,
      url: `/api/lives/${liveId}/end`,
      cookie: cookies.cast,
      method: "POST",
      params: { id: liveId },
    });
    expect(ended.body).toMatchObject({ status: "ended", comment_count: 1 });
    const wanted = (f: { event?: string }[]) => f.some((x) => x.event === "ended");
    await first.reader!.until(wanted);
    await second.reader!.until(wanted);
    const shape = (r: SseReader) =>
      r
        .events()
        .map(
          (e) =>
            `${e.event}:${JSON.stringify((e.data as { body?: string; comment_id?: string }).body ?? "")}`,
        );
    expect(shape(first.reader!)).toEqual(shape(second.reader!));
    expect(
      first
        .reader!.events()
        .filter((e) => e.event === "comment")
        .map((e) => (e.data as { body: string }).body),
    ).toEqual(["こんばんは", "はじめまして", "配信者からひとこと"]);
    expect(first.reader!.events().find((e) => e.event === "comment-deleted")?.data).toEqual({
      comment_id: bId,
    });

    // Resuming after the first comment replays the rest, nothing repeated.
    const firstId = first.reader!.events()[0]!.id;
    const resumed = await stream(liveId, { "last-event-id": String(firstId) });
    await resumed.reader!.until(wanted);
    expect(resumed.reader!.events().map((e) => e.id)).toEqual(
      first
        .reader!.events()
        .slice(1)
        .map((e) => e.id),
    );
    expect((await comment(liveId, cookies.listener, "終わった？")).body).toMatchObject({
      error: { reason: "ended" },
    });
  });

  it("the viewer cap answers 「満員です」; signed-out viewers of one address are not held to the default cap of 10", async () => {
    const started = await start(cookies.cast, "満員テスト");
    const liveId = (started.body as { live_id: string }).live_id;
    const join = () =>
      call(joinAction, {
        context,
        url: `/api/lives/${liveId}/viewers`,
        method: "POST",
        params: { id: liveId },
      });
    const first = await join();
    const second = await join();
    expect([first.status, second.status]).toEqual([201, 201]);
    const full = await join();
    expect(full.status).toBe(429);
    expect((full.body as Body).error).toMatchObject({
      code: "resource-exhausted",
      message: LIVE_TEXTS.full,
      reason: "full",
    });
    const firstId = (first.body as { viewer_id: string }).viewer_id;
    const viewer = (method: string, id: string) =>
      call(viewerAction, {
        context,
        url: `/api/lives/${liveId}/viewers/${id}`,
        method,
        params: { id: liveId, viewerId: id },
      });
    expect((await viewer("PUT", firstId)).status).toBe(200);
    expect((await viewer("PUT", "nobody")).status).toBe(404);
    expect((await viewer("DELETE", firstId)).status).toBe(200);
    expect((await join()).status).toBe(201);

    const open = await Promise.all(Array.from({ length: 12 }, () => stream(liveId)));
    expect(open.map((s) => s.response.status)).toEqual(Array(12).fill(200));
    await call(endAction, {
      context,
      url: `/api/lives/${liveId}/end`,
      cookie: cookies.cast,
      method: "POST",
      params: { id: liveId },
    });
  });

  it("LiveKit: a room and a token with the broadcaster's grants, a viewer's subscribe-only token, an unknown viewer refused", async () => {
    const started = await start(cookies.cast, "LiveKit の配信");
    const liveId = (started.body as { live_id: string }).live_id;
    const media = (cookie: string | undefined, body: unknown) =>
      call(mediaAction, {
        context,
        url: `/api/lives/${liveId}/media`,
        cookie,
        params: { id: liveId },
        ...json(body),
      });
    expect((await media(cookies.listener, { role: "publish" })).status).toBe(403);
    expect((await media(cookies.store, { role: "publish" })).status).toBe(404);
    expect((await media(undefined, { role: "publish" })).status).toBe(401);
    const published = await media(cookies.cast, { role: "publish" });
    expect(published.status).toBe(201);
    const access = published.body as { mode: string; url: string; token: string; room: string };
    expect(access).toMatchObject({ mode: "livekit", url: livekit.url, room: livekitRoom(liveId) });
    const claims = verifyJwt(livekit.apiSecret, access.token);
    expect(claims).toMatchObject({
      iss: livekit.apiKey,
      sub: `broadcaster:${castUid}`,
      video: { roomJoin: true, room: livekitRoom(liveId), canPublish: true, canPublishData: false },
    });
    expect((claims!.video as { canPublishSources: string[] }).canPublishSources).toEqual([
      "camera",
      "microphone",
    ]);
    expect(livekit.rooms.get(livekitRoom(liveId))).toMatchObject({ maxParticipants: 3 });
    expect(livekit.calls.find((c) => c.method === "CreateRoom")?.grant).toMatchObject({ roomCreate: true });

    expect((await media(undefined, { role: "subscribe", viewer_id: "nobody" })).body).toMatchObject({
      error: { field: "viewer_id" },
    });
    const joined = await call(joinAction, {
      context,
      url: `/api/lives/${liveId}/viewers`,
      method: "POST",
      params: { id: liveId },
    });
    const viewerId = (joined.body as { viewer_id: string }).viewer_id;
    const watching = await media(undefined, { role: "subscribe", viewer_id: viewerId });
    expect(watching.status).toBe(201);
    const viewerClaims = verifyJwt(livekit.apiSecret, (watching.body as { token: string }).token);
    expect(viewerClaims).toMatchObject({
      sub: `viewer:${viewerId}`,
      video: {
        roomJoin: true,
        room: livekitRoom(liveId),
        canPublish: false,
        canSubscribe: true,
        canPublishData: false,
      },
    });

    // Ending deletes the room (its participants are disconnected by LiveKit).
    await call(endAction, {
      context,
      url: `/api/lives/${liveId}/end`,
      cookie: cookies.cast,
      method: "POST",
      params: { id: liveId },
    });
    expect(livekit.rooms.has(livekitRoom(liveId))).toBe(false);
    expect(livekit.calls.filter((c) => c.method === "DeleteRoom").at(-1)?.body).toMatchObject({
      room: livekitRoom(liveId),
    });
  });

  it("LiveKit webhooks: only a valid signature with the body's digest is read; room_finished ends the live", async () => {
    const started = await start(cookies.cast, "ウェブフック");
    const liveId = (started.body as { live_id: string }).live_id;
    const event = { event: "room_finished", room: { name: livekitRoom(liveId), sid: "RM_x" } };
    // The fake posts to a capturing URL; the captured request is handed to the route as it came.
    const captured: Request[] = [];
    const { createServer } = await import("node:http");
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      captured.push(
        new Request("http://localhost:3999/api/livekit/webhook", {
          method: "POST",
          headers: req.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
      res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const target = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    const deliver = async (tamper?: "signature" | "digest" | "issuer" | "expired", bearer = false) => {
      await livekit.sendWebhook(target, event, { tamper, bearer });
      const request = captured.pop()!;
      return call(webhookAction, {
        context,
        url: "/api/livekit/webhook",
        method: "POST",
        body: await request.text(),
        headers: Object.fromEntries(request.headers),
      });
    };
    try {
      for (const tamper of ["signature", "digest", "issuer", "expired"] as const) {
        const refused = await deliver(tamper);
        expect(refused.status, tamper).toBe(401);
      }
      const [still] = await database.db.select().from(lives).where(eq(lives.live_id, liveId));
      expect(still!.status).toBe("live");
      const accepted = await deliver(undefined, true);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toEqual({ received: true, event: "room_finished" });
      const [row] = await database.db.select().from(lives).where(eq(lives.live_id, liveId));
      expect(row).toMatchObject({ status: "ended", end_reason: "media" });
    } finally {
      server.close();
    }
  });
});
