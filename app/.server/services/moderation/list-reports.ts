import { desc, eq } from "drizzle-orm";
import type { ReportKind } from "~/domain/reports";
import type { Db } from "../../db/client";
import { liveCommentReports, lives, roomReports } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { loadReportAccounts, type ReportAccount } from "./report-accounts";
import { fromLiveReport, fromRoomReport, type ReportRow } from "./report-rows";

export interface ReportListItem extends ReportRow {
  reporter: ReportAccount;
  reported: ReportAccount;
}

const PAGE = 100;

/**
 * `/admin/reports` (ADR 0033, ADR 0030): the reports of chat rooms and of live comments in one
 * queue — open ones oldest first (the longest waiting on top), handled ones newest first — with
 * the reporter, the reported account and what was reported.
 */
export async function listReports({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { status: "open" | "handled"; kind?: ReportKind | null };
}): Promise<ReportListItem[]> {
  await assertOperator(db, actor);
  const newestFirst = input.status === "handled";
  const [rooms, comments] = await Promise.all([
    input.kind === "live"
      ? []
      : db
          .select()
          .from(roomReports)
          .where(eq(roomReports.status, input.status))
          .orderBy(newestFirst ? desc(roomReports.created_at) : roomReports.created_at)
          .limit(PAGE),
    input.kind === "room"
      ? []
      : db
          .select({ report: liveCommentReports, title: lives.title })
          .from(liveCommentReports)
          .innerJoin(lives, eq(lives.live_id, liveCommentReports.live_id))
          .where(eq(liveCommentReports.status, input.status))
          .orderBy(newestFirst ? desc(liveCommentReports.created_at) : liveCommentReports.created_at)
          .limit(PAGE),
  ]);
  const rows = [...rooms.map(fromRoomReport), ...comments.map((row) => fromLiveReport(row.report, row.title))]
    .sort((a, b) => (a.created_at.getTime() - b.created_at.getTime()) * (newestFirst ? -1 : 1))
    .slice(0, PAGE);
  const accounts = await loadReportAccounts(
    db,
    rows.flatMap((row) => [row.reporter_id, row.reported_id]),
  );
  return rows.map((row) => ({
    ...row,
    reporter: accounts.get(row.reporter_id)!,
    reported: accounts.get(row.reported_id)!,
  }));
}
