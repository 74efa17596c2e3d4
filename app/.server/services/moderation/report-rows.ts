import { and, eq } from "drizzle-orm";
import type { ReportKind, ReportOutcome } from "~/domain/reports";
import type { Db, Tx } from "../../db/client";
import { liveCommentReports, lives, roomReports } from "../../db/schema/index";

/** One line of the conversation a report is about (a message, or a live comment). */
export interface ReportLine {
  id: string;
  author_id: string;
  body: string;
  image_url: string | null;
  created_at: string;
  /** The reported comment itself (live reports), or a message of the reported account. */
  reported: boolean;
  deleted?: boolean;
}

/** A report of either kind, in one shape for the queue (ADR 0030). */
export interface ReportRow {
  kind: ReportKind;
  report_id: string;
  reporter_id: string;
  reported_id: string;
  reason: string;
  status: "open" | "handled";
  outcome: ReportOutcome | null;
  outcome_note: string;
  handled_at: Date | null;
  handled_by_email: string;
  created_at: Date;
  /** Where it happened: the room, or the live and its title. */
  place: { id: string; title: string };
  lines: ReportLine[];
}

type RoomReportRow = typeof roomReports.$inferSelect;
type LiveReportRow = typeof liveCommentReports.$inferSelect;

export function fromRoomReport(row: RoomReportRow): ReportRow {
  return {
    kind: "room",
    report_id: row.report_id,
    reporter_id: row.reporter_id,
    reported_id: row.reported_id,
    reason: row.reason,
    status: row.status,
    outcome: row.outcome,
    outcome_note: row.outcome_note,
    handled_at: row.handled_at,
    handled_by_email: row.handled_by_email,
    created_at: row.created_at,
    place: { id: row.room_id, title: "" },
    lines: row.messages.map((m) => ({
      id: m.message_id,
      author_id: m.sender_id,
      body: m.body,
      image_url: m.image_url,
      created_at: m.created_at,
      reported: m.sender_id === row.reported_id,
    })),
  };
}

export function fromLiveReport(row: LiveReportRow, liveTitle: string): ReportRow {
  return {
    kind: "live",
    report_id: row.report_id,
    reporter_id: row.reporter_id,
    reported_id: row.reported_id,
    reason: row.reason,
    status: row.status,
    outcome: row.outcome,
    outcome_note: row.outcome_note,
    handled_at: row.handled_at,
    handled_by_email: row.handled_by_email,
    created_at: row.created_at,
    place: { id: row.live_id, title: liveTitle },
    lines: (row.context.length ? row.context : [row.comment]).map((c) => ({
      id: c.comment_id,
      author_id: c.listener_id,
      body: c.body,
      image_url: null,
      created_at: c.created_at,
      reported: c.comment_id === row.comment_id,
      deleted: c.status === "deleted",
    })),
  };
}

/** One report by kind and id (`lock`: under its row lock, for deciding it). */
export async function findReport(
  db: Db | Tx,
  kind: ReportKind,
  reportId: string,
  options: { lock?: boolean } = {},
): Promise<ReportRow | null> {
  if (kind === "room") {
    const query = db.select().from(roomReports).where(eq(roomReports.report_id, reportId));
    const [row] = options.lock ? await query.for("update") : await query;
    return row ? fromRoomReport(row) : null;
  }
  const query = db
    .select({ report: liveCommentReports, title: lives.title })
    .from(liveCommentReports)
    .innerJoin(lives, and(eq(lives.live_id, liveCommentReports.live_id)))
    .where(eq(liveCommentReports.report_id, reportId));
  const [row] = options.lock ? await query.for("update", { of: liveCommentReports }) : await query;
  return row ? fromLiveReport(row.report, row.title) : null;
}
