import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { COIN_LOT_KINDS, LEDGER_UNITS } from "../../../domain/money";
import { createdAt, tstz } from "./columns";
import { listeners } from "./listeners";
import { livers } from "./livers";

/** Coin packs on sale (ADR 0032): data, tax-included yen. */
export const coinPacks = pgTable(
  "coin_packs",
  {
    pack_id: text("pack_id").primaryKey(),
    name: text("name").notNull(),
    coins: integer("coins").notNull(),
    bonus_coins: integer("bonus_coins").notNull().default(0),
    price_jpy: integer("price_jpy").notNull(),
    status: text("status", { enum: ["active", "hidden"] })
      .notNull()
      .default("active"),
    sort_order: integer("sort_order").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [check("coin_packs_amounts", sql`${t.coins} > 0 and ${t.bonus_coins} >= 0 and ${t.price_jpy} > 0`)],
);

/** The item catalogue (ADR 0032). */
export const items = pgTable(
  "items",
  {
    item_id: text("item_id").primaryKey(),
    name: text("name").notNull(),
    image_url: text("image_url").notNull().default(""),
    coin_price: integer("coin_price").notNull(),
    point_value: integer("point_value").notNull(),
    /** The full-screen animation of a top-tier gift (a Lottie JSON file; ADR 0043), "" for none. */
    animation_url: text("animation_url").notNull().default(""),
    status: text("status", { enum: ["active", "hidden"] })
      .notNull()
      .default("active"),
    sort_order: integer("sort_order").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [check("items_amounts", sql`${t.coin_price} > 0 and ${t.point_value} >= 0`)],
);

/**
 * A ledger account (ADR 0032): one unit, one owner. Holdings of listeners and stores are
 * `tracked`: their `balance` is kept in the same transaction as the entries and may never be
 * negative (the CHECK is the last line of defence under concurrency). The platform's and the
 * provider's counter-accounts are not tracked (their balance would be a hot row every purchase
 * queues on); their balance is the sum of their entries.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    account_id: text("account_id").primaryKey(),
    owner_type: text("owner_type", { enum: ["listener", "liver", "platform", "provider"] }).notNull(),
    owner_id: text("owner_id"),
    /** What the account holds: `coins`, `items`, `points`, `payout` or a platform purpose. */
    purpose: text("purpose").notNull(),
    unit: text("unit", { enum: LEDGER_UNITS }).notNull(),
    item_id: text("item_id").references(() => items.item_id),
    /** Coin lots: paid or bonus, when acquired, when they expire (paid only). */
    lot_kind: text("lot_kind", { enum: COIN_LOT_KINDS }),
    acquired_at: tstz("acquired_at"),
    expires_at: tstz("expires_at"),
    tracked: boolean("tracked").notNull(),
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    check("ledger_accounts_not_negative", sql`not ${t.tracked} or ${t.balance} >= 0`),
    check("ledger_accounts_item_unit", sql`(${t.unit} = 'items') = (${t.item_id} is not null)`),
    index("ledger_accounts_owner_idx").on(t.owner_id, t.unit),
    // Paid lots by expiry, for the expiry job (which skips the empty ones). Not `balance > 0` in the
    // predicate: a column an index mentions makes every update of it a non-HOT update (a new entry
    // in every index), and balances change on every purchase and gift (ADR 0040).
    index("ledger_accounts_expiring_idx").on(t.expires_at).where(sql`${t.lot_kind} = 'paid'`),
  ],
);

/** One business operation, written once (append-only: a trigger refuses UPDATE and DELETE). */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    tx_id: text("tx_id").primaryKey(),
    kind: text("kind").notNull(),
    /** Namespaced by the operation (`gift:<listener>:<client key>`): the same key never acts twice. */
    idempotency_key: text("idempotency_key").notNull(),
    /** A digest of the request: the same key with other parameters is refused. */
    request_hash: text("request_hash").notNull(),
    actor_id: text("actor_id"),
    /** The answer the operation gave, replayed for the same key. */
    result: jsonb("result").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_transactions_key_idx").on(t.idempotency_key),
    index("ledger_transactions_actor_idx").on(t.actor_id, t.created_at.desc()),
  ],
);

