/**
 * Live streaming use cases (ADR 0031) on both databases: one live at a time per
 * broadcaster even under concurrent starts, the live post and the following_live notification,
 * comments (length, contact details, blocked words, one per 2 s, blocks), deletion and reports,
 * the viewer cap, ending with the figures, and the server's end of a live whose broadcaster is gone.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import {
  liveCommentReports,
  liveComments,
  lives,
  liveViewers,
  notificationEvents,
  posts,
  rateLimits,
  staffs,
} from "~/.server/db/schema";
import { readEvents } from "~/.server/realtime/publish";
import { endLive } from "~/.server/services/live/end-live";
import { heartbeatLive } from "~/.server/services/live/heartbeat-live";
import { joinLive, leaveLive, touchViewer } from "~/.server/services/live/join-live";
import { DEFAULT_LIVE_SETTINGS } from "~/.server/services/live/live-settings";
import { blockViewer, deleteComment, reportComment } from "~/.server/services/live/moderate-live";
import { postComment } from "~/.server/services/live/post-comment";
import { getLivePage, listLives } from "~/.server/services/live/read-lives";
import { startLive } from "~/.server/services/live/start-live";
import { sweepLives, watchLive } from "~/.server/services/live/watch-live";
import { listCommentReports } from "~/.server/services/moderation/list-comment-reports";
import { LIVE_TEXTS, liveTopic } from "~/domain/live";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";

const SETTINGS = {
  ...DEFAULT_LIVE_SETTINGS,
  maxViewers: 3,
  blockedWords: { blocked: ["ばか", "NGワード"], allowed: [] },
};

describe.each(drivers)("lives on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let store: Viewer;
  let otherStore: Viewer;
  let cast: Viewer;
  let otherCast: Viewer;
  let listener: Viewer;
  let secondListener: Viewer;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "lives" });
    store = await makeLiver(db(), { store_name: "クラブ 月" });
    otherStore = await makeLiver(db(), { store_name: "クラブ 星" });
    cast = await makeStaff(db(), store.uid, { name: "あかり", image_urls: ["/img/akari.webp"] });
    otherCast = await makeStaff(db(), otherStore.uid, { name: "みく" });
    listener = await makeListener(db(), { nickname: "たろう" });
    secondListener = await makeListener(db(), { nickname: "じろう" });
  });
  afterAll(async () => {
    await database?.close();
  });

  const start = async (who: Viewer, title = "今夜の配信") => {
    const result = await startLive({ db: db(), actor: who, input: { title } });
    if (!result.ok) throw new Error(result.error);
    return result;
  };
  const comment = (who: Viewer, liveId: string, body: unknown) =>
    postComment({ db: db(), actor: who, input: { liveId, body }, settings: SETTINGS });
  /** Forgets the 2-second windows, so a test can comment again without waiting. */
  const forgetCommentWindows = () =>
    db().delete(rateLimits).where(sql`${rateLimits.key} like 'live:comment:%'`);

  it("concurrent starts of one broadcaster make exactly one live, one post and one notification", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        startLive({ db: db(), actor: cast, input: { title: `配信 ${i}` } }),
      ),
    );
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(12);
    const created = ok.filter((r) => r.ok && r.created);
    expect(created).toHaveLength(1);
    const ids = new Set(ok.map((r) => (r.ok ? r.live.live_id : "")));
    expect(ids.size).toBe(1);
    const liveId = [...ids][0]!;
    const rows = await db().select().from(lives).where(eq(lives.broadcaster_id, cast.uid));
    expect(rows.filter((r) => r.status === "live")).toHaveLength(1);
    expect(rows).toHaveLength(1);
    const livePosts = await db()
      .select()
      .from(posts)
      .where(and(eq(posts.source, "live"), eq(posts.staff_id, cast.uid)));
    expect(livePosts).toHaveLength(1);
    expect(livePosts[0]).toMatchObject({
      external_id: liveId,
      permalink: `/listener/live/${cast.uid}`,
      liver_id: store.uid,
      kind: "video",
    });
    const events = await db()
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, "following_live"));
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      author: { type: "staff", id: cast.uid },
      postId: livePosts[0]!.post_id,
    });
    const [staff] = await db()
      .select({ last: staffs.last_post_at })
      .from(staffs)
      .where(eq(staffs.uid, cast.uid));
    expect(staff!.last).not.toBeNull();
    await endLive({ db: db(), actor: cast, input: { liveId } });
  });

  it("a listener and an operator cannot go live; a title is 1–50 characters; a hidden staff member cannot", async () => {
    expect(await startLive({ db: db(), actor: listener, input: { title: "x" } })).toEqual({
      ok: false,
      error: "forbidden",
    });
    const operator = { type: "operator", uid: "op", name: "", email: "" } as Viewer;
    expect((await startLive({ db: db(), actor: operator, input: { title: "x" } })).ok).toBe(false);
    expect(await startLive({ db: db(), actor: cast, input: { title: "  " } })).toMatchObject({
      error: "invalid",
      message: LIVE_TEXTS.titleRequired,
    });
    expect(await startLive({ db: db(), actor: cast, input: { title: "あ".repeat(51) } })).toMatchObject({
      error: "invalid",
      message: LIVE_TEXTS.titleTooLong,
    });
    const hidden = await makeStaff(db(), store.uid, { name: "かくれ", is_displayed: false });
    expect(await startLive({ db: db(), actor: hidden, input: { title: "x" } })).toMatchObject({
      error: "not_listed",
    });
  });

  it("comments: limits, contact details, blocked words, one per 2 s, blocks, order and count", async () => {
    const { live } = await start(cast);
    const topic = liveTopic(live.live_id);
    expect(await comment(listener, live.live_id, "")).toMatchObject({
      error: "invalid",
      message: LIVE_TEXTS.commentRequired,
    });
    expect(await comment(listener, live.live_id, "あ".repeat(201))).toMatchObject({
      message: LIVE_TEXTS.commentTooLong,
    });
    expect(await comment(listener, live.live_id, "LINE: abc_123 に連絡して")).toMatchObject({
      message: LIVE_TEXTS.commentContact,
    });
    expect(await comment(listener, live.live_id, "０９０-１２３４-５６７８")).toMatchObject({
      message: LIVE_TEXTS.commentContact,
    });
    expect(await comment(listener, live.live_id, "お前 ば か だな")).toMatchObject({
      message: LIVE_TEXTS.commentBlockedWord,
    });
    expect(await comment(listener, live.live_id, "ｎｇワード")).toMatchObject({
      message: LIVE_TEXTS.commentBlockedWord,
    });
    expect(await comment(cast, live.live_id, "こんばんは")).toEqual({ ok: false, error: "forbidden" });
    expect(await comment(store, live.live_id, "こんばんは")).toEqual({ ok: false, error: "forbidden" });

    const first = await comment(listener, live.live_id, "こんばんは！");
    expect(first.ok).toBe(true);
    const tooFast = await comment(listener, live.live_id, "もう一つ");
    expect(tooFast).toMatchObject({ error: "rate_limited", message: LIVE_TEXTS.commentTooFast });
    expect(await comment(secondListener, live.live_id, "はじめまして")).toMatchObject({ ok: true });
    await forgetCommentWindows();
    expect(await comment(listener, live.live_id, "200文字ちょうど".padEnd(200, "あ"))).toMatchObject({
      ok: true,
    });

    const stored = await db()
      .select()
      .from(liveComments)
      .where(eq(liveComments.live_id, live.live_id))
      .orderBy(liveComments.created_at);
    expect(stored.map((c) => c.nickname)).toEqual(["たろう", "じろう", "たろう"]);
    const events = (await readEvents(db(), topic, 0)).filter((e) => e.type === "comment");
    expect(events.map((e) => (e.data as { comment_id: string }).comment_id)).toEqual(
      stored.map((c) => c.comment_id),
    );
    const [row] = await db().select().from(lives).where(eq(lives.live_id, live.live_id));
    expect(row!.comment_count).toBe(3);

    // The broadcaster deletes one: it stays for reports, the count drops, the stream says so.
    const gone = stored[1]!;
    expect(
      await deleteComment({
        db: db(),
        actor: cast,
        input: { liveId: live.live_id, commentId: gone.comment_id },
      }),
    ).toMatchObject({
      ok: true,
      deleted: true,
    });
    expect(
      await deleteComment({
        db: db(),
        actor: otherCast,
        input: { liveId: live.live_id, commentId: gone.comment_id },
      }),
    ).toEqual({ ok: false, error: "not_found" });
    expect(
      await deleteComment({
        db: db(),
        actor: listener,
        input: { liveId: live.live_id, commentId: gone.comment_id },
      }),
    ).toEqual({ ok: false, error: "forbidden" });
    const deleted = (await readEvents(db(), topic, 0)).filter((e) => e.type === "comment-deleted");
    expect(deleted.map((e) => e.data)).toEqual([{ comment_id: gone.comment_id }]);

    // Blocks: only someone who commented here; then no comment in any live of that broadcaster.
    expect(
      await blockViewer({
        db: db(),
        actor: cast,
        input: { liveId: live.live_id, body: { listener_id: "nobody" } },
      }),
    ).toEqual({
      ok: false,
      error: "not_found",
    });
    expect(
      await blockViewer({
        db: db(),
        actor: otherStore,
        input: { liveId: live.live_id, body: { listener_id: secondListener.uid } },
      }),
    ).toEqual({ ok: false, error: "not_found" });
    expect(
      await blockViewer({
        db: db(),
        actor: store,
        input: { liveId: live.live_id, body: { listener_id: secondListener.uid } },
      }),
    ).toMatchObject({ ok: true, created: true });
    await forgetCommentWindows();
    expect(await comment(secondListener, live.live_id, "まだ見てます")).toMatchObject({
      error: "blocked",
      message: LIVE_TEXTS.commentBlocked,
    });
    expect(await comment(listener, live.live_id, "ブロックされてない")).toMatchObject({ ok: true });

    // A report keeps the comment and its neighbours as they are now.
    const reported = await reportComment({
      db: db(),
      actor: secondListener,
      input: { liveId: live.live_id, commentId: stored[0]!.comment_id, reason: "しつこい" },
    });
    expect(reported).toMatchObject({ ok: true, created: true });
    if (!reported.ok) throw new Error();
    expect(reported.report.comment).toMatchObject({ body: "こんばんは！", nickname: "たろう" });
    expect(reported.report.context.map((c) => c.body)).toEqual([
      "こんばんは！",
      "はじめまして",
      stored[2]!.body,
      "ブロックされてない",
    ]);
    expect(reported.report.context[1]!.status).toBe("deleted");
    const again = await reportComment({
      db: db(),
      actor: secondListener,
      input: { liveId: live.live_id, commentId: stored[0]!.comment_id, reason: "もう一度" },
    });
    expect(again).toMatchObject({ ok: true, created: false });
    expect(
      await reportComment({
        db: db(),
        actor: cast,
        input: { liveId: live.live_id, commentId: stored[0]!.comment_id, reason: "x" },
      }),
    ).toEqual({
      ok: false,
      error: "forbidden",
    });
    const operator = { type: "operator", uid: "op", name: "", email: "" } as Viewer;
    const queue = await listCommentReports({ db: db(), actor: operator });
    expect(queue.ok && queue.items.map((r) => r.reason)).toEqual(["しつこい"]);
    expect(await listCommentReports({ db: db(), actor: store })).toEqual({ ok: false, error: "forbidden" });
    expect(await db().select().from(liveCommentReports)).toHaveLength(1);

    // A store cannot end another store's live; its own staff member's it can.
    expect(await endLive({ db: db(), actor: otherStore, input: { liveId: live.live_id } })).toEqual({
      ok: false,
      error: "not_found",
    });
    expect(await endLive({ db: db(), actor: listener, input: { liveId: live.live_id } })).toEqual({
      ok: false,
      error: "forbidden",
    });
    const ended = await endLive({ db: db(), actor: store, input: { liveId: live.live_id } });
    expect(ended).toMatchObject({
      ok: true,
      live: { status: "ended", end_reason: "store", comment_count: 3 },
    });
    const endedEvents = (await readEvents(db(), topic, 0)).filter((e) => e.type === "ended");
    expect(endedEvents).toHaveLength(1);
    await forgetCommentWindows();
    expect(await comment(listener, live.live_id, "終わった？")).toMatchObject({ error: "ended" });
  });

  it("the viewer cap holds across joins; leaving and silence free places; ending keeps the peak", async () => {
    const { live } = await start(otherCast);
    const joins = await Promise.all(
      Array.from({ length: 5 }, () =>
        joinLive({ db: db(), actor: null, input: { liveId: live.live_id }, settings: SETTINGS }),
      ),
    );
    expect(joins.filter((j) => j.ok)).toHaveLength(3);
    expect(joins.filter((j) => !j.ok && j.error === "full")).toHaveLength(2);
    const admitted = joins.filter((j) => j.ok) as { ok: true; viewer_id: string }[];
    expect(
      await touchViewer({
        db: db(),
        input: { liveId: live.live_id, viewerId: admitted[0]!.viewer_id },
        settings: SETTINGS,
      }),
    ).toBe(true);
    expect(
      await leaveLive({ db: db(), input: { liveId: live.live_id, viewerId: admitted[0]!.viewer_id } }),
    ).toBe(true);
    expect(
      await joinLive({ db: db(), actor: listener, input: { liveId: live.live_id }, settings: SETTINGS }),
    ).toMatchObject({
      ok: true,
      viewer_count: 3,
    });
    // A viewer silent for 40 s is gone at the next look.
    await db()
      .update(liveViewers)
      .set({ seen_at: sql`now() - interval '1 minute'` })
      .where(eq(liveViewers.viewer_id, admitted[1]!.viewer_id));
    expect(await watchLive({ db: db(), liveId: live.live_id })).toEqual({ state: "watching" });
    const [row] = await db().select().from(lives).where(eq(lives.live_id, live.live_id));
    expect(row).toMatchObject({ viewer_count: 2, viewer_peak: 3 });
    const viewerEvents = (await readEvents(db(), liveTopic(live.live_id), 0)).filter(
      (e) => e.type === "viewers",
    );
    expect(viewerEvents.at(-1)!.data).toEqual({ count: 2, peak: 3 });
    const ended = await endLive({ db: db(), actor: otherCast, input: { liveId: live.live_id } });
    expect(ended).toMatchObject({
      ok: true,
      live: { status: "ended", viewer_peak: 3, end_reason: "broadcaster" },
    });
    expect(
      await joinLive({ db: db(), actor: null, input: { liveId: live.live_id }, settings: SETTINGS }),
    ).toEqual({
      ok: false,
      error: "ended",
    });
    expect(await db().select().from(liveViewers).where(eq(liveViewers.live_id, live.live_id))).toHaveLength(
      0,
    );
  });

  it("the server ends a live whose broadcaster has been silent for 30 s; heartbeats keep it on", async () => {
    const { live } = await start(cast, "放置される配信");
    expect(await heartbeatLive({ db: db(), actor: cast, input: { liveId: live.live_id } })).toMatchObject({
      ok: true,
      status: "live",
    });
    expect(await heartbeatLive({ db: db(), actor: otherCast, input: { liveId: live.live_id } })).toEqual({
      ok: false,
      error: "not_found",
    });
    expect(await watchLive({ db: db(), liveId: live.live_id })).toEqual({ state: "watching" });
    await db()
      .update(lives)
      .set({ broadcaster_seen_at: sql`now() - interval '31 seconds'` })
      .where(eq(lives.live_id, live.live_id));
    expect(await watchLive({ db: db(), liveId: live.live_id })).toEqual({ state: "ended" });
    const [row] = await db().select().from(lives).where(eq(lives.live_id, live.live_id));
    expect(row).toMatchObject({ status: "ended", end_reason: "timeout" });
    expect(await watchLive({ db: db(), liveId: live.live_id })).toEqual({ state: "over" });
    expect(await heartbeatLive({ db: db(), actor: cast, input: { liveId: live.live_id } })).toMatchObject({
      status: "ended",
    });

    // The minute's sweep catches a live whose watch chain broke.
    const { live: second } = await start(cast, "二回目");
    await db()
      .update(lives)
      .set({ broadcaster_seen_at: sql`now() - interval '2 minutes'` })
      .where(eq(lives.live_id, second.live_id));
    expect(await sweepLives({ db: db() })).toEqual({ ended: 1 });
  });

  it("the public list and the viewer page: live now, or the past lives with their figures", async () => {
    const { live } = await start(cast, "ただいま配信中");
    const now = await listLives({ db: db(), input: { status: "live", page: 1, pageSize: 10 } });
    expect(now.items.map((l) => l.live_id)).toEqual([live.live_id]);
    expect(now.items[0]).toMatchObject({
      broadcaster: { name: "あかり", image_url: "/img/akari.webp", liver_name: "クラブ 月" },
    });
    const page = await getLivePage({ db: db(), input: { broadcasterId: cast.uid }, settings: SETTINGS });
    expect(page?.current?.live.live_id).toBe(live.live_id);
    await endLive({ db: db(), actor: cast, input: { liveId: live.live_id } });
    const after = await getLivePage({ db: db(), input: { broadcasterId: cast.uid }, settings: SETTINGS });
    expect(after?.current).toBeNull();
    expect(after?.past.map((l) => l.title).slice(0, 2)).toEqual(["ただいま配信中", "二回目"]);
    expect(after?.past.find((l) => l.comment_count === 3)).toBeTruthy();
    expect(
      await getLivePage({ db: db(), input: { broadcasterId: "nobody" }, settings: SETTINGS }),
    ).toBeNull();
    const ended = await listLives({ db: db(), input: { status: "ended", page: 1, pageSize: 2 } });
    expect(ended.total).toBeGreaterThanOrEqual(4);
    expect(ended.items).toHaveLength(2);
  });
});
