/**
 * Gifts in chat (ADR 0032, ADR 0038): `POST /api/gifts` with `room_id` (the room's staff
 * member receives; only the room's listener may), the gift a message of the room published on its
 * stream, `item_to_staff` to the store; strangers 404, a blocked room refused, one gift per key;
 * and the room page's ギフト form without JavaScript.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { gifts, messages, notificationEvents, realtimeEvents } from "~/.server/db/schema";
import { blockRoom } from "~/.server/services/chat/block-room";
import { listMessages } from "~/.server/services/chat/list-messages";
import { openRoom } from "~/.server/services/chat/open-room";
import { buyItem } from "~/.server/services/ledger/buy-item";
import { readInventory } from "~/.server/services/ledger/read-purchase-page";
import { roomTopic } from "~/domain/chat";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { action as roomAction, loader as roomLoader } from "~/routes/account/mypage-message-room";
import { action as giftsAction } from "~/routes/api/gifts";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { giveCoins } from "../support/money";
import { call, form, routeContext, sessionCookie } from "../support/routes";

describe.each(drivers)("gifts in chat on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let context: AppLoadContext;
  let store: Viewer;
  let cast: Viewer;
  let listener: Viewer;
  let roomId: string;
  const cookies = { listener: "", stranger: "", cast: "" };

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "chatgifts" });
    ({ context } = routeContext(db()));
    store = await makeLiver(db(), { store_name: "クラブ 月", status: "public" });
    const castRow = await makeStaff(db(), store.uid, {
      name: "あかり",
      status: "public",
      is_displayed: true,
    });
    cast = castRow;
    listener = await makeListener(db(), { nickname: "たろう" });
    const stranger = await makeListener(db(), { nickname: "じろう" });
    for (const who of [listener, stranger]) {
      await giveCoins(db(), who.uid, 3000);
      const bought = await buyItem({
        db: db(),
        actor: who,
        input: { item_id: "rose", quantity: 10, idempotency_key: randomUUID() },
      });
      expect(bought.ok).toBe(true);
    }
    const opened = await openRoom({ db: db(), actor: listener, input: { staff_id: cast.uid } });
    if (!opened.ok) throw new Error("could not open the room");
    roomId = opened.room.id;
    cookies.listener = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    cookies.stranger = await sessionCookie(context, "listener", stranger.email, FACTORY_PASSWORD);
    cookies.cast = await sessionCookie(context, "staff", castRow.loginId, FACTORY_PASSWORD);
  });
  afterAll(async () => {
    await database?.close();
  });

  const post = (cookie: string, body: unknown) =>
    call(giftsAction, {
      context,
      url: "/api/gifts",
      cookie,
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    });
  const roses = async (who: Viewer) =>
    (await readInventory(db(), who.uid)).find((line) => line.item.item_id === "rose")?.quantity ?? 0;

  it("gives to the room's staff member once per key; both see it as a message of the room, live", async () => {
    const body = { item_id: "rose", quantity: 2, room_id: roomId, idempotency_key: randomUUID() };
    const [first, second] = await Promise.all([post(cookies.listener, body), post(cookies.listener, body)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body).toMatchObject({
      item_id: "rose",
      quantity: 2,
      to: { type: "staff", id: cast.uid },
      liver_id: store.uid,
      room_id: roomId,
    });
    expect((second.body as { gift_id: string }).gift_id).toBe((first.body as { gift_id: string }).gift_id);
    expect(await roses(listener)).toBe(8);
    const giftId = (first.body as { gift_id: string }).gift_id;

    const rows = await db().select().from(messages).where(eq(messages.room_id, roomId));
    expect(rows).toEqual([
      expect.objectContaining({
        sender_id: listener.uid,
        body: "🎁「バラ」×2を贈りました",
        gift: {
          gift_id: giftId,
          item_id: "rose",
          name: "バラ",
          image_url: "/img/items/rose.svg",
          quantity: 2,
          // Its own combo (the first send), a banner by the default tiers (ADR 0043).
          combo_id: giftId,
          combo_count: 2,
          tier: 1,
        },
      }),
    ]);
    const forCast = await listMessages({ db: db(), actor: cast, input: { roomId } });
    expect(forCast.ok && forCast.items.map((m) => m.gift?.gift_id)).toEqual([giftId]);
    const events = await db()
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.topic, roomTopic(roomId)), eq(realtimeEvents.type, "message")));
    expect(events.map((e) => (e.data as { gift: { gift_id: string } }).gift.gift_id)).toEqual([giftId]);
    const told = await db()
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, "item_to_staff"));
    expect(told.length).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(gifts).where(eq(gifts.room_id, roomId))).toHaveLength(1);

    // The same key with other parameters: 409, nothing given.
    expect((await post(cookies.listener, { ...body, quantity: 3 })).status).toBe(409);
    expect(await roses(listener)).toBe(8);
  });

  it("a stranger, a wrong receiver and a staff member are refused; nothing moves", async () => {
    const key = () => randomUUID();
    expect(
      await post(cookies.stranger, { item_id: "rose", quantity: 1, room_id: roomId, idempotency_key: key() }),
    ).toMatchObject({ status: 404, body: { error: { field: "room_id" } } });
    expect(
      await post(cookies.listener, {
        item_id: "rose",
        quantity: 1,
        room_id: "no-such-room",
        idempotency_key: key(),
      }),
    ).toMatchObject({ status: 404 });
    expect(
      await post(cookies.listener, {
        item_id: "rose",
        quantity: 1,
        room_id: roomId,
        liver_id: store.uid,
        idempotency_key: key(),
      }),
    ).toMatchObject({ status: 404 });
    expect(
      (await post(cookies.cast, { item_id: "rose", quantity: 1, room_id: roomId, idempotency_key: key() }))
        .status,
    ).toBe(403);
    expect(
      await post(cookies.listener, {
        item_id: "rose",
        quantity: 50,
        room_id: roomId,
        idempotency_key: key(),
      }),
    ).toMatchObject({
      status: 400,
      body: { error: { message: MONEY_TEXTS.notEnoughItems, field: "quantity" } },
    });
    expect(await roses(listener)).toBe(8);
    expect(await db().select().from(messages).where(eq(messages.room_id, roomId))).toHaveLength(1);
  });

  it("the room page's ギフト form works without JavaScript: the inventory, a key per render, PRG", async () => {
    const page = await call(roomLoader, {
      context,
      url: `/listener/mypage/message/${roomId}`,
      cookie: cookies.listener,
      params: { id: roomId },
    });
    const data = page.body as {
      gift: { items: { item_id: string; quantity: number }[]; idempotencyKey: string };
    };
    expect(data.gift.items).toEqual([expect.objectContaining({ item_id: "rose", quantity: 8 })]);
    const send = (values: Record<string, string>) =>
      call(roomAction, {
        context,
        url: `/listener/mypage/message/${roomId}`,
        cookie: cookies.listener,
        method: "POST",
        params: { id: roomId },
        body: form({ intent: "gift", idempotency_key: data.gift.idempotencyKey, ...values }),
      });
    const sent = await send({ item_id: "rose", quantity: "1" });
    expect(sent.status).toBe(302);
    expect(await send({ item_id: "rose", quantity: "1" })).toMatchObject({ status: 302 }); // sent twice: once
    expect(await roses(listener)).toBe(7);
    expect(await send({ item_id: "rose", quantity: "abc" })).toMatchObject({
      status: 400,
      body: {
        intent: "gift",
        values: { quantity: "abc" },
        errors: { quantity: MONEY_TEXTS.quantityInvalid },
      },
    });
    const staffPage = await call(roomLoader, {
      context,
      url: `/staff/mypage/message/${roomId}`,
      cookie: cookies.cast,
      params: { id: roomId },
    });
    expect((staffPage.body as { gift: unknown }).gift).toBeNull();
  });

  it("a blocked room refuses gifts (either way) and offers no form", async () => {
    const blocked = await blockRoom({ db: db(), actor: cast, input: { roomId } });
    expect(blocked.ok).toBe(true);
    expect(
      await post(cookies.listener, {
        item_id: "rose",
        quantity: 1,
        room_id: roomId,
        idempotency_key: randomUUID(),
      }),
    ).toMatchObject({ status: 403, body: { error: { message: MONEY_TEXTS.giftBlocked, field: "room_id" } } });
    expect(await roses(listener)).toBe(7);
    const page = await call(roomLoader, {
      context,
      url: `/listener/mypage/message/${roomId}`,
      cookie: cookies.listener,
      params: { id: roomId },
    });
    expect((page.body as { gift: unknown }).gift).toBeNull();
  });
});
