import { desc, eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type LiveCommentReport, liveCommentReports, lives } from "../../db/schema/index";

export type ListCommentReportsResult =
  | {
      ok: true;
      items: (LiveCommentReport & {
        live: { title: string; broadcaster_type: string; broadcaster_id: string };
      })[];
    }
  | { ok: false; error: "forbidden" };

/**
 * The operator's queue of reported live comments (ADR 0033; the console page comes with issue
 * 18): open reports first, newest first, each with its snapshot of the comment and its neighbours.
 */
export async function listCommentReports({
  db,
  actor,
  input = {},
}: {
  db: Db;
  actor: Viewer;
  input?: { status?: "open" | "handled"; limit?: number };
}): Promise<ListCommentReportsResult> {
  const refused = roleRefusal(actor, "admin.live_reports.read");
  if (refused) return { ok: false, error: refused };
  const query = db
    .select({
      report: liveCommentReports,
      title: lives.title,
      broadcaster_type: lives.broadcaster_type,
      broadcaster_id: lives.broadcaster_id,
    })
    .from(liveCommentReports)
    .innerJoin(lives, eq(lives.live_id, liveCommentReports.live_id));
  const rows = await (input.status ? query.where(eq(liveCommentReports.status, input.status)) : query)
    .orderBy(liveCommentReports.status, desc(liveCommentReports.created_at))
    .limit(Math.min(Math.max(input.limit ?? 100, 1), 500));
  return {
    ok: true,
    items: rows.map((r) => ({
      ...r.report,
      live: { title: r.title, broadcaster_type: r.broadcaster_type, broadcaster_id: r.broadcaster_id },
    })),
  };
}
