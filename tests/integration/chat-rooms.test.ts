import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import {
  messages,
  notificationEvents,
  rateLimits,
  remoteConfigValues,
  roomBlocks,
  roomReports,
  rooms,
} from "~/.server/db/schema";
import { readEvents } from "~/.server/realtime/publish";
import { blockRoom } from "~/.server/services/chat/block-room";
import { countUnreadMessages } from "~/.server/services/chat/count-unread-messages";
import { listMessages } from "~/.server/services/chat/list-messages";
import { listOwnRooms } from "~/.server/services/chat/list-own-rooms";
import { markRoomRead } from "~/.server/services/chat/mark-room-read";
import { openRoom } from "~/.server/services/chat/open-room";
import { reportRoom } from "~/.server/services/chat/report-room";
import { sendMessage } from "~/.server/services/chat/send-message";
import { forgetRemoteConfig } from "~/.server/services/shared/remote-config";
import { CHAT_TEXTS, roomTopic } from "~/domain/chat";
import { CONTACT_REFUSAL } from "~/domain/contact-filter";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";

describe.each(drivers)("chat rooms on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let store: Viewer;
  let otherStore: Viewer;
  let cast: Viewer;
  let otherCast: Viewer;
  let listener: Viewer;
  let thirdListener: Viewer;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "chat" });
    store = await makeLiver(db(), { store_name: "クラブ 月" });
    otherStore = await makeLiver(db(), { store_name: "クラブ 星" });
    cast = await makeStaff(db(), store.uid, { name: "あかり", image_urls: ["/img/akari.webp"] });
    otherCast = await makeStaff(db(), store.uid, { name: "みく" });
    listener = await makeListener(db(), { nickname: "たろう" });
    thirdListener = await makeListener(db(), { nickname: "じろう" });
  });
  afterAll(async () => {
    await database?.close();
  });

  const open = async (who: Viewer, staff: Viewer) => {
    const result = await openRoom({ db: db(), actor: who, input: { staff_id: staff.uid } });
    if (!result.ok) throw new Error(result.error);
    return result;
  };
  const send = (who: Viewer, roomId: string, body: unknown) =>
    sendMessage({ db: db(), actor: who, input: { roomId, body } });
  const messageCount = async (roomId: string) =>
    (await db().select({ id: messages.message_id }).from(messages).where(eq(messages.room_id, roomId)))
      .length;

  it("a listener opens one room per staff member; staff, stores and unlisted staff cannot", async () => {
    const first = await open(listener, cast);
    expect(first.created).toBe(true);
    expect(first.room.member_ids).toEqual([listener.uid, cast.uid]);
    const again = await open(listener, cast);
    expect(again).toMatchObject({ created: false, room: { id: first.room.id } });

    expect(await openRoom({ db: db(), actor: cast, input: { staff_id: otherCast.uid } })).toEqual({
      ok: false,
      error: "forbidden",
    });
    expect(await openRoom({ db: db(), actor: store, input: { staff_id: cast.uid } })).toEqual({
      ok: false,
      error: "forbidden",
    });
    const hidden = await makeStaff(db(), store.uid, { is_displayed: false });
    expect(await openRoom({ db: db(), actor: listener, input: { staff_id: hidden.uid } })).toEqual({
      ok: false,
      error: "not_found",
    });
    expect(await openRoom({ db: db(), actor: listener, input: { staff_id: "no-such-staff" } })).toEqual({
      ok: false,
      error: "not_found",
    });
  });

  it("two concurrent opens of one pair answer the same room", async () => {
    const newcomer = await makeListener(db());
    const [a, b] = await Promise.all([open(newcomer, otherCast), open(newcomer, otherCast)]);
    expect(a.room.id).toBe(b.room.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
  });

  it("a room is not found for a third listener, another staff member, a store and an operator", async () => {
    const { room } = await open(listener, cast);
    await send(listener, room.id, "こんにちは");
    const operator: Viewer = { type: "operator", uid: "operator-1", name: "運営", email: "op@example.com" };
    for (const outsider of [thirdListener, otherCast, store, otherStore, operator]) {
      const notFound = { ok: false, error: "not_found" };
      expect(await listMessages({ db: db(), actor: outsider, input: { roomId: room.id } })).toEqual(notFound);
      expect(await send(outsider, room.id, "やあ")).toEqual(notFound);
      expect(await send(outsider, room.id, "")).toEqual(notFound);
      expect(await markRoomRead({ db: db(), actor: outsider, input: { roomId: room.id } })).toEqual(notFound);
      expect(await blockRoom({ db: db(), actor: outsider, input: { roomId: room.id } })).toEqual(notFound);
      expect(
        await reportRoom({ db: db(), actor: outsider, input: { roomId: room.id, reason: "x" } }),
      ).toEqual(notFound);
    }
    expect(await listMessages({ db: db(), actor: listener, input: { roomId: "no-such-room" } })).toEqual({
      ok: false,
      error: "not_found",
    });
    const thirdRooms = await listOwnRooms({
      db: db(),
      actor: thirdListener,
      input: { page: 1, pageSize: 10 },
    });
    expect(thirdRooms.ok && thirdRooms.total).toBe(0);
    expect(await blockRoomCount(room.id)).toBe(0);
  });

  const blockRoomCount = async (roomId: string) =>
    (await db().select().from(roomBlocks).where(eq(roomBlocks.room_id, roomId))).length;

  it("sends, pages newest first, marks read and counts unread on both sides", async () => {
    const guest = await makeListener(db(), { nickname: "さぶろう" });
    const { room } = await open(guest, cast);
    const sent: string[] = [];
    for (let i = 1; i <= 7; i++) {
      const who = i % 2 ? guest : cast;
      const result = await send(who, room.id, `  メッセージ${i}  `);
      if (!result.ok) throw new Error(result.error);
      expect(result.message.body).toBe(`メッセージ${i}`);
      sent.push(result.message.message_id);
    }

    const page1 = await listMessages({ db: db(), actor: guest, input: { roomId: room.id, limit: "3" } });
    if (!page1.ok) throw new Error(page1.error);
    expect(page1.items.map((m) => m.body)).toEqual(["メッセージ7", "メッセージ6", "メッセージ5"]);
    expect(page1.counterpart).toMatchObject({
      id: cast.uid,
      type: "staff",
      name: "あかり",
      image_url: "/img/akari.webp",
    });
    const page2 = await listMessages({
      db: db(),
      actor: guest,
      input: { roomId: room.id, limit: 3, before: page1.next_before },
    });
    const page3 = await listMessages({
      db: db(),
      actor: guest,
      input: { roomId: room.id, limit: 3, before: page2.ok ? page2.next_before : null },
    });
    expect(page2.ok && page2.items.map((m) => m.body)).toEqual(["メッセージ4", "メッセージ3", "メッセージ2"]);
    expect(page3.ok && page3.items.map((m) => m.body)).toEqual(["メッセージ1"]);
    expect(page3.ok && page3.next_before).toBeNull();
    expect(
      await listMessages({ db: db(), actor: guest, input: { roomId: room.id, before: "not-a-message" } }),
    ).toEqual({ ok: false, error: "invalid_before" });

    // The guest sent 1, 3, 5, 7; the cast 2, 4, 6.
    expect(await countUnreadMessages({ db: db(), actor: guest })).toEqual({ ok: true, unread: 3 });
    const castBefore = await countUnreadMessages({ db: db(), actor: cast });
    expect(castBefore.ok && castBefore.unread).toBeGreaterThanOrEqual(4);
    const castRooms = await listOwnRooms({ db: db(), actor: cast, input: { page: 1, pageSize: 10 } });
    const item = castRooms.ok ? castRooms.items.find((r) => r.id === room.id) : undefined;
    expect(item).toMatchObject({
      room_id: room.id,
      counterpart: { id: guest.uid, type: "listener", name: "さぶろう" },
      last_message: { body: "メッセージ7", sender_id: guest.uid },
      unread_count: 4,
    });
    expect(castRooms.ok && castRooms.items[0]?.id).toBe(room.id);

    const read = await markRoomRead({ db: db(), actor: cast, input: { roomId: room.id } });
    expect(read).toMatchObject({ ok: true, read: 4 });
    expect(await markRoomRead({ db: db(), actor: cast, input: { roomId: room.id } })).toMatchObject({
      ok: true,
      read: 0,
    });
    const castAfter = await countUnreadMessages({ db: db(), actor: cast });
    expect(castAfter.ok && castBefore.ok && castAfter.unread).toBe(
      castBefore.ok ? castBefore.unread - 4 : -1,
    );
    expect(await countUnreadMessages({ db: db(), actor: guest })).toEqual({ ok: true, unread: 3 });
    const rows = await db().select().from(messages).where(eq(messages.room_id, room.id));
    for (const row of rows) expect(row.read_at === null).toBe(row.sender_id === cast.uid);
    expect(await countUnreadMessages({ db: db(), actor: store })).toEqual({ ok: false, error: "forbidden" });

    const [stored] = await db().select().from(rooms).where(eq(rooms.id, room.id));
    expect(stored?.last_message_at?.getTime()).toBe(page1.items[0]?.created_at.getTime());
    const events = await readEvents(db(), roomTopic(room.id), 0);
    expect(events.map((e) => e.type)).toEqual([...Array(7).fill("message"), "read"]);
  });

  it("refuses empty, too long and contact-carrying messages and writes nothing", async () => {
    const guest = await makeListener(db());
    const { room } = await open(guest, otherCast);
    expect(await send(guest, room.id, "   ")).toEqual({
      ok: false,
      error: "invalid",
      message: CHAT_TEXTS.bodyRequired,
    });
    expect(await send(guest, room.id, "あ".repeat(1001))).toEqual({
      ok: false,
      error: "invalid",
      message: CHAT_TEXTS.bodyTooLong,
    });
    const longest = await send(guest, room.id, "あ".repeat(1000));
    if (!longest.ok) throw new Error(longest.error);
    const before = await messageCount(room.id);
    for (const body of [
      "LINE ID: abc",
      "090-1234-5678",
      "ａｂｃ＠ｅｘａｍｐｌｅ．ｃｏｍ",
      "https://example.com",
    ])
      expect(await send(guest, room.id, body)).toEqual({
        ok: false,
        error: "invalid",
        message: CONTACT_REFUSAL,
      });
    expect(await messageCount(room.id)).toBe(before);
    const [stored] = await db().select().from(rooms).where(eq(rooms.id, room.id));
    const events = await readEvents(db(), roomTopic(room.id), 0);
    expect(events).toHaveLength(1);
    expect(stored?.last_message_at?.getTime()).toBe(longest.message.created_at.getTime());
  });

  it("refuses a blocked word as a whole word, lets the longer word and the allowed one through", async () => {
    await db()
      .insert(remoteConfigValues)
      .values([
        { key: "blocked_words", value: "ばか\nカス" },
        { key: "blocked_words_allowed", value: "ばかうま" },
      ]);
    forgetRemoteConfig(db());
    try {
      const guest = await makeListener(db());
      const { room } = await open(guest, otherCast);
      for (const body of ["お前ばかだな", "この カス", "ﾊﾞｶ"])
        expect(await send(guest, room.id, body), body).toEqual({
          ok: false,
          error: "invalid",
          message: CHAT_TEXTS.blockedWord,
        });
      expect(await messageCount(room.id)).toBe(0);
      for (const body of ["ばかりです", "カスタマーサポートに聞きました", "ばかうまラーメン"])
        expect(await send(guest, room.id, body), body).toMatchObject({ ok: true });
    } finally {
      await db().delete(remoteConfigValues);
      forgetRemoteConfig(db());
    }
  });

  it("a block stops sending both ways; both can still read; the outsider learns nothing", async () => {
    const guest = await makeListener(db());
    const { room } = await open(guest, cast);
    expect((await send(guest, room.id, "こんばんは")).ok).toBe(true);
    expect(await blockRoom({ db: db(), actor: cast, input: { roomId: room.id } })).toEqual({
      ok: true,
      created: true,
    });
    expect(await blockRoom({ db: db(), actor: cast, input: { roomId: room.id } })).toEqual({
      ok: true,
      created: false,
    });
    const blocked = { ok: false, error: "blocked", message: "このユーザーにはメッセージを送信できません" };
    expect(await send(guest, room.id, "どうして？")).toEqual(blocked);
    expect(await send(cast, room.id, "ごめんね")).toEqual(blocked);
    expect(await messageCount(room.id)).toBe(1);
    const guestView = await listMessages({ db: db(), actor: guest, input: { roomId: room.id } });
    expect(guestView).toMatchObject({ ok: true, blocked_me: true, blocked_by_me: false });
    const castView = await listMessages({ db: db(), actor: cast, input: { roomId: room.id } });
    expect(castView).toMatchObject({ ok: true, blocked_me: false, blocked_by_me: true });
    // Opening again finds the room (the history stays), sending stays refused.
    expect(await open(guest, cast)).toMatchObject({ created: false, room: { id: room.id } });

    const other = await makeListener(db());
    const second = await open(other, cast);
    expect(await blockRoom({ db: db(), actor: other, input: { roomId: second.room.id } })).toEqual({
      ok: true,
      created: true,
    });
    expect(await send(cast, second.room.id, "こんにちは")).toEqual(blocked);
    const [row] = await db().select().from(roomBlocks).where(eq(roomBlocks.room_id, second.room.id));
    expect(row).toMatchObject({ blocker_id: other.uid, blocked_id: cast.uid });
  });

  it("a report keeps the reason and the conversation as it was", async () => {
    const guest = await makeListener(db());
    const { room } = await open(guest, cast);
    await send(guest, room.id, "はじめまして");
    await send(cast, room.id, "よろしくね");
    expect(await reportRoom({ db: db(), actor: cast, input: { roomId: room.id, reason: "  " } })).toEqual({
      ok: false,
      error: "invalid",
      message: CHAT_TEXTS.reasonRequired,
    });
    expect(
      await reportRoom({ db: db(), actor: cast, input: { roomId: room.id, reason: "あ".repeat(1001) } }),
    ).toEqual({ ok: false, error: "invalid", message: CHAT_TEXTS.reasonTooLong });
    const report = await reportRoom({
      db: db(),
      actor: cast,
      input: { roomId: room.id, reason: " しつこい勧誘 " },
    });
    expect(report.ok).toBe(true);
    await send(guest, room.id, "あとから");
    const [stored] = await db().select().from(roomReports).where(eq(roomReports.room_id, room.id));
    expect(stored).toMatchObject({
      reporter_id: cast.uid,
      reported_id: guest.uid,
      reason: "しつこい勧誘",
      status: "open",
    });
    expect(stored?.messages.map((m) => m.body)).toEqual(["はじめまして", "よろしくね"]);
    const byListener = await reportRoom({
      db: db(),
      actor: guest,
      input: { roomId: room.id, reason: "失礼" },
    });
    expect(byListener.ok && byListener.report.reported_id).toBe(cast.uid);
  });

  it("the 21st message of a minute is refused with a Japanese message", async () => {
    const guest = await makeListener(db());
    const { room } = await open(guest, otherCast);
    for (let i = 1; i <= 20; i++) expect((await send(guest, room.id, `${i}通目`)).ok).toBe(true);
    const refused = await send(guest, room.id, "21通目");
    expect(refused).toMatchObject({ ok: false, error: "rate_limited", message: CHAT_TEXTS.tooMany });
    expect(
      refused.ok === false && refused.error === "rate_limited" && refused.retryAfterSeconds,
    ).toBeGreaterThan(0);
    expect(await messageCount(room.id)).toBe(20);
    // The counterpart has her own allowance.
    expect((await send(otherCast, room.id, "落ち着いて")).ok).toBe(true);
    // A refusal for another reason does not use up the allowance.
    const fresh = await makeListener(db());
    const freshRoom = await open(fresh, otherCast);
    for (let i = 0; i < 25; i++) await send(fresh, freshRoom.room.id, "LINE ID: abc");
    expect((await send(fresh, freshRoom.room.id, "こんにちは")).ok).toBe(true);
    const [limit] = await db()
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `chat:sender:${fresh.uid.toLowerCase()}`));
    expect(limit?.count).toBe(1);
  });

  it("25 concurrent sends: exactly 20 written, in a strict order, last_message_at on the newest", async () => {
    const guest = await makeListener(db());
    const { room } = await open(guest, cast);
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => send(guest, room.id, `同時${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(20);
    expect(results.filter((r) => !r.ok && r.error === "rate_limited")).toHaveLength(5);
    const rows = await db().select().from(messages).where(eq(messages.room_id, room.id));
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.created_at.getTime())).size).toBe(20);
    const [stored] = await db().select().from(rooms).where(eq(rooms.id, room.id));
    expect(stored?.last_message_at?.getTime()).toBe(Math.max(...rows.map((r) => r.created_at.getTime())));
    const notices = await db()
      .select()
      .from(notificationEvents)
      .where(
        sql`${notificationEvents.kind} = 'message_to_staff' and ${notificationEvents.payload}->>'listenerId' = ${guest.uid}`,
      );
    expect(notices).toHaveLength(1);
  });

  it("a listener's first message, and the first after 24 h of silence, tell the store — never the content", async () => {
    const guest = await makeListener(db());
    const { room } = await open(guest, cast);
    const notices = async () =>
      (
        await db().select().from(notificationEvents).where(eq(notificationEvents.kind, "message_to_staff"))
      ).filter((event) => event.payload.listenerId === guest.uid);
    await send(guest, room.id, "ひみつの本文");
    await send(guest, room.id, "二通目");
    await send(cast, room.id, "ありがとう");
    const first = await notices();
    expect(first).toHaveLength(1);
    expect(first[0]?.payload).toEqual({ liverId: store.uid, staffId: cast.uid, listenerId: guest.uid });
    expect(JSON.stringify(first[0])).not.toContain("ひみつ");

    await db()
      .update(rooms)
      .set({ last_message_at: sql`now() - interval '25 hours'` })
      .where(eq(rooms.id, room.id));
    // The staff member's answer after the silence tells nobody; the listener's next one does.
    await send(cast, room.id, "お久しぶり");
    expect(await notices()).toHaveLength(1);
    await db()
      .update(rooms)
      .set({ last_message_at: sql`now() - interval '25 hours'` })
      .where(eq(rooms.id, room.id));
    await send(guest, room.id, "また行きます");
    expect(await notices()).toHaveLength(2);
  });

  it("lists a listener's rooms newest activity first; a staff member sees only rooms with messages", async () => {
    const guest = await makeListener(db());
    const quiet = await open(guest, otherCast);
    const busy = await open(guest, cast);
    await send(guest, busy.room.id, "こんにちは");
    const list = await listOwnRooms({ db: db(), actor: guest, input: { page: 1, pageSize: 10 } });
    expect(list.ok && list.items.map((r) => r.id)).toEqual([busy.room.id, quiet.room.id]);
    expect(list.ok && list.items[1]).toMatchObject({
      last_message: null,
      unread_count: 0,
      counterpart: { name: "みく" },
    });
    const castList = await listOwnRooms({ db: db(), actor: otherCast, input: { page: 1, pageSize: 100 } });
    expect(castList.ok && castList.items.some((r) => r.id === quiet.room.id)).toBe(false);
  });
});
