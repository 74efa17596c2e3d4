import { desc, isNotNull, lte, or } from "drizzle-orm";
import { type AccountSuspensionKind, PAST_SUSPENSIONS_SHOWN } from "~/domain/account-suspensions";
import type { ReportKind } from "~/domain/reports";
import { holdingAt } from "../../auth/account-hold";
import type { Db } from "../../db/client";
import { accountSuspensions } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { loadReportAccounts, type ReportAccount } from "./report-accounts";

export type AccountSuspensionState = "active" | "ended" | "lifted";

export interface AccountSuspensionItem {
  id: string;
  kind: AccountSuspensionKind;
  state: AccountSuspensionState;
  account: ReportAccount;
  reason: string;
  suspended_at: Date;
  suspended_by_email: string;
  ends_at: Date | null;
  report: { kind: ReportKind; id: string } | null;
  lifted_at: Date | null;
  lifted_by_email: string;
  lift_reason: string;
}

/**
 * `/admin/accounts/suspensions` (ADR 0039): the blocks and suspensions that hold an account now
 * (newest first), or the history of those lifted or ended — with who, why, since and until when,
 * by whom, and the report that led to them.
 */
export async function listAccountSuspensions({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  input: { status: "active" | "past" };
  now?: Date;
}): Promise<AccountSuspensionItem[]> {
  await assertOperator(db, actor);
  const past = or(isNotNull(accountSuspensions.lifted_at), lte(accountSuspensions.ends_at, now));
  const rows = await db
    .select()
    .from(accountSuspensions)
    .where(input.status === "active" ? holdingAt(now) : past)
    .orderBy(desc(accountSuspensions.suspended_at), desc(accountSuspensions.id))
    .limit(input.status === "active" ? 1000 : PAST_SUSPENSIONS_SHOWN);
  const accounts = await loadReportAccounts(
    db,
    rows.map((row) => row.user_id),
    now,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    state: row.lifted_at ? "lifted" : row.ends_at && row.ends_at <= now ? "ended" : "active",
    account: accounts.get(row.user_id) as ReportAccount,
    reason: row.reason,
    suspended_at: row.suspended_at,
    suspended_by_email: row.suspended_by_email,
    ends_at: row.ends_at,
    report: row.report_id && row.report_kind ? { kind: row.report_kind, id: row.report_id } : null,
    lifted_at: row.lifted_at,
    lifted_by_email: row.lifted_by_email,
    lift_reason: row.lift_reason,
  }));
}
