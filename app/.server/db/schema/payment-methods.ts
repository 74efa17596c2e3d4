import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { listeners } from "./listeners";
import { coinOrders, ledgerTransactions } from "./money";

/**
 * A listener's customer at a payment provider (ADR 0038): coin checkouts name it so the listener
 * can save a card there; `/listener/mypage/payment` lists and deletes what the provider keeps.
 * Listener-only on purpose (stores' billing customers live with store plans).
 */
export const listenerPaymentCustomers = pgTable(
  "listener_payment_customers",
  {
    listener_id: text("listener_id")
      .notNull()
      .references(() => listeners.uid, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["test", "stripe"] }).notNull(),
    customer_id: text("customer_id").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.listener_id, t.provider] }),
    uniqueIndex("listener_payment_customers_customer_idx").on(t.provider, t.customer_id),
  ],
);

/**
 * The test provider's own store of saved cards (it plays the provider: only a brand, the last 4
 * digits and the expiry of a fixed test card, never a card number).
 */
export const testPaymentMethods = pgTable(
  "test_payment_methods",
  {
    payment_method_id: text("payment_method_id").primaryKey(),
    customer_id: text("customer_id").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    exp_month: integer("exp_month").notNull(),
    exp_year: integer("exp_year").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("test_payment_methods_customer_idx").on(t.customer_id, t.created_at)],
);

/**
 * One booked refund step of a coin order (ADR 0038): the provider's cumulative `amount_refunded`
 * it brought the order to, the yen of this step, the coins it should take back (`*_due`) and what
 * it could (`*_taken`); the difference had already been spent (`coins_short`, what the operator
 * reviews). One row per (order, cumulative amount): duplicated events book nothing more.
 */
export const coinRefunds = pgTable(
  "coin_refunds",
  {
    refund_id: text("refund_id").primaryKey(),
    order_id: text("order_id")
      .notNull()
      .references(() => coinOrders.order_id, { onDelete: "cascade" }),
    tx_id: text("tx_id")
      .notNull()
      .references(() => ledgerTransactions.tx_id),
    provider_charge_id: text("provider_charge_id").notNull(),
    refunded_total_jpy: integer("refunded_total_jpy").notNull(),
    refund_jpy: integer("refund_jpy").notNull(),
    paid_due: integer("paid_due").notNull(),
    paid_taken: integer("paid_taken").notNull(),
    bonus_due: integer("bonus_due").notNull(),
    bonus_taken: integer("bonus_taken").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("coin_refunds_step_idx").on(t.order_id, t.refunded_total_jpy),
    check(
      "coin_refunds_amounts",
      sql`${t.refund_jpy} >= 0 and ${t.paid_taken} between 0 and ${t.paid_due} and ${t.bonus_taken} between 0 and ${t.bonus_due}`,
    ),
  ],
);

export type CoinRefund = typeof coinRefunds.$inferSelect;