/** The movements of one transaction: per unit (and per item) they sum to zero. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    entry_id: bigserial("entry_id", { mode: "number" }).primaryKey(),
    tx_id: text("tx_id")
      .notNull()
      .references(() => ledgerTransactions.tx_id),
    account_id: text("account_id")
      .notNull()
      .references(() => ledgerAccounts.account_id),
    unit: text("unit", { enum: LEDGER_UNITS }).notNull(),
    item_id: text("item_id"),
    amount: bigint("amount", { mode: "number" }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    check("ledger_entries_amount", sql`${t.amount} <> 0`),
    index("ledger_entries_tx_idx").on(t.tx_id),
    index("ledger_entries_account_idx").on(t.account_id),
  ],
);

export const COIN_ORDER_STATUSES = ["pending", "awaiting_payment", "paid", "failed", "expired"] as const;

/** A coin pack checkout at the payment provider; credited exactly once, when paid. */
export const coinOrders = pgTable(
  "coin_orders",
  {
    order_id: text("order_id").primaryKey(),
    listener_id: text("listener_id")
      .notNull()
      .references(() => listeners.uid, { onDelete: "cascade" }),
    pack_id: text("pack_id")
      .notNull()
      .references(() => coinPacks.pack_id),
    coins: integer("coins").notNull(),
    bonus_coins: integer("bonus_coins").notNull(),
    price_jpy: integer("price_jpy").notNull(),
    provider: text("provider", { enum: ["test", "stripe"] }).notNull(),
    provider_session_id: text("provider_session_id"),
    status: text("status", { enum: COIN_ORDER_STATUSES }).notNull().default("pending"),
    created_at: createdAt(),
    paid_at: tstz("paid_at"),
  },
  (t) => [
    uniqueIndex("coin_orders_session_idx").on(t.provider, t.provider_session_id),
    index("coin_orders_listener_idx").on(t.listener_id, t.created_at.desc()),
  ],
);

/** Provider events already handled (deduplicated on the provider's event id). */
export const paymentEvents = pgTable("payment_events", {
  event_id: text("event_id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  received_at: createdAt(),
});

/** A gift: items moved from a listener to a store (a staff member's are held by her store). */
export const gifts = pgTable(
  "gifts",
  {
    gift_id: text("gift_id").primaryKey(),
    tx_id: text("tx_id")
      .notNull()
      .references(() => ledgerTransactions.tx_id),
    listener_id: text("listener_id")
      .notNull()
      .references(() => listeners.uid, { onDelete: "cascade" }),
    liver_id: text("liver_id")
      .notNull()
      .references(() => livers.uid, { onDelete: "cascade" }),
    staff_id: text("staff_id"),
    item_id: text("item_id")
      .notNull()
      .references(() => items.item_id),
    quantity: integer("quantity").notNull(),
    live_id: text("live_id"),
    room_id: text("room_id"),
    /**
     * Who received it as a broadcaster: the staff member, or the store for a store's own gift. The
     * fan points and the rankings are counted per broadcaster (ADR 0043).
     */
    broadcaster_id: text("broadcaster_id").notNull(),
    /** Its worth when sent: the item's coin price × quantity, and its point value × quantity. */
    coins: integer("coins").notNull(),
    points: integer("points").notNull(),
    /** The combo it belongs to (the first gift's id) and ×N with it included (ADR 0043). */
    combo_id: text("combo_id").notNull(),
    combo_count: integer("combo_count").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    check("gifts_quantity", sql`${t.quantity} > 0`),
    check("gifts_worth", sql`${t.coins} >= 0 and ${t.points} >= 0 and ${t.combo_count} >= ${t.quantity}`),
    index("gifts_liver_idx").on(t.liver_id, t.created_at.desc()),
    index("gifts_staff_idx").on(t.staff_id, t.created_at.desc()),
    index("gifts_listener_idx").on(t.listener_id, t.created_at.desc()),
    index("gifts_live_idx").on(t.live_id, t.created_at).where(sql`${t.live_id} is not null`),
  ],
);

export const PAYOUT_STATUSES = ["pending", "approved", "exported", "paid", "rejected"] as const;

/** A store's payout request (points → yen); the operator approves and pays it (ADR 0028). */
export const payoutRequests = pgTable(
  "payout_requests",
  {
    request_id: text("request_id").primaryKey(),
    tx_id: text("tx_id")
      .notNull()
      .references(() => ledgerTransactions.tx_id),
    liver_id: text("liver_id")
      .notNull()
      .references(() => livers.uid, { onDelete: "cascade" }),
    gross_yen: integer("gross_yen").notNull(),
    fee_yen: integer("fee_yen").notNull(),
    withholding_yen: integer("withholding_yen").notNull(),
    net_yen: integer("net_yen").notNull(),
    /** The bank account at the time of the request. */
    bank_account: jsonb("bank_account").notNull(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("pending"),
    created_at: createdAt(),
  },
  (t) => [
    check("payout_requests_sum", sql`${t.gross_yen} = ${t.fee_yen} + ${t.withholding_yen} + ${t.net_yen}`),
    index("payout_requests_liver_idx").on(t.liver_id, t.created_at.desc()),
  ],
);

/** Coin lots whose listener was told they expire soon (one mail per lot). */
export const coinExpiryNotices = pgTable("coin_expiry_notices", {
  account_id: text("account_id")
    .primaryKey()
    .references(() => ledgerAccounts.account_id),
  mailed_at: createdAt(),
});

export type Item = typeof items.$inferSelect;
export type CoinPack = typeof coinPacks.$inferSelect;
export type CoinOrder = typeof coinOrders.$inferSelect;
export type Gift = typeof gifts.$inferSelect;
export type PayoutRequest = typeof payoutRequests.$inferSelect;
