import { randomUUID } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { z } from "zod";
import { ANONYMOUS_LISTENER, fanLevel } from "~/domain/fans";
import { giftCost, giftTier, nextCombo } from "~/domain/gifts";
import { GUEST_NICKNAME, type LiveGiftEvent, liveTopic } from "~/domain/live";
import { tokyoMonth } from "~/domain/money";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { publish } from "../../realtime/publish";
import { GiftRoomBlockedError, roomForGift, writeGiftMessage } from "../chat/gift-message";
import { fanGiftCte } from "../fans/fan-points";
import { accounts, ensureAccounts } from "../ledger/accounts";
import { bookGift, type GiftPurchase, isBalanceRefusal } from "../ledger/book-gift";
import { spendCoinsPostings } from "../ledger/coin-lots";
import { findReplay, type Once, requestHash } from "../ledger/run-once";
import { publishRankingAfterGift, supportersCte } from "../live/live-ranking";
import type { LiveSettings } from "../live/live-settings";
import { notificationCtes } from "../notifications/record-notification";
import { purchasePlatformAccounts, readGiftFacts } from "./gift-facts";

const id = z.string().trim().min(1).max(64);

export const SendGiftSchema = z
  .object({
    item_id: z.string({ error: MONEY_TEXTS.itemRequired }).min(1, MONEY_TEXTS.itemRequired).max(64),
    quantity: z
      .number({ error: MONEY_TEXTS.quantityInvalid })
      .int(MONEY_TEXTS.quantityInvalid)
      .min(1, MONEY_TEXTS.quantityInvalid)
      .max(99, MONEY_TEXTS.quantityInvalid),
    staff_id: id.optional(),
    liver_id: id.optional(),
    live_id: id.optional(),
    room_id: id.optional(),
    /** Buy with coins what the inventory lacks, in the same ledger transaction (ADR 0043). */
    pay_with_coins: z.boolean({ error: MONEY_TEXTS.payWithCoinsInvalid }).optional(),
    idempotency_key: z
      .string({ error: MONEY_TEXTS.keyRequired })
      .min(8, MONEY_TEXTS.keyRequired)
      .max(100, MONEY_TEXTS.keyRequired),
  })
  // In a room its staff member receives: staff_id may be left out there (ADR 0038).
  .refine((v) => Boolean(v.staff_id) !== Boolean(v.liver_id) || (v.room_id && !v.staff_id && !v.liver_id), {
    message: MONEY_TEXTS.receiverRequired,
    path: ["staff_id"],
  })
  .refine((v) => !(v.live_id && v.room_id), { message: MONEY_TEXTS.invalid, path: ["room_id"] });

export interface GiftAnswer {
  gift_id: string;
  item_id: string;
  quantity: number;
  to: { type: "staff" | "liver"; id: string };
  liver_id: string;
  live_id: string | null;
  room_id: string | null;
  /** The combo this send joined and ×N with it (ADR 0043). */
  combo: { id: string; count: number };
  tier: 1 | 2 | 3;
  /** The gift's worth (the item's coin price × quantity) and the coins it took from the balance. */
  coins: number;
  coins_spent: number;
  /** Items of that kind the giver holds after it. */
  held: number;
  created_at: string;
}

export type SendGiftResult =
  | { ok: true; replayed: boolean; gift: GiftAnswer }
  | { ok: false; error: "forbidden" }
  /** A block stands in the room (either way). */
  | { ok: false; error: "blocked"; message: string; field: "room_id" }
  | {
      ok: false;
      error: "invalid" | "not_found" | "insufficient" | "idempotency_conflict" | "ended";
      message: string;
      field?: string;
    };

/** The key was booked by a request that committed while this one waited on it. */
class KeyTaken extends Error {}
/** The coins ran out between the read and the lots' lock. */
class CoinsShort extends Error {}

/**
 * `POST /api/gifts` (ADR 0032, 0043): a listener gives items to a listed staff member (held by
 * her store) or a public store; once per idempotency key. With `pay_with_coins` the items she does
 * not hold are bought with coins and given in the same ledger transaction. In a live (`live_id`, on,
 * the receiver's) everyone watching gets a `gift` event with its tier and combo, the ranking when it
 * moved and, for her, `fan-level` when her level rose; in a chat room (`room_id`, her own, not
 * blocked) the gift is a message of the room (chat/gift-message.ts). A staff member's store is told
 * (`item_to_staff`). The giver's fan points for the receiver move by the gift's coins (ADR 0043).
 */
