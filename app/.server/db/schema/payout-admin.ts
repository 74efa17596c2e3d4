import { bigint, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { ledgerTransactions, payoutRequests } from "./money";
import { operators } from "./operators";

/**
 * A 全銀 transfer file the operator exported (ADR 0033): the requests it holds and the file's
 * bytes as written, so downloading it again gives the same file.
 */
export const payoutBatches = pgTable("payout_batches", {
  batch_id: text("batch_id").primaryKey(),
  /** 取組日 (YYYY-MM-DD, Asia/Tokyo). */
  transfer_date: text("transfer_date").notNull(),
  count: integer("count").notNull(),
  total_yen: bigint("total_yen", { mode: "number" }).notNull(),
  /** The Shift_JIS file, base64. */
  file_base64: text("file_base64").notNull(),
  operator_uid: text("operator_uid").references(() => operators.uid, { onDelete: "set null" }),
  created_at: createdAt(),
});

export const PAYOUT_STEPS = ["approved", "rejected", "exported", "paid"] as const;
export type PayoutStep = (typeof PAYOUT_STEPS)[number];

/** Each step an operator took on a payout request (one of each kind at most), with its ledger transaction. */
export const payoutSteps = pgTable(
  "payout_steps",
  {
    request_id: text("request_id")
      .notNull()
      .references(() => payoutRequests.request_id, { onDelete: "cascade" }),
    step: text("step", { enum: PAYOUT_STEPS }).notNull(),
    reason: text("reason").notNull().default(""),
    batch_id: text("batch_id").references(() => payoutBatches.batch_id),
    tx_id: text("tx_id").references(() => ledgerTransactions.tx_id),
    operator_uid: text("operator_uid").references(() => operators.uid, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("payout_steps_request_step_idx").on(t.request_id, t.step),
    index("payout_steps_batch_idx").on(t.batch_id),
  ],
);

export type PayoutBatch = typeof payoutBatches.$inferSelect;
