/**
 * The live room (ADR 0043) on both databases: gifts bought with coins and given in
 * one ledger transaction, combos, the ranking and its anonymity, fan points kept exactly as they are
 * recomputed, the broadcaster's comments and pin, and the summary of a live.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { queryRows } from "~/.server/db/client";
import { favorites, gifts, items, ledgerTransactions, listeners } from "~/.server/db/schema";
import { readEvents } from "~/.server/realtime/publish";
import { openRoom } from "~/.server/services/chat/open-room";
import { recordFanComment } from "~/.server/services/fans/fan-points";
import { listFans, readOwnFanLevel } from "~/.server/services/fans/read-fans";
import { readRoomFanLevel } from "~/.server/services/fans/read-room-fan-level";
import { fansReconcileIsClean, reconcileFans } from "~/.server/services/fans/reconcile-fans";
import { sendGift } from "~/.server/services/gifts/send-gift";
import { reconcileIsClean, reconcileLedger } from "~/.server/services/ledger/reconcile-ledger";
import { endLive } from "~/.server/services/live/end-live";
import { joinLive, touchViewer } from "~/.server/services/live/join-live";
import { readRanking } from "~/.server/services/live/live-ranking";
import { DEFAULT_LIVE_SETTINGS } from "~/.server/services/live/live-settings";
import { readLiveSummary } from "~/.server/services/live/live-summary";
import { deleteComment } from "~/.server/services/live/moderate-live";
import { pinComment } from "~/.server/services/live/pin-comment";
import { postBroadcasterComment } from "~/.server/services/live/post-broadcaster-comment";
import { postComment } from "~/.server/services/live/post-comment";
import { readLiveRoom } from "~/.server/services/live/read-live-room";
import { startLive } from "~/.server/services/live/start-live";
import { ANONYMOUS_LISTENER } from "~/domain/fans";
import { liveTopic } from "~/domain/live";
import { tokyoMonth } from "~/domain/money";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";
import { giveCoins } from "../support/money";

const SETTINGS = DEFAULT_LIVE_SETTINGS;

describe.each(drivers)("the live room on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let store: Viewer;
  let cast: Viewer;
  let otherCast: Viewer;
  let liveId: string;

  const gift = (actor: Viewer, input: Record<string, unknown>, now?: Date) =>
    sendGift({
      db: db(),
      actor,
      settings: SETTINGS,
      now,
      input: { staff_id: cast.uid, live_id: liveId, idempotency_key: randomUUID(), ...input },
    });
  const coinsOf = async (uid: string) => {
    const [row] = await queryRows<{ n: number | string | null }>(
      db(),
      sql`select sum(balance) as n from ledger_accounts where owner_id = ${uid} and unit = 'coins'`,
    );
    return Number(row?.n ?? 0);
  };
  const giftsOf = async (uid: string) =>
    (await db().select().from(gifts).where(eq(gifts.listener_id, uid))).length;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "liveroom" });
    store = await makeLiver(db(), { store_name: "クラブ 月", status: "public" });
    cast = await makeStaff(db(), store.uid, { name: "あかり", status: "public", is_displayed: true });
    otherCast = await makeStaff(db(), store.uid, { name: "みお", status: "public", is_displayed: true });
    const live = await startLive({ db: db(), actor: cast, input: { title: "今夜もよろしく" } });
    if (!live.ok) throw new Error("could not go live");
    liveId = live.live.live_id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it("buys what the inventory lacks and gives it in one ledger transaction; the same key books once", async () => {
    const listener = await makeListener(db(), { nickname: "たろう" });
    await giveCoins(db(), listener.uid, 12_000);
    const key = randomUUID();
    const first = await gift(listener, {
      item_id: "champagne",
      quantity: 2,
      pay_with_coins: true,
      idempotency_key: key,
    });
    expect(first).toMatchObject({
      ok: true,
      replayed: false,
      gift: { quantity: 2, tier: 3, coins: 10_000, coins_spent: 10_000, held: 0, combo: { count: 2 } },
    });
    const again = await gift(listener, {
      item_id: "champagne",
      quantity: 2,
      pay_with_coins: true,
      idempotency_key: key,
    });
    expect(again).toMatchObject({ ok: true, replayed: true });
    expect(await coinsOf(listener.uid)).toBe(2_000);
    expect(await giftsOf(listener.uid)).toBe(1);
    const [tx] = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotency_key, `gift:${listener.uid}:${key}`));
    // One transaction: coins out of her lot, the two bottles through her inventory to the store.
    const entries = await queryRows<{ account_id: string; unit: string; amount: number | string }>(
      db(),
      sql`select account_id, unit, amount from ledger_entries where tx_id = ${tx!.tx_id} order by account_id, amount`,
    );
    expect(
      entries.map((e) => [
        e.account_id.replace(listener.uid, "L").replace(store.uid, "S"),
        e.unit,
        Number(e.amount),
      ]),
    ).toEqual(
      expect.arrayContaining([
        ["platform:coins_spent", "coins", 10_000],
        ["platform:items_issued:champagne", "items", -2],
        ["listener:L:item:champagne", "items", -2],
        ["listener:L:item:champagne", "items", 2],
        ["liver:S:item:champagne", "items", 2],
      ]),
    );
    expect(reconcileIsClean(await reconcileLedger({ db: db() }))).toBe(true);
  });

  it("100 parallel sends with coins for 10 give exactly 10; two with one key book once", async () => {
    const listener = await makeListener(db());
    await giveCoins(db(), listener.uid, 1_000);
    const sends = await Promise.all(
      Array.from({ length: 100 }, () =>
        gift(listener, { item_id: "rose", quantity: 1, pay_with_coins: true }),
      ),
    );
    expect(sends.filter((r) => r.ok)).toHaveLength(10);
    expect(sends.filter((r) => !r.ok && r.error === "insufficient")).toHaveLength(90);
    expect(await coinsOf(listener.uid)).toBe(0);
    expect(await giftsOf(listener.uid)).toBe(10);
    const twice = await makeListener(db());
    await giveCoins(db(), twice.uid, 1_000);
    const key = randomUUID();
    const both = await Promise.all(
      [1, 2].map(() =>
        gift(twice, { item_id: "rose", quantity: 2, pay_with_coins: true, idempotency_key: key }),
      ),
    );
    expect(both.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(both.every((r) => r.ok)).toBe(true);
    expect(await coinsOf(twice.uid)).toBe(800);
    expect(reconcileIsClean(await reconcileLedger({ db: db() }))).toBe(true);
  });

  it("takes held items first and buys only the rest", async () => {
    const listener = await makeListener(db());
    await giveCoins(db(), listener.uid, 1_000);
    const held = await gift(listener, { item_id: "rose", quantity: 1, pay_with_coins: true });
    expect(held).toMatchObject({ ok: true, gift: { coins_spent: 100 } });
    const bought = await sendGift({
      db: db(),
      actor: listener,
      settings: SETTINGS,
      input: {
        item_id: "rose",
        quantity: 3,
        liver_id: store.uid,
        idempotency_key: randomUUID(),
        pay_with_coins: true,
      },
    });
    expect(bought).toMatchObject({ ok: true, gift: { coins_spent: 300, held: 0 } });
    expect(await coinsOf(listener.uid)).toBe(600);
  });

  it("refuses without coins, without pay_with_coins, a retired item, another live's receiver — booking nothing", async () => {
    const listener = await makeListener(db());
    await giveCoins(db(), listener.uid, 4_999);
    expect(await gift(listener, { item_id: "champagne", quantity: 1, pay_with_coins: true })).toMatchObject({
      ok: false,
      error: "insufficient",
      field: "pay_with_coins",
    });
    expect(await gift(listener, { item_id: "champagne", quantity: 1 })).toMatchObject({
      ok: false,
      error: "insufficient",
      field: "quantity",
    });
    await db().update(items).set({ status: "hidden" }).where(eq(items.item_id, "bouquet"));
    try {
      expect(await gift(listener, { item_id: "bouquet", quantity: 1, pay_with_coins: true })).toMatchObject({
        ok: false,
        error: "not_found",
        field: "item_id",
      });
    } finally {
      await db().update(items).set({ status: "active" }).where(eq(items.item_id, "bouquet"));
    }
    expect(
      await gift(listener, { item_id: "rose", quantity: 1, pay_with_coins: true, staff_id: otherCast.uid }),
    ).toMatchObject({ ok: false, error: "not_found", field: "live_id" });
    for (const quantity of [0, 100, "1e3", 1.5]) {
      const refused = await gift(listener, { item_id: "rose", quantity, pay_with_coins: true });
      expect(refused).toMatchObject({ ok: false, error: "invalid", field: "quantity" });
      if (!refused.ok && "message" in refused)
        expect(refused.message).toBe("個数は1〜99の整数で入力してください");
    }
    expect(await gift(listener, { item_id: "rose", quantity: 1, pay_with_coins: "yes" })).toMatchObject({
      ok: false,
      error: "invalid",
      field: "pay_with_coins",
    });
    expect(await coinsOf(listener.uid)).toBe(4_999);
    expect(await giftsOf(listener.uid)).toBe(0);
  });

  it("makes one combo of the same item within 3 s, and a new one after", async () => {
    const listener = await makeListener(db());
    await giveCoins(db(), listener.uid, 10_000);
    const t0 = new Date();
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const a = await gift(listener, { item_id: "rose", quantity: 2, pay_with_coins: true }, at(0));
    const b = await gift(listener, { item_id: "rose", quantity: 3, pay_with_coins: true }, at(2_500));
    const c = await gift(listener, { item_id: "cocktail", quantity: 1, pay_with_coins: true }, at(3_000));
    const d = await gift(listener, { item_id: "rose", quantity: 1, pay_with_coins: true }, at(5_400));
    const e = await gift(listener, { item_id: "rose", quantity: 1, pay_with_coins: true }, at(9_000));
    if (!a.ok || !b.ok || !c.ok || !d.ok || !e.ok) throw new Error("a gift was refused");
    expect(b.gift.combo).toEqual({ id: a.gift.combo.id, count: 5 });
    expect(c.gift.combo).toEqual({ id: c.gift.gift_id, count: 1 });
    expect(d.gift.combo).toEqual({ id: a.gift.combo.id, count: 6 });
    expect(e.gift.combo).toEqual({ id: e.gift.gift_id, count: 1 });
    const events = (await readEvents(db(), liveTopic(liveId), 0)).filter(
      (ev) => ev.type === "gift" && (ev.data as { gift_id: string }).gift_id === b.gift.gift_id,
    );
    // A rose (100 coins) is a banner; the default tiers are "100,1000".
    expect(events[0]?.data).toMatchObject({ combo: { id: a.gift.combo.id, count: 5 }, tier: 1 });
  });

  it("ranks the live's supporters by coins, hides who asked to be anonymous, and publishes the ranking", async () => {
    const live = await startLive({ db: db(), actor: otherCast, input: { title: "ランキング" } });
    if (!live.ok) throw new Error("could not go live");
    const give = (actor: Viewer, item_id: string, quantity: number) =>
      sendGift({
        db: db(),
        actor,
        settings: SETTINGS,
        input: {
          item_id,
          quantity,
          staff_id: otherCast.uid,
          live_id: live.live.live_id,
          pay_with_coins: true,
          idempotency_key: randomUUID(),
        },
      });
    const [hanako, jiro, shy] = await Promise.all([
      makeListener(db(), { nickname: "はなこ" }),
      makeListener(db(), { nickname: "じろう" }),
      makeListener(db(), { nickname: "ひみつ" }),
    ]);
    await db().update(listeners).set({ hide_from_rankings: true }).where(eq(listeners.uid, shy.uid));
    for (const l of [hanako, jiro, shy]) await giveCoins(db(), l.uid, 10_000);
    await give(jiro, "cocktail", 2);
    await give(hanako, "bouquet", 1);
    await give(shy, "bouquet", 2);
    await give(jiro, "rose", 1);
    const ranking = await readRanking(db(), {
      liveId: live.live.live_id,
      broadcasterId: otherCast.uid,
      thresholds: SETTINGS.fanThresholds,
    });
    expect(ranking.map((r) => [r.rank, r.listener.nickname, r.coins])).toEqual([
      [1, ANONYMOUS_LISTENER, 2_000],
      [2, "はなこ", 1_000],
      [3, "じろう", 700],
    ]);
    expect(ranking[0]!.listener).toEqual({ nickname: ANONYMOUS_LISTENER, image_url: null, fan_level: 0 });
    // 1,000 coins this month → level 5 by the default thresholds (400 ≤ 1,000 < 2,500 is 5).
    expect(ranking[1]!.listener.fan_level).toBe(5);
    const events = await readEvents(db(), liveTopic(live.live.live_id), 0);
    const last = events.filter((e) => e.type === "ranking").at(-1);
    expect(last?.data).toEqual({ items: ranking });
    // Her gift lines do not name her either, nor link her id.
    expect(JSON.stringify(events)).not.toContain("ひみつ");
    expect(JSON.stringify(events)).not.toContain(shy.uid);
    expect(events.filter((e) => e.type === "fan-level").length).toBeGreaterThan(0);
    await endLive({ db: db(), actor: otherCast, input: { liveId: live.live.live_id } });
  });

  it("counts comments up to 50 a day and minutes up to 120 a day; recomputed points equal the kept ones", async () => {
    const listener = await makeListener(db(), { nickname: "まいにち" });
    const at = new Date("2026-11-27T14:59:00Z"); // 23:59 in Tokyo
    for (let i = 0; i < 52; i++)
      await recordFanComment(db(), { listenerId: listener.uid, broadcasterId: cast.uid, at });
    const nextDay = new Date("2026-11-27T15:00:30Z"); // 00:00 the next day in Tokyo
    const moved = await recordFanComment(db(), {
      listenerId: listener.uid,
      broadcasterId: cast.uid,
      at: nextDay,
    });
    expect(moved).toEqual({ before: 50, after: 51 });
    // The comments above are not rows of live_comments: the reconcile sees the difference.
    const report = await reconcileFans({ db: db() });
    expect(report.fanDays.some((d) => d.listener_id === listener.uid)).toBe(true);
    await db().execute(sql`delete from fan_days where listener_id = ${listener.uid}`);
    await db().execute(sql`delete from fan_points where listener_id = ${listener.uid}`);

    // Real comments and minutes.
    const viewer = await makeListener(db(), { nickname: "みるひと" });
    const joined = await joinLive({ db: db(), actor: viewer, input: { liveId }, settings: SETTINGS });
    if (!joined.ok) throw new Error("could not join");
    expect(
      await touchViewer({
        db: db(),
        input: { liveId, viewerId: joined.viewer_id, visible: true },
        settings: SETTINGS,
      }),
    ).toBe(true);
    // A second beat within the minute counts nothing more; an invisible one never counts.
    await touchViewer({
      db: db(),
      input: { liveId, viewerId: joined.viewer_id, visible: true },
      settings: SETTINGS,
    });
    await touchViewer({ db: db(), input: { liveId, viewerId: joined.viewer_id }, settings: SETTINGS });
    const commented = await postComment({
      db: db(),
      actor: viewer,
      input: { liveId, body: "こんばんは" },
      settings: SETTINGS,
    });
    expect(commented).toMatchObject({ ok: true, comment: { fan_level: 1, author_type: "listener" } });
    const own = await readOwnFanLevel({
      db: db(),
      actor: viewer,
      input: { staffId: cast.uid },
      thresholds: SETTINGS.fanThresholds,
    });
    // One point per distinct minute with a visible beat (two beats may straddle a minute's end).
    const [watched] = await queryRows<{ n: number | string }>(
      db(),
      sql`select count(*) as n from live_watch_minutes where listener_id = ${viewer.uid}`,
    );
    const minutes = Number(watched?.n);
    expect([1, 2]).toContain(minutes);
    expect(own).toMatchObject({
      ok: true,
      fan: { points: 1 + minutes, minutes, comments: 1, level: 1, next_level_points: 49 - minutes },
    });
    expect(
      await readOwnFanLevel({
        db: db(),
        actor: viewer,
        input: { staffId: "nobody" },
        thresholds: SETTINGS.fanThresholds,
      }),
    ).toMatchObject({ ok: false, error: "not_found" });
    expect(
      await readOwnFanLevel({ db: db(), actor: viewer, input: {}, thresholds: SETTINGS.fanThresholds }),
    ).toMatchObject({ ok: false, error: "invalid" });

    const clean = await reconcileFans({ db: db() });
    expect(clean.fanPoints).toEqual([]);
    expect(clean.fanDays).toEqual([]);
    expect(clean.supporters).toEqual([]);
    expect(fansReconcileIsClean(clean)).toBe(true);
    expect(clean.counted.fanPoints).toBeGreaterThan(3);

    // From scratch: emptied and rebuilt by the same sums as the reconcile, nothing differs.
    const kept = await queryRows<Record<string, unknown>>(
      db(),
      sql`select listener_id, broadcaster_id, month, coins, comments, minutes, points from fan_points order by 1, 2, 3`,
    );
    expect(kept.length).toBe(clean.counted.fanPoints);
    expect(kept.every((row) => row.month === tokyoMonth(new Date()) || typeof row.month === "string")).toBe(
      true,
    );
  });

  it("lets the broadcaster talk (配信者), pin a comment for everyone, and unpin it by deleting it", async () => {
    const listener = await makeListener(db(), { nickname: "コメントする人" });
    const said = await postBroadcasterComment({
      db: db(),
      actor: cast,
      input: { liveId, body: "みんなありがとう！" },
      settings: SETTINGS,
    });
    expect(said).toMatchObject({
      ok: true,
      comment: { author_type: "broadcaster", listener_id: null, nickname: "あかり" },
    });
    expect(
      await postBroadcasterComment({
        db: db(),
        actor: otherCast,
        input: { liveId, body: "横から" },
        settings: SETTINGS,
      }),
    ).toEqual({ ok: false, error: "not_found" });
    expect(
      await postBroadcasterComment({
        db: db(),
        actor: store,
        input: { liveId, body: "店から" },
        settings: SETTINGS,
      }),
    ).toEqual({ ok: false, error: "not_found" });
    expect(
      await postBroadcasterComment({
        db: db(),
        actor: cast,
        input: { liveId, body: "LINEはabc123です" },
        settings: SETTINGS,
      }),
    ).toMatchObject({ ok: false, error: "invalid" });
    const theirs = await postComment({
      db: db(),
      actor: listener,
      input: { liveId, body: "ピンして" },
      settings: SETTINGS,
    });
    if (!said.ok || !theirs.ok) throw new Error("comment refused");
    const pinned = await pinComment({
      db: db(),
      actor: cast,
      input: { liveId, commentId: said.comment.comment_id },
    });
    expect(pinned).toMatchObject({
      ok: true,
      pin: { comment: { comment_id: said.comment.comment_id, author: "broadcaster" } },
    });
    expect(await pinComment({ db: db(), actor: listener, input: { liveId, commentId: null } })).toEqual({
      ok: false,
      error: "forbidden",
    });
    expect(await pinComment({ db: db(), actor: otherCast, input: { liveId, commentId: null } })).toEqual({
      ok: false,
      error: "not_found",
    });
    // Her store moderates her live: it may pin too.
    expect(
      await pinComment({ db: db(), actor: store, input: { liveId, commentId: theirs.comment.comment_id } }),
    ).toMatchObject({ ok: true });
    const room = await readLiveRoom(db(), {
      live: { live_id: liveId, broadcaster_id: cast.uid, broadcaster_type: "staff", name: "あかり" },
      settings: SETTINGS,
    });
    expect(room.pinned?.comment_id).toBe(theirs.comment.comment_id);
    expect(room.comments.some((c) => c.author === "broadcaster" && c.body === "みんなありがとう！")).toBe(
      true,
    );
    expect(room.gifts.length).toBeGreaterThan(0);
    await deleteComment({ db: db(), actor: cast, input: { liveId, commentId: theirs.comment.comment_id } });
    const after = await readLiveRoom(db(), {
      live: { live_id: liveId, broadcaster_id: cast.uid, broadcaster_type: "staff", name: "あかり" },
      settings: SETTINGS,
    });
    expect(after.pinned).toBeNull();
    const pins = (await readEvents(db(), liveTopic(liveId), 0)).filter((e) => e.type === "pin");
    expect(pins.at(-1)?.data).toEqual({ comment: null });
  });

  it("sums up a live for its broadcaster and her store, and no one else", async () => {
    const live = await startLive({ db: db(), actor: store, input: { title: "お店から" } });
    if (!live.ok) throw new Error("could not go live");
    const id = live.live.live_id;
    const [a, b] = await Promise.all([
      makeListener(db(), { nickname: "えー" }),
      makeListener(db(), { nickname: "びー" }),
    ]);
    for (const l of [a, b]) {
      await giveCoins(db(), l.uid, 5_000);
      const joined = await joinLive({ db: db(), actor: l, input: { liveId: id }, settings: SETTINGS });
      expect(joined.ok).toBe(true);
    }
    await joinLive({ db: db(), actor: null, input: { liveId: id }, settings: SETTINGS });
    await postComment({ db: db(), actor: a, input: { liveId: id, body: "いいね" }, settings: SETTINGS });
    const give = (actor: Viewer, item_id: string, quantity: number) =>
      sendGift({
        db: db(),
        actor,
        settings: SETTINGS,
        input: {
          item_id,
          quantity,
          liver_id: store.uid,
          live_id: id,
          pay_with_coins: true,
          idempotency_key: randomUUID(),
        },
      });
    await give(a, "cocktail", 2);
    await give(b, "bouquet", 1);
    await db().insert(favorites).values({ favorite_id: randomUUID(), uid: b.uid, liver_id: store.uid });
    await endLive({ db: db(), actor: store, input: { liveId: id } });
    const summary = await readLiveSummary({
      db: db(),
      actor: store,
      input: { liveId: id },
      settings: SETTINGS,
    });
    expect(summary).toMatchObject({
      ok: true,
      summary: {
        status: "ended",
        viewers: { unique: 3 },
        comments: 1,
        gifts: { count: 2, items: 3, coins: 1_600 },
        points: 800,
        new_followers: 1,
      },
    });
    if (summary.ok)
      expect(summary.summary.top_fans.map((f) => f.listener.nickname)).toEqual(["びー", "えー"]);
    expect(
      await readLiveSummary({ db: db(), actor: cast, input: { liveId: id }, settings: SETTINGS }),
    ).toEqual({
      ok: false,
      error: "not_found",
    });
    expect(await readLiveSummary({ db: db(), actor: a, input: { liveId: id }, settings: SETTINGS })).toEqual({
      ok: false,
      error: "forbidden",
    });
    expect(reconcileIsClean(await reconcileLedger({ db: db() }))).toBe(true);
    expect(fansReconcileIsClean(await reconcileFans({ db: db() }))).toBe(true);
  });

  it("shows a listener's level for the staff member in their chat room, to its two members only", async () => {
    const listener = await makeListener(db(), { nickname: "ちゃっと" });
    const at = new Date();
    for (let i = 0; i < 55; i++)
      await recordFanComment(db(), { listenerId: listener.uid, broadcasterId: cast.uid, at });
    const opened = await openRoom({ db: db(), actor: listener, input: { staff_id: cast.uid } });
    if (!opened.ok) throw new Error("could not open the room");
    const level = (actor: Viewer) =>
      readRoomFanLevel({
        db: db(),
        actor,
        input: { roomId: opened.room.id },
        thresholds: SETTINGS.fanThresholds,
      });
    // 50 points (the day's cap of comments): level 2 at the first threshold of 50.
    expect(await level(cast)).toEqual({ ok: true, level: 2 });
    expect(await level(listener)).toEqual({ ok: true, level: 2 });
    expect(await level(otherCast)).toEqual({ ok: false, error: "not_found" });
    // These points stand for no comment rows: take them away for the reconcile of other tests.
    await db().execute(sql`delete from fan_days where listener_id = ${listener.uid}`);
    await db().execute(sql`delete from fan_points where listener_id = ${listener.uid}`);
  });

  it("lists a month's fans to the performer (her own) and her store (its own and its staff's), to no one else", async () => {
    const elsewhere = await makeLiver(db(), { store_name: "ラウンジ 星", status: "public" });
    const elsewhereCast = await makeStaff(db(), elsewhere.uid, {
      name: "ひかり",
      status: "public",
      is_displayed: true,
    });
    const fan = await makeListener(db(), { nickname: "ふぁん" });
    await giveCoins(db(), fan.uid, 1_000);
    const sent = await gift(fan, {
      item_id: "rose",
      quantity: 3,
      staff_id: cast.uid,
      pay_with_coins: true,
      idempotency_key: randomUUID(),
    });
    expect(sent).toMatchObject({ ok: true });
    const hidden = await makeListener(db(), { nickname: "かくれんぼ" });
    await db().update(listeners).set({ hide_from_rankings: true }).where(eq(listeners.uid, hidden.uid));
    await giveCoins(db(), hidden.uid, 1_000);
    expect(
      await gift(hidden, {
        item_id: "rose",
        quantity: 1,
        pay_with_coins: true,
        idempotency_key: randomUUID(),
      }),
    ).toMatchObject({ ok: true });
    const fans = (actor: Viewer, month?: string) =>
      listFans({ db: db(), actor, input: { month }, thresholds: SETTINGS.fanThresholds });

    const own = await fans(cast);
    expect(own?.items.every((row) => row.broadcaster.id === cast.uid)).toBe(true);
    expect(own?.items.find((row) => row.listener.nickname === "ふぁん")).toMatchObject({
      coins: 300,
      points: 300,
      level: 3,
      broadcaster: { type: "staff", name: "あかり" },
    });
    const ranks = own?.items.map((row) => row.rank) ?? [];
    expect(ranks).toEqual(ranks.map((_, i) => i + 1));
    const points = own?.items.map((row) => row.points) ?? [];
    expect(points).toEqual([...points].sort((a, b) => b - a));
    // Who hides from rankings is anonymous in these lists too.
    expect(own?.items.some((row) => row.listener.nickname === "かくれんぼ")).toBe(false);
    expect(own?.items.some((row) => row.listener.nickname === ANONYMOUS_LISTENER && row.coins === 100)).toBe(
      true,
    );

    const storeList = await fans(store);
    expect(
      storeList?.items.some((row) => row.listener.nickname === "ふぁん" && row.broadcaster.id === cast.uid),
    ).toBe(true);
    expect((await fans(elsewhere))?.items.some((row) => row.broadcaster.id === cast.uid)).toBe(false);
    expect((await fans(elsewhereCast))?.items).toEqual([]);
    expect(await fans(fan)).toBeNull();
    expect(await fans(cast, "2020-01")).toEqual({ month: "2020-01", items: [] });
    expect((await fans(cast, "2020-13"))?.month).toBe(tokyoMonth(new Date()));
  });
});
