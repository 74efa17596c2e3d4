import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { GUEST_NICKNAME, type LiveGiftEvent, liveTopic } from "~/domain/live";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db, Tx } from "../../db/client";
import { gifts, items, listeners, livers, staffs } from "../../db/schema";
import { publish } from "../../realtime/publish";
import { loadLive } from "../live/live-access";
import { recordNotification } from "../notifications/record-notification";
import { listedStaff } from "../shared/staff-query";
import { accounts, ensureAccounts } from "./accounts";
import { GiftRoomBlockedError, roomForGift, writeGiftMessage } from "./gift-in-room";
import { findReplay, type Once, requestHash, runOnce } from "./run-once";
import { InsufficientBalanceError, writeLedgerTransaction } from "./write-ledger-transaction";

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

export type SendGiftInput = z.infer<typeof SendGiftSchema>;

export interface GiftAnswer {
  gift_id: string;
  item_id: string;
  quantity: number;
  to: { type: "staff" | "liver"; id: string };
  liver_id: string;
  live_id: string | null;
  room_id: string | null;
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

interface Receiver {
  type: "staff" | "liver";
  id: string;
  liverId: string;
  name: string;
}

async function findReceiver(db: Db, input: SendGiftInput): Promise<Receiver | null> {
  if (input.staff_id) {
    const [row] = await db
      .select({ id: staffs.uid, liverId: staffs.liver_id, name: staffs.name })
      .from(staffs)
      .innerJoin(livers, eq(livers.uid, staffs.liver_id))
      .where(and(listedStaff, eq(staffs.uid, input.staff_id)));
    return row ? { type: "staff", ...row } : null;
  }
  const [row] = await db
    .select({ id: livers.uid, name: livers.store_name })
    .from(livers)
    .where(and(eq(livers.status, "public"), eq(livers.uid, input.liver_id ?? "")));
  return row ? { type: "liver", id: row.id, liverId: row.id, name: row.name } : null;
}

/**
 * `POST /api/gifts` (contract §14): a listener gives items from the inventory to a listed staff
 * member (held by her store) or a public store; once per idempotency key. In a live (`live_id`,
 * which must be on and be the receiver's), the live's viewers see a `gift` event; in a chat room
 * (`room_id`, the actor's own room: its staff member receives; a blocked room refuses) the gift is
 * a message of the room, seen live by both members (gift-in-room.ts, ADR 0038). A
 * staff member's store is told (`item_to_staff`).
 */
export async function sendGift({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: unknown;
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
  const replay = await findReplay<GiftAnswer>(db, key);
  if (replay) return giftAnswer(replay);
  if (gift.room_id) {
    const inRoom = await roomForGift(db, actor, gift.room_id);
    if (!inRoom.ok || gift.liver_id || (gift.staff_id && gift.staff_id !== inRoom.room.staff_id))
      return { ok: false, error: "not_found", message: MONEY_TEXTS.receiverNotFound, field: "room_id" };
    if (inRoom.blocked)
      return { ok: false, error: "blocked", message: MONEY_TEXTS.giftBlocked, field: "room_id" };
    gift.staff_id = inRoom.room.staff_id;
  }
  const [item] = await db.select().from(items).where(eq(items.item_id, gift.item_id));
  if (!item) return { ok: false, error: "not_found", message: MONEY_TEXTS.itemRequired, field: "item_id" };
  const receiver = await findReceiver(db, gift);
  if (!receiver)
    return {
      ok: false,
      error: "not_found",
      message: MONEY_TEXTS.receiverNotFound,
      field: gift.staff_id ? "staff_id" : "liver_id",
    };
  if (gift.live_id) {
    const live = await loadLive(db, gift.live_id);
    if (!live || live.broadcaster_id !== receiver.id)
      return { ok: false, error: "not_found", message: MONEY_TEXTS.receiverNotFound, field: "live_id" };
    if (live.status !== "live")
      return { ok: false, error: "ended", message: MONEY_TEXTS.liveNotLive, field: "live_id" };
  }
  try {
    const once = await runOnce<GiftAnswer>(db, key, async (tx) => {
      const from = accounts.listenerItems(actor.uid, item.item_id);
      const to = accounts.storeItems(receiver.liverId, item.item_id);
      await ensureAccounts(tx, [from, to]);
      const giftId = randomUUID();
      const now = new Date();
      const answer: GiftAnswer = {
        gift_id: giftId,
        item_id: item.item_id,
        quantity: gift.quantity,
        to: { type: receiver.type, id: receiver.id },
        liver_id: receiver.liverId,
        live_id: gift.live_id ?? null,
        room_id: gift.room_id ?? null,
        created_at: now.toISOString(),
      };
      const txId = await writeLedgerTransaction(tx, {
        kind: "gift",
        ...key,
        actorId: actor.uid,
        result: answer,
        postings: [
          {
            account_id: from.account_id,
            unit: "items",
            item_id: item.item_id,
            tracked: true,
            amount: -gift.quantity,
          },
          {
            account_id: to.account_id,
            unit: "items",
            item_id: item.item_id,
            tracked: true,
            amount: gift.quantity,
          },
        ],
      });
      await tx.insert(gifts).values({
        gift_id: giftId,
        tx_id: txId,
        listener_id: actor.uid,
        liver_id: receiver.liverId,
        staff_id: receiver.type === "staff" ? receiver.id : null,
        item_id: item.item_id,
        quantity: gift.quantity,
        live_id: gift.live_id ?? null,
        room_id: gift.room_id ?? null,
        created_at: now,
      });
      if (receiver.type === "staff")
        await recordNotification(tx as Tx, {
          kind: "item_to_staff",
          liverId: receiver.liverId,
          staffId: receiver.id,
          listenerId: actor.uid,
          itemName: item.name,
          at: now,
        });
      if (gift.room_id)
        await writeGiftMessage(tx, actor, gift.room_id, {
          gift_id: giftId,
          item_id: item.item_id,
          name: item.name,
          image_url: item.image_url,
          quantity: gift.quantity,
        });
      if (gift.live_id) {
        const [me] = await tx
          .select({ nickname: listeners.nickname })
          .from(listeners)
          .where(eq(listeners.uid, actor.uid));
        const event: LiveGiftEvent = {
          gift_id: giftId,
          item: { item_id: item.item_id, name: item.name, image_url: item.image_url },
          quantity: gift.quantity,
          from: { listener_id: actor.uid, nickname: me?.nickname?.trim() || GUEST_NICKNAME },
          to: { type: receiver.type, id: receiver.id, name: receiver.name },
          created_at: answer.created_at,
        };
        // Last in the transaction (publish's rule): viewers see it only if the gift commits.
        await publish({ db: tx, topic: liveTopic(gift.live_id), type: "gift", data: event });
      }
      return answer;
    });
    if (!once.ok)
      return {
        ok: false,
        error: "idempotency_conflict",
        message: MONEY_TEXTS.keyReused,
        field: "idempotency_key",
      };
    return { ok: true, replayed: once.replayed, gift: once.result };
  } catch (error) {
    if (error instanceof InsufficientBalanceError)
      return { ok: false, error: "insufficient", message: MONEY_TEXTS.notEnoughItems, field: "quantity" };
    if (error instanceof GiftRoomBlockedError)
      return { ok: false, error: "blocked", message: MONEY_TEXTS.giftBlocked, field: "room_id" };
    throw error;
  }
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