export async function sendGift({
  db,
  actor,
  input,
  settings,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: unknown;
  settings: LiveSettings;
  now?: Date;
}): Promise<SendGiftResult> {
  const refused = roleRefusal(actor, "gift.send");
  if (refused) return { ok: false, error: refused };
  const parsed = SendGiftSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: "invalid",
      message: issue?.message ?? MONEY_TEXTS.invalid,
      field: String(issue?.path[0] ?? ""),
    };
  }
  const gift = parsed.data;
  const { idempotency_key, ...parameters } = gift;
  const key = {
    idempotencyKey: `gift:${actor.uid}:${idempotency_key}`,
    requestHash: requestHash(parameters),
  };
  if (gift.room_id) {
    // The key's answer first (a room blocked since answers the same), then the room: the actor's
    // own, unblocked; its staff member is the receiver (ADR 0038).
    const replay = await findReplay<GiftAnswer>(db, key);
    if (replay) return giftAnswer(replay);
    const inRoom = await roomForGift(db, actor, gift.room_id);
    if (!inRoom.ok || gift.liver_id || (gift.staff_id && gift.staff_id !== inRoom.room.staff_id))
      return { ok: false, error: "not_found", message: MONEY_TEXTS.receiverNotFound, field: "room_id" };
    if (inRoom.blocked) return blockedAnswer;
    gift.staff_id = inRoom.room.staff_id;
  }
  const month = tokyoMonth(now);
  const facts = await readGiftFacts(db, {
    actorId: actor.uid,
    key: key.idempotencyKey,
    itemId: gift.item_id,
    staffId: gift.staff_id,
    liverId: gift.liver_id,
    liveId: gift.live_id,
    roomId: gift.room_id,
    month,
    at: now,
  });
  if (facts.prior)
    return giftAnswer(storedAnswer(facts.prior as { hash: string; result: GiftAnswer }, key.requestHash));
  const item = facts.item;
  if (!item) return { ok: false, error: "not_found", message: MONEY_TEXTS.itemNotFound, field: "item_id" };
  const receiver = facts.receiver
    ? { type: gift.staff_id ? ("staff" as const) : ("liver" as const), ...facts.receiver }
    : null;
  if (!receiver)
    return {
      ok: false,
      error: "not_found",
      message: MONEY_TEXTS.receiverNotFound,
      field: gift.staff_id ? "staff_id" : "liver_id",
    };
  if (gift.live_id) {
    const live = facts.live;
    if (!live || live.broadcaster_id !== receiver.id)
      return { ok: false, error: "not_found", message: MONEY_TEXTS.receiverNotFound, field: "live_id" };
    if (live.status !== "live")
      return { ok: false, error: "ended", message: MONEY_TEXTS.liveNotLive, field: "live_id" };
  }
  const have = Number(facts.have ?? 0);
  const cost = giftCost(item.coin_price, gift.quantity, have);
  // Read without a lock: enough to refuse at once; a concurrent spend is caught by the CHECK.
  if (cost.bought > 0 && !gift.pay_with_coins) return notEnoughItems;
  // What the platform no longer sells cannot be bought (the items she holds may still be given).
  if (cost.bought > 0 && item.status !== "active")
    return { ok: false, error: "not_found", message: MONEY_TEXTS.itemNotFound, field: "item_id" };

  const giftId = randomUUID();
  const combo = nextCombo(
    facts.combo
      ? { combo_id: facts.combo.combo_id, count: facts.combo.count, at: new Date(facts.combo.at) }
      : null,
    giftId,
    gift.quantity,
    now,
  );
  const answer: GiftAnswer = {
    gift_id: giftId,
    item_id: item.item_id,
    quantity: gift.quantity,
    to: { type: receiver.type, id: receiver.id },
    liver_id: receiver.liver_id,
    live_id: gift.live_id ?? null,
    room_id: gift.room_id ?? null,
    combo: { id: combo.combo_id, count: combo.count },
    tier: giftTier(item.coin_price, settings.tierThresholds),
    coins: item.coin_price * gift.quantity,
    coins_spent: cost.coins,
    held: have - cost.fromInventory,
    created_at: now.toISOString(),
  };
  const also: SQL[] = [
    fanGiftCte({
      listenerId: actor.uid,
      broadcasterId: receiver.id,
      coins: answer.coins,
      at: answer.created_at,
    }),
  ];
  if (gift.live_id)
    also.push(
      supportersCte({
        liveId: gift.live_id,
        listenerId: actor.uid,
        coins: answer.coins,
        points: item.point_value * gift.quantity,
        at: answer.created_at,
      }),
    );
  // A staff member's store is told (`item_to_staff`) by the same statement.
  if (receiver.type === "staff")
    also.push(
      await notificationCtes("t", {
        kind: "item_to_staff",
        liverId: receiver.liver_id,
        staffId: receiver.id,
        listenerId: actor.uid,
        itemName: item.name,
        at: now,
      }),
    );
  const to = accounts.storeItems(receiver.liver_id, item.item_id);

  const book = async (tx: Db, purchase: GiftPurchase | null) => {
    const booked = await bookGift(tx, {
      txId: randomUUID(),
      key,
      actorId: actor.uid,
      result: answer,
      itemId: item.item_id,
      quantity: gift.quantity,
      liverId: receiver.liver_id,
      purchase,
      gift: {
        gift_id: giftId,
        staff_id: receiver.type === "staff" ? receiver.id : null,
        broadcaster_id: receiver.id,
        live_id: answer.live_id,
        room_id: answer.room_id,
        coins: answer.coins,
        points: item.point_value * gift.quantity,
        combo_id: combo.combo_id,
        combo_count: combo.count,
        created_at: answer.created_at,
      },
      also,
    });
    if (!booked) throw new KeyTaken();
    if (gift.room_id)
      await writeGiftMessage(tx, actor, gift.room_id, {
        gift_id: giftId,
        item_id: item.item_id,
        name: item.name,
        image_url: item.image_url,
        quantity: gift.quantity,
        combo_id: combo.combo_id,
        combo_count: combo.count,
        tier: answer.tier,
      });
    if (gift.live_id) {
      const before = Number(facts.fanPoints ?? 0);
      const level = fanLevel(before + answer.coins, settings.fanThresholds);
      const event: LiveGiftEvent = {
        gift_id: giftId,
        item: {
          item_id: item.item_id,
          name: item.name,
          image_url: item.image_url,
          animation_url: item.animation_url,
        },
        quantity: gift.quantity,
        combo: answer.combo,
        tier: answer.tier,
        coins: answer.coins,
        points: item.point_value * gift.quantity,
        // A listener who hides from rankings is not named by her gifts either.
        from: facts.anonymous
          ? { listener_id: "", nickname: ANONYMOUS_LISTENER, fan_level: 0 }
          : { listener_id: actor.uid, nickname: facts.nickname?.trim() || GUEST_NICKNAME, fan_level: level },
        to: { type: receiver.type, id: receiver.id, name: receiver.name },
        created_at: answer.created_at,
      };
      // Last in the transaction (publish's rule), all on the live's topic: viewers see the gift,
      // the ranking it moved and the giver's new level only if the gift commits.
      await publish({ db: tx, topic: liveTopic(gift.live_id), type: "gift", data: event });
      await publishRankingAfterGift(tx, {
        liveId: gift.live_id,
        broadcasterId: receiver.id,
        giverId: actor.uid,
        thresholds: settings.fanThresholds,
        at: now,
      });
      // Her level-up is told to her page on the live's stream, by her id: not for an anonymous giver.
      if (!facts.anonymous && level > fanLevel(before, settings.fanThresholds))
        await publish({
          db: tx,
          topic: liveTopic(gift.live_id),
          type: "fan-level",
          data: { listener_id: actor.uid, level },
        });
    }
  };

  try {
    if (cost.bought > 0) {
      // Buy and give in one transaction: the giver's coin lots locked first (concurrent spenders of
      // one listener queue here and each sees the balances the one before left), then the booking.
      await db.transaction(async (tx) => {
        const spend = await spendCoinsPostings(tx, actor.uid, cost.coins, now);
        if ("insufficient" in spend) throw new CoinsShort();
        // The accounts the purchase books to, inserted only while one of them is missing (the
        // first gift of that item by her, to that store, or ever): a round trip saved on the rest.
        if (facts.have === null || !facts.held || !facts.platform)
          await ensureAccounts(tx, [
            accounts.listenerItems(actor.uid, item.item_id),
            to,
            ...purchasePlatformAccounts(item.item_id),
          ]);
        const lots = spend.postings
          .filter((p) => p.tracked)
          .map((p) => ({ account_id: p.account_id, amount: -p.amount }));
        await book(tx, { bought: cost.bought, lots, coins: cost.coins });
      });
    } else {
      // The store's first item of that kind: its account, once (an account is never removed).
      if (!facts.held) await ensureAccounts(db, [to]);
      // One statement, its own transaction; in a live the events are published in the same one, in
      // a room the message is written in the same one.
      if (gift.live_id || gift.room_id) await db.transaction((tx) => book(tx, null));
      else await book(db, null);
    }
    return { ok: true, replayed: false, gift: answer };
  } catch (error) {
    if (error instanceof CoinsShort) return notEnoughCoins;
    if (isBalanceRefusal(error)) return cost.bought > 0 ? notEnoughCoins : notEnoughItems;
    if (error instanceof GiftRoomBlockedError) return blockedAnswer;
    if (error instanceof KeyTaken) {
      const replay = await findReplay<GiftAnswer>(db, key);
      if (replay) return giftAnswer(replay);
    }
    throw error;
  }
}

const notEnoughItems = {
  ok: false,
  error: "insufficient",
  message: MONEY_TEXTS.notEnoughItems,
  field: "quantity",
} as const;

/** `field: pay_with_coins`: the page offers the coin page (with a way back) for this one. */
const notEnoughCoins = {
  ok: false,
  error: "insufficient",
  message: MONEY_TEXTS.notEnoughCoins,
  field: "pay_with_coins",
} as const;

const blockedAnswer = {
  ok: false,
  error: "blocked",
  message: MONEY_TEXTS.giftBlocked,
  field: "room_id",
} as const;

function storedAnswer(prior: { hash: string; result: GiftAnswer }, hash: string): Once<GiftAnswer> {
  if (prior.hash !== hash) return { ok: false, error: "idempotency_conflict" };
  return { ok: true, result: prior.result, replayed: true };
}

function giftAnswer(once: Once<GiftAnswer>): SendGiftResult {
  if (!once.ok)
    return {
      ok: false,
      error: "idempotency_conflict",
      message: MONEY_TEXTS.keyReused,
      field: "idempotency_key",
    };
  return { ok: true, replayed: once.replayed, gift: once.result };
}
