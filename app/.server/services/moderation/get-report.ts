import { and, eq } from "drizzle-orm";
import type { AccountSuspensionKind } from "~/domain/account-suspensions";
import type { ReportKind } from "~/domain/reports";
import type { Db } from "../../db/client";
import { accountSuspensions } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { loadReportAccounts, type ReportAccount } from "./report-accounts";
import { findReport, type ReportRow } from "./report-rows";

export interface ReportDetail extends ReportRow {
  reporter: ReportAccount;
  reported: ReportAccount;
  /** Every author of the conversation, for the names beside the lines. */
  authors: Record<string, ReportAccount>;
  /** The block or suspension this report's decision placed (ADR 0039), lifted or not. */
  suspension: {
    id: string;
    kind: AccountSuspensionKind;
    ends_at: Date | null;
    lifted_at: Date | null;
    lifted_by_email: string;
    lift_reason: string;
  } | null;
}

/** One report with the conversation or comments around it, as they were when it was filed. */
export async function getReport({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { kind: ReportKind; reportId: string };
}): Promise<ReportDetail | null> {
  await assertOperator(db, actor);
  const row = await findReport(db, input.kind, input.reportId);
  if (!row) return null;
  const [accounts, [suspension]] = await Promise.all([
    loadReportAccounts(db, [row.reporter_id, row.reported_id, ...row.lines.map((line) => line.author_id)]),
    db
      .select({
        id: accountSuspensions.id,
        kind: accountSuspensions.kind,
        ends_at: accountSuspensions.ends_at,
        lifted_at: accountSuspensions.lifted_at,
        lifted_by_email: accountSuspensions.lifted_by_email,
        lift_reason: accountSuspensions.lift_reason,
      })
      .from(accountSuspensions)
      .where(
        and(eq(accountSuspensions.report_id, row.report_id), eq(accountSuspensions.report_kind, input.kind)),
      )
      .limit(1),
  ]);
  return {
    ...row,
    reporter: accounts.get(row.reporter_id)!,
    reported: accounts.get(row.reported_id)!,
    authors: Object.fromEntries(accounts),
    suspension: suspension ?? null,
  };
}
