import { randomUUID } from "node:crypto";
import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { queryRows } from "~/.server/db/client";
import { favorites, listeners, notificationEvents } from "~/.server/db/schema";
import { readEvents } from "~/.server/realtime/publish";
import { markRoomRead } from "~/.server/services/chat/mark-room-read";
import { openRoom } from "~/.server/services/chat/open-room";
import { sendMessage } from "~/.server/services/chat/send-message";
import { followTarget } from "~/.server/services/favorites/follow-target";
import { fanOutNotification } from "~/.server/services/notifications/fan-out-notification";
import { listNotifications } from "~/.server/services/notifications/list-notifications";
import {
  markNotificationsRead,
  openNotification,
} from "~/.server/services/notifications/mark-notifications-read";
import {
  type NotificationEvent,
  recordNotification,
} from "~/.server/services/notifications/record-notification";
import { accountTopic } from "~/domain/realtime-topics";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";
import { type RouteContext, routeContext } from "../support/routes";

/**
 * The in-app channel of notifications (ADR 0044): the fan-out writes one line per
 * recipient — whatever her mail settings — and tells her account stream; a conversation keeps one
 * unread line; a fan-out done again writes and publishes nothing twice; the list pages back and
 * marks read.
 */
describe.each(drivers)("in-app notifications on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let routes: RouteContext;
  let store: Viewer;
  let cast: Viewer;
  let listener: Viewer;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "inapp" });
    routes = routeContext(db());
    store = await makeLiver(db(), { store_name: "クラブ 月", status: "public" });
    cast = await makeStaff(db(), store.uid, { name: "あかり", status: "public", is_displayed: true });
    listener = await makeListener(db(), { nickname: "たろう" });
  });
  afterAll(async () => {
    await database?.close();
  });

  const context = (chunkSize?: number) => ({
    db: db(),
    mailer: routes.context.mailer,
    env: routes.context.env,
    ...(chunkSize ? { chunkSize } : {}),
  });
  /** Every event not yet fanned out, fanned out (as the job would). */
  async function fanOutPending(chunkSize?: number) {
    const pending = await db()
      .select({ id: notificationEvents.id })
      .from(notificationEvents)
      .where(isNull(notificationEvents.fanned_out_at))
      .orderBy(notificationEvents.created_at);
    for (const { id } of pending) await fanOutNotification(context(chunkSize), id);
    return pending.map((p) => p.id);
  }
  const lines = async (actor: Viewer) => {
    const page = await listNotifications({ db: db(), actor, input: { limit: "50" } });
    if (!page.ok) throw new Error(page.error);
    return page;
  };
  const bellEvents = async (uid: string) =>
    (await readEvents(db(), accountTopic(uid), 0)).filter((e) => e.type.startsWith("notification"));

  it("tells the performer of every message with one line per conversation, and the listener of the answer", async () => {
    const room = await openRoom({ db: db(), actor: listener, input: { staff_id: cast.uid } });
    if (!room.ok) throw new Error("no room");
    const roomId = room.room.id;
    expect(
      await sendMessage({ db: db(), actor: listener, input: { roomId, body: "こんばんは！" } }),
    ).toMatchObject({
      ok: true,
    });
    await fanOutPending();
    const first = await lines(cast);
    expect(first.unread).toBe(1);
    expect(first.items[0]).toMatchObject({
      kind: "message",
      title: "たろうさんからメッセージ",
      body: "こんばんは！",
      url: `/staff/mypage/message/${roomId}`,
      read_at: null,
    });
    // Nobody is told of her own message.
    expect((await lines(listener)).items).toEqual([]);
    // Her store hears that a conversation started (message_to_staff), not each message.
    expect((await lines(store)).items.map((i) => i.title)).toEqual([
      "たろうさんからあかりにメッセージが届きました",
    ]);

    await sendMessage({
      db: db(),
      actor: listener,
      input: { roomId, body: `また来ます\n${"!".repeat(80)}` },
    });
    await fanOutPending();
    const second = await lines(cast);
    expect(second.unread).toBe(1);
    expect(second.items).toHaveLength(1);
    expect(second.items[0]?.body).toBe(`また来ます ${"!".repeat(53)}…`);
    // The renewed line is told too, without counting twice.
    expect((await bellEvents(cast.uid)).map((e) => (e.data as { counted: boolean }).counted)).toEqual([
      true,
      false,
    ]);
    expect((await lines(store)).items).toHaveLength(1);

    // She answers: the listener is told; opening the room reads the performer's line.
    await sendMessage({ db: db(), actor: cast, input: { roomId, body: "ありがとう" } });
    await fanOutPending();
    expect((await lines(listener)).items[0]).toMatchObject({
      kind: "message",
      title: "あかりからメッセージ",
      body: "ありがとう",
      url: `/listener/mypage/message/${roomId}`,
    });
    await markRoomRead({ db: db(), actor: cast, input: { roomId } });
    expect((await lines(cast)).unread).toBe(0);
    expect((await bellEvents(cast.uid)).at(-1)).toMatchObject({
      type: "notification-read",
      data: { unread: 0 },
    });

    // After reading, a new message is a new line.
    await sendMessage({ db: db(), actor: listener, input: { roomId, body: "おやすみ" } });
    await fanOutPending();
    expect((await lines(cast)).items.map((i) => [i.body, i.read_at === null])).toEqual([
      ["おやすみ", true],
      [`また来ます ${"!".repeat(53)}…`, false],
    ]);

    // A message read in the room before the fan-out came to it is not told.
    await markRoomRead({ db: db(), actor: listener, input: { roomId } });
    await sendMessage({ db: db(), actor: cast, input: { roomId, body: "また来てね" } });
    await markRoomRead({ db: db(), actor: listener, input: { roomId } });
    await fanOutPending();
    expect((await lines(listener)).items.map((i) => i.body)).not.toContain("また来てね");
  });

  it("tells every follower of a live whatever her mail setting, once, even when the fan-out runs again", async () => {
    const followers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => makeListener(db(), { nickname: `ふぉろわー${i}` })),
    );
    for (const follower of followers)
      await db()
        .insert(favorites)
        .values({ favorite_id: randomUUID(), uid: follower.uid, staff_id: cast.uid });
    // Mail off for one: the in-app line still comes.
    await db()
      .update(listeners)
      .set({ mail_setting: sql`jsonb_set(mail_setting, '{following_live}', 'false'::jsonb)` })
      .where(eq(listeners.uid, followers[0]!.uid));
    const event: NotificationEvent = {
      kind: "following_live",
      author: { type: "staff", id: cast.uid },
      postId: null,
      at: new Date(),
    };
    await db().transaction((tx) => recordNotification(tx, event));
    const [eventId] = await fanOutPending(2);
    for (const follower of followers) {
      const page = await lines(follower);
      expect(page.items).toEqual([
        expect.objectContaining({
          kind: "live",
          title: "あかりがライブ配信を始めました",
          url: `/listener/live/${cast.uid}`,
        }),
      ]);
    }
    // A restarted job (a crash after some chunks) walks them again: nothing twice.
    await db()
      .update(notificationEvents)
      .set({ fanned_out_at: null, cursor: null })
      .where(eq(notificationEvents.id, eventId!));
    await fanOutNotification(context(2), eventId!);
    const [count] = await queryRows<{ rows: number | string; recipients: number | string }>(
      db(),
      sql`select count(*) as rows, count(distinct recipient_id) as recipients from notifications where event_id = ${eventId}`,
    );
    expect(Number(count?.rows)).toBe(5);
    expect(Number(count?.recipients)).toBe(5);
    for (const follower of followers) expect(await bellEvents(follower.uid)).toHaveLength(1);
  });

  it("tells the news's audience in every role and a gift's performer and store", async () => {
    await db().transaction((tx) =>
      recordNotification(tx, {
        kind: "official_information",
        newsId: "n-1",
        title: "年末年始の営業について",
        audience: "all",
        at: new Date(),
      }),
    );
    await db().transaction((tx) =>
      recordNotification(tx, {
        kind: "item_to_staff",
        liverId: store.uid,
        staffId: cast.uid,
        listenerId: listener.uid,
        itemName: "シャンパン",
        at: new Date(),
      }),
    );
    await fanOutPending();
    for (const [actor, url] of [
      [listener, "/listener/mypage/news/n-1"],
      [store, "/liver/mypage/news/n-1"],
      [cast, "/staff/mypage/news/n-1"],
    ] as const)
      expect((await lines(actor)).items.find((i) => i.kind === "news")).toMatchObject({
        title: "お知らせ：年末年始の営業について",
        url,
      });
    expect((await lines(cast)).items[0]).toMatchObject({
      kind: "gift",
      title: "たろうさんから「シャンパン」が届きました",
      url: "/staff/mypage/item",
    });
    expect((await lines(store)).items[0]).toMatchObject({
      kind: "gift",
      title: "たろうさんからあかりに「シャンパン」が届きました",
    });
    expect((await lines(listener)).items.some((i) => i.kind === "gift")).toBe(false);
  });

  it("tells a performer of a new follower, and a store of its payout's steps", async () => {
    const fan = await makeListener(db(), { nickname: "ふぁん" });
    expect(
      await followTarget({ db: db(), actor: fan, input: { kind: "staff", id: cast.uid } }),
    ).toMatchObject({
      ok: true,
      created: true,
    });
    // Following again is no new follower.
    await followTarget({ db: db(), actor: fan, input: { kind: "staff", id: cast.uid } });
    await db().transaction((tx) =>
      recordNotification(tx, {
        kind: "payout_step",
        liverId: store.uid,
        requestId: "r-1",
        step: "approved",
        netYen: 45_000,
        at: new Date(),
      }),
    );
    await fanOutPending();
    expect((await lines(cast)).items.filter((i) => i.kind === "follow")).toEqual([
      expect.objectContaining({ title: "ふぁんさんがあなたをフォローしました", url: "/staff/mypage" }),
    ]);
    expect((await lines(store)).items.filter((i) => i.kind === "follow")).toEqual([]);
    expect((await lines(store)).items[0]).toMatchObject({
      kind: "payout",
      title: "振込申請が承認されました",
      body: "振込額 45,000円",
    });
  });

  it("pages back, marks read her own only, and opens one to its page", async () => {
    const all = await lines(cast);
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    const firstPage = await listNotifications({ db: db(), actor: cast, input: { limit: "2" } });
    if (!firstPage.ok) throw new Error("list");
    expect(firstPage.items).toEqual(all.items.slice(0, 2));
    const secondPage = await listNotifications({
      db: db(),
      actor: cast,
      input: { limit: "2", before: firstPage.next_before },
    });
    expect(secondPage.ok && secondPage.items).toEqual(all.items.slice(2, 4));
    expect(
      await listNotifications({
        db: db(),
        actor: listener,
        input: { before: all.items[0]!.notification_id },
      }),
    ).toEqual({
      ok: false,
      error: "invalid_before",
    });

    // Another's ids change nothing.
    const castUnread = all.unread;
    expect(
      await markNotificationsRead({
        db: db(),
        actor: listener,
        input: { ids: [all.items[0]!.notification_id] },
      }),
    ).toMatchObject({ ok: true, marked: 0 });
    expect((await lines(cast)).unread).toBe(castUnread);
    expect(await markNotificationsRead({ db: db(), actor: cast, input: { ids: [] } })).toMatchObject({
      ok: false,
      error: "invalid",
    });
    expect(await markNotificationsRead({ db: db(), actor: cast, input: { all: "yes" } })).toMatchObject({
      ok: false,
      error: "invalid",
    });

    const gift = all.items.find((i) => i.kind === "gift")!;
    expect(await openNotification({ db: db(), actor: cast, input: { id: gift.notification_id } })).toEqual({
      url: "/staff/mypage/item",
    });
    expect(
      await openNotification({ db: db(), actor: listener, input: { id: gift.notification_id } }),
    ).toBeNull();
    expect(
      (await lines(cast)).items.find((i) => i.notification_id === gift.notification_id)?.read_at,
    ).not.toBeNull();
    expect(await markNotificationsRead({ db: db(), actor: cast, input: { all: true } })).toMatchObject({
      ok: true,
      unread: 0,
    });
    expect((await bellEvents(cast.uid)).at(-1)).toMatchObject({
      type: "notification-read",
      data: { unread: 0 },
    });
  });
});
