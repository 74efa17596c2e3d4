import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { session, user } from "./auth";
import { createdAt, tstz } from "./columns";

/**
 * The fourth kind of account (ADR 0033): an auth user that is an operator. Never created by
 * a registration, only by `npm run operator -- create`. The TOTP secret is stored encrypted
 * (AES-256-GCM under a key derived from AUTH_SECRET); until `totp_enrolled_at` is set it is the
 * pending secret of an enrolment. `totp_last_step` is the last accepted RFC 6238 time step: a
 * code of that step or an earlier one is refused, so an observed code cannot be replayed.
 */
export const operators = pgTable("operators", {
  uid: text("uid")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  totp_secret: text("totp_secret"),
  totp_enrolled_at: tstz("totp_enrolled_at"),
  totp_last_step: integer("totp_last_step"),
  created_at: createdAt(),
});

/**
 * Which better-auth sessions are operator sessions. A session of an operator's user is worth
 * nothing without a row here with `verified_at` (password and TOTP both passed) and a future
 * `expires_at` (operator sessions are short): a session made any other way — the JSON sign-in,
 * a future better-auth endpoint — never opens /admin. A row without `verified_at` is an
 * enrolment in progress (password passed, no TOTP yet).
 */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    session_id: text("session_id")
      .primaryKey()
      .references(() => session.id, { onDelete: "cascade" }),
    operator_uid: text("operator_uid")
      .notNull()
      .references(() => operators.uid, { onDelete: "cascade" }),
    verified_at: tstz("verified_at"),
    expires_at: tstz("expires_at").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("operator_sessions_operator_idx").on(t.operator_uid)],
);

/**
 * Every operator action, written in the same transaction as the action itself. Kept when the
 * operator is removed (no foreign key; the address is copied). `operator_uid` is null for the
 * command line (`npm run operator`).
 */
export const operatorAuditLog = pgTable(
  "operator_audit_log",
  {
    id: text("id").primaryKey(),
    operator_uid: text("operator_uid"),
    operator_email: text("operator_email").notNull().default(""),
    action: text("action").notNull(),
    target_type: text("target_type").notNull().default(""),
    target_id: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip").notNull().default(""),
    at: tstz("at").notNull().defaultNow(),
  },
  (t) => [
    index("operator_audit_log_at_idx").on(t.at.desc()),
    index("operator_audit_log_target_idx").on(t.target_type, t.target_id),
  ],
);

export type OperatorAuditEntry = typeof operatorAuditLog.$inferSelect;
