import type { ReportKind } from "~/domain/reports";
import type { Db } from "../../db/client";
import { assertOperator, type SignedInOperator } from "../admin/operator-actor";
import { loadReportAccounts, type ReportAccount } from "./report-accounts";
import { findReport, type ReportRow } from "./report-rows";

export interface ReportDetail extends ReportRow {
  reporter: ReportAccount;
  reported: ReportAccount;
  /** Every author of the conversation, for the names beside the lines. */
  authors: Record<string, ReportAccount>;
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
  const accounts = await loadReportAccounts(db, [
    row.reporter_id,
    row.reported_id,
    ...row.lines.map((line) => line.author_id),
  ]);
  return {
    ...row,
    reporter: accounts.get(row.reporter_id)!,
    reported: accounts.get(row.reported_id)!,
    authors: Object.fromEntries(accounts),
  };
}
