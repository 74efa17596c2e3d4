import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { STORE_INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from "../../../domain/store-billing";
import { createdAt, tstz, updatedAt } from "./columns";
import { livers } from "./livers";
import { plans } from "./plans";

/**
 * A store's plan subscription at the payment provider (ADR 0032 "Store plans", ADR 0037): one
 * row per store, with the provider's customer and subscription, the billed plan and period, the
 * card on file (brand and last four only) and the grace after a failed renewal.
 */
export const storeBilling = pgTable(
  "store_billing",
  {
    liver_id: text("liver_id")
      .primaryKey()
      .references(() => livers.uid, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["test", "stripe"] }).notNull(),
    customer_id: text("customer_id"),
    subscription_id: text("subscription_id"),
    /** The checkout the store was last sent to (subscription mode). */
    checkout_session_id: text("checkout_session_id"),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("incomplete"),
    /** The plan the subscription bills now (its last paid or attempted invoice). */
    plan_id: text("plan_id").references(() => plans.id),
    /** The plan the provider was told to bill from the next renewal (Stripe; `new_plan_id`). */
    scheduled_plan_id: text("scheduled_plan_id").references(() => plans.id),
    anchor_day: integer("anchor_day"),
    current_period_start: tstz("current_period_start"),
    /** The next billing date. */
    current_period_end: tstz("current_period_end"),
    cancel_at_period_end: boolean("cancel_at_period_end").notNull().default(false),
    card_brand: text("card_brand").notNull().default(""),
    card_last4: text("card_last4").notNull().default(""),
    /** Test provider only: the card on file fails its next charges (a test card for the failure path). */
    test_card_fails: boolean("test_card_fails").notNull().default(false),
    failed_at: tstz("failed_at"),
    grace_until: tstz("grace_until"),
    grace_reminded_at: tstz("grace_reminded_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("store_billing_subscription_idx").on(t.provider, t.subscription_id),
    uniqueIndex("store_billing_customer_idx").on(t.provider, t.customer_id),
    index("store_billing_due_idx").on(t.provider, t.status, t.current_period_end),
    index("store_billing_grace_idx").on(t.grace_until),
  ],
);

/** A store's plan invoices as the provider reported them (one row per provider invoice). */
export const storeInvoices = pgTable(
  "store_invoices",
  {
    invoice_id: text("invoice_id").primaryKey(),
    liver_id: text("liver_id")
      .notNull()
      .references(() => livers.uid, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["test", "stripe"] }).notNull(),
    subscription_id: text("subscription_id"),
    plan_id: text("plan_id").references(() => plans.id),
    number: text("number").notNull().default(""),
    amount_jpy: integer("amount_jpy").notNull(),
    status: text("status", { enum: STORE_INVOICE_STATUSES }).notNull(),
    period_start: tstz("period_start"),
    period_end: tstz("period_end"),
    /** The provider's page of the invoice (pay an open one, download the receipt of a paid one). */
    hosted_url: text("hosted_url").notNull().default(""),
    created_at: createdAt(),
    paid_at: tstz("paid_at"),
    failed_at: tstz("failed_at"),
  },
  (t) => [index("store_invoices_liver_idx").on(t.liver_id, t.created_at.desc())],
);

export type StoreBilling = typeof storeBilling.$inferSelect;
export type StoreInvoice = typeof storeInvoices.$inferSelect;
