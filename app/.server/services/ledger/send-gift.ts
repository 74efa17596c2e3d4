import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { GUEST_NICKNAME, type LiveGiftEvent, liveTopic } from "~/domain/live";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRowsPrepared } from "../../db/client";
import { livers, staffs } from "../../db/schema";
import { publish } from "../../realtime/publish";
import { loadLive } from "../live/live-access";
import { notificationCtes } from "../notifications/record-notification";
import { listedStaff } from "../shared/staff-query";
import { accounts, ensureAccounts } from "./accounts";
import { GiftRoomBlockedError, roomForGift, writeGiftMessage } from "./gift-in-room";
import { findReplay, type Once, requestHash } from "./run-once";

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

interface GiftFacts {
  prior: { hash: string; result: GiftAnswer } | null;
  item: { item_id: string; name: string; image_url: string } | null;
  receiver: { id: string; liver_id: string; name: string } | null;
  /** The giver's items of that kind now (null: never had any). */
  have: number | string | null;
  /** Whether the store's account for that item exists already. */
  held: boolean | null;
  nickname: string | null;
}

/**
 * Everything the gift needs to know before it books, in one round trip: the key's stored answer,
 * the item, the receiver (a listed staff member with her store, or a public store), the giver's
 * items of that kind (a refusal needs no write) and whether the store's item account exists.
 */
async function readFacts(db: Db, actor: Viewer, input: SendGiftInput, key: string): Promise<GiftFacts> {
  const receiver = input.staff_id
    ? sql`select ${staffs.uid} as id, ${staffs.liver_id} as liver_id, ${staffs.name} as name
          from ${staffs} join ${livers} on ${livers.uid} = ${staffs.liver_id}
          where ${listedStaff} and ${staffs.uid} = ${input.staff_id}`
    : sql`select ${livers.uid} as id, ${livers.uid} as liver_id, ${livers.store_name} as name
          from ${livers} where ${livers.status} = 'public' and ${livers.uid} = ${input.liver_id ?? ""}`;
  const [facts] = await queryRowsPrepared<GiftFacts>(
    db,
    "gift_read",
    sql`select
          (select json_build_object('hash', request_hash, 'result', result)
             from ledger_transactions where idempotency_key = ${key}) as prior,
          (select json_build_object('item_id', item_id, 'name', name, 'image_url', image_url)
             from items where item_id = ${input.item_id}) as item,
          (select row_to_json(r) from (${receiver}) r) as receiver,
          (select balance from ledger_accounts
             where account_id = ${accounts.listenerItems(actor.uid, input.item_id).account_id}) as have,
          (select true from ledger_accounts, (${receiver}) r
             where account_id = 'liver:' || r.liver_id || ':item:' || ${input.item_id}) as held,
          ${input.live_id ? sql`(select nickname from listeners where uid = ${actor.uid})` : sql`null`} as nickname`,
  );
  return facts!;
}

/** The key was booked by a request that committed while this one waited on it. */
class KeyTaken extends Error {}

/** The CHECK that keeps a tracked balance at or above zero refused the move. */
function isBalanceRefusal(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === "23514" && constraint === "ledger_accounts_not_negative") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Books a gift in one statement (ADR 0040): the ledger header under the idempotency key (its
 * unique index makes a second request with the key wait for the first and then write nothing),
 * the giver's balance then the store's (always in that order — listener accounts sort before store
 * accounts, as `writeLedgerTransaction` locks them — so two gifts never deadlock), both entries and
 * the gift row. The giver's update is unconditional on purpose: below zero, the balance CHECK
 * fails the statement and nothing is written. Entries are written whenever the header is, so a
 * missing account fails on the foreign key instead of leaving a header without entries; the
 * deferred trigger checks at commit that they sum to zero. False when the key was taken.
 */
async function bookGift(
  db: Db,
  g: {
    txId: string;
    key: { idempotencyKey: string; requestHash: string };
    actorId: string;
    from: string;
    to: string;
    answer: GiftAnswer;
    staffId: string | null;
    /** The store's `item_to_staff` notice and its job, written with the gift (ADR 0025). */
    notice: SQL | null;
  },
): Promise<boolean> {
  const { answer } = g;
  const [row] = await queryRowsPrepared<{ booked: number | string }>(
    db,
    "gift_book",
    sql`with t as (
          insert into ledger_transactions (tx_id, kind, idempotency_key, request_hash, actor_id, result)
          values (${g.txId}, 'gift', ${g.key.idempotencyKey}, ${g.key.requestHash}, ${g.actorId},
                  ${JSON.stringify(answer)}::jsonb)
          on conflict (idempotency_key) do nothing
          returning tx_id
        ), giver as (
          update ledger_accounts set balance = balance - ${answer.quantity}
          where account_id = ${g.from} and exists (select 1 from t)
          returning account_id
        ), receiver as (
          update ledger_accounts set balance = balance + ${answer.quantity}
          where account_id = ${g.to} and exists (select 1 from giver)
          returning account_id
        ), entries as (
          insert into ledger_entries (tx_id, account_id, unit, item_id, amount)
          select t.tx_id, p.account_id, 'items', ${answer.item_id}, p.amount
          from t, (values (${g.from}, ${-answer.quantity}::bigint), (${g.to}, ${answer.quantity}::bigint))
            as p (account_id, amount)
          returning 1
        ), gift as (
          insert into gifts (gift_id, tx_id, listener_id, liver_id, staff_id, item_id, quantity, live_id, room_id, created_at)
          select ${answer.gift_id}, t.tx_id, ${g.actorId}, ${answer.liver_id}, ${g.staffId}, ${answer.item_id},
                 ${answer.quantity}, ${answer.live_id}, ${answer.room_id}, ${answer.created_at}::timestamptz
          from t
          returning 1
        )${g.notice ? sql`, ${g.notice}` : sql``}
        select (select count(*) from t) + 0 * (select count(*) from receiver) + 0 * (select count(*) from entries)
               + 0 * (select count(*) from gift) as booked`,
  );
  return Number(row?.booked ?? 0) === 1;
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
  const facts = await readFacts(db, actor, gift, key.idempotencyKey);
  if (facts.prior) return giftAnswer(storedAnswer(facts.prior, key.requestHash));
  const item = facts.item;
  if (!item) return { ok: false, error: "not_found", message: MONEY_TEXTS.itemRequired, field: "item_id" };
  const receiver: Receiver | null = facts.receiver
    ? {
        type: gift.staff_id ? "staff" : "liver",
        id: facts.receiver.id,
        liverId: facts.receiver.liver_id,
        name: facts.receiver.name,
      }
    : null;
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
  const insufficient = {
    ok: false,
    error: "insufficient",
    message: MONEY_TEXTS.notEnoughItems,
    field: "quantity",
  } as const;
  // Read without a lock: enough to refuse at once; a concurrent spend is caught by the CHECK.
  if (Number(facts.have ?? 0) < gift.quantity) return insufficient;
  const from = accounts.listenerItems(actor.uid, item.item_id);
  const to = accounts.storeItems(receiver.liverId, item.item_id);
  // The store's first item of that kind: its account, once (an account is never removed).
  if (!facts.held) await ensureAccounts(db, [to]);
  const now = new Date();
  const answer: GiftAnswer = {
    gift_id: randomUUID(),
    item_id: item.item_id,
    quantity: gift.quantity,
    to: { type: receiver.type, id: receiver.id },
    liver_id: receiver.liverId,
    live_id: gift.live_id ?? null,
    room_id: gift.room_id ?? null,
    created_at: now.toISOString(),
  };
  // A staff member's store is told (`item_to_staff`) by the same statement.
  const notice =
    receiver.type === "staff"
      ? await notificationCtes("t", {
          kind: "item_to_staff",
          liverId: receiver.liverId,
          staffId: receiver.id,
          listenerId: actor.uid,
          itemName: item.name,
          at: now,
        })
      : null;
  const book = async (tx: Db) => {
    const booked = await bookGift(tx, {
      txId: randomUUID(),
      key,
      actorId: actor.uid,
      from: from.account_id,
      to: to.account_id,
      answer,
      staffId: receiver.type === "staff" ? receiver.id : null,
      notice,
    });
    if (!booked) throw new KeyTaken();
    if (gift.room_id)
      await writeGiftMessage(tx, actor, gift.room_id, {
        gift_id: answer.gift_id,
        item_id: item.item_id,
        name: item.name,
        image_url: item.image_url,
        quantity: gift.quantity,
      });
    if (gift.live_id) {
      const event: LiveGiftEvent = {
        gift_id: answer.gift_id,
        item: { item_id: item.item_id, name: item.name, image_url: item.image_url },
        quantity: gift.quantity,
        from: { listener_id: actor.uid, nickname: facts.nickname?.trim() || GUEST_NICKNAME },
        to: { type: receiver.type, id: receiver.id, name: receiver.name },
        created_at: answer.created_at,
      };
      // Last in the transaction (publish's rule): viewers see it only if the gift commits.
      await publish({ db: tx, topic: liveTopic(gift.live_id), type: "gift", data: event });
    }
  };
  try {
    // One statement, its own transaction; in a live the event is published in the same one, in a
    // room the message is written and published in the same one.
    if (gift.live_id || gift.room_id) await db.transaction(book);
    else await book(db);
    return { ok: true, replayed: false, gift: answer };
  } catch (error) {
    if (isBalanceRefusal(error)) return insufficient;
    if (error instanceof GiftRoomBlockedError) return blockedAnswer;
    if (error instanceof KeyTaken) {
      const replay = await findReplay<GiftAnswer>(db, key);
      if (replay) return giftAnswer(replay);
    }
    throw error;
  }
}

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
