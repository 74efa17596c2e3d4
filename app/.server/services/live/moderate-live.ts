import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  BlockViewerSchema,
  LIVE_TEXTS,
  LiveReportReasonSchema,
  liveTopic,
  REPORT_NEIGHBOURS,
} from "~/domain/live";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import {
  type LiveComment,
  type LiveCommentReport,
  liveBlocks,
  liveCommentReports,
  liveComments,
  lives,
  type ReportedComment,
} from "../../db/schema";
import { publish } from "../../realtime/publish";
import { findManagedLive, isLiveIdShape, loadLive } from "./live-access";

export type DeleteCommentResult =
  | { ok: true; comment_id: string; deleted: boolean }
  | { ok: false; error: "forbidden" | "not_found" };

/**
 * `DELETE /api/lives/{id}/comments/{comment_id}`: the broadcaster (or her store) removes a comment.
 * The row stays (`deleted`, for reports); `comment_count` drops (for an audience comment) and
 * `comment-deleted` is published, so it vanishes for every viewer — and from the top when it was
 * pinned (`pin` with none). Deleting it again changes nothing.
 */
export async function deleteComment({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { liveId: string; commentId: string };
}): Promise<DeleteCommentResult> {
  return db.transaction(async (tx) => {
    const found = await findManagedLive(tx, actor, "live.moderate", input.liveId, { lock: true });
    if (!found.ok) return found;
    if (!isLiveIdShape(input.commentId)) return { ok: false, error: "not_found" } as const;
    const [comment] = await tx
      .select()
      .from(liveComments)
      .where(and(eq(liveComments.comment_id, input.commentId), eq(liveComments.live_id, found.live.live_id)));
    if (!comment) return { ok: false, error: "not_found" } as const;
    if (comment.status === "deleted")
      return { ok: true, comment_id: comment.comment_id, deleted: false } as const;
    await tx
      .update(liveComments)
      .set({ status: "deleted", deleted_at: sql`clock_timestamp()` })
      .where(eq(liveComments.comment_id, comment.comment_id));
    const pinned = found.live.pinned_comment_id === comment.comment_id;
    // The audience's comments are counted (the broadcaster's own are not); a pinned one comes down.
    await tx
      .update(lives)
      .set({
        ...(comment.author_type === "listener"
          ? { comment_count: sql`greatest(${lives.comment_count} - 1, 0)` }
          : {}),
        ...(pinned ? { pinned_comment_id: null } : {}),
      })
      .where(eq(lives.live_id, found.live.live_id));
    await publish({
      db: tx,
      topic: liveTopic(found.live.live_id),
      type: "comment-deleted",
      data: { comment_id: comment.comment_id },
    });
    if (pinned)
      await publish({ db: tx, topic: liveTopic(found.live.live_id), type: "pin", data: { comment: null } });
    return { ok: true, comment_id: comment.comment_id, deleted: true } as const;
  });
}

export type BlockViewerResult =
  | { ok: true; listener_id: string; created: boolean }
  | { ok: false; error: "forbidden" | "not_found" }
  | { ok: false; error: "invalid"; message: string };

/**
 * `POST /api/lives/{id}/blocks {listener_id}`: the broadcaster (or her store) blocks a listener who
 * commented in this live; the listener can no longer comment in any live of that broadcaster.
 * Only someone who commented here can be blocked from here (an id from nowhere is not_found).
 */
export async function blockViewer({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { liveId: string; body: unknown };
}): Promise<BlockViewerResult> {
  const found = await findManagedLive(db, actor, "live.moderate", input.liveId);
  if (!found.ok) return found;
  const parsed = BlockViewerSchema.safeParse(input.body ?? {});
  if (!parsed.success)
    return {
      ok: false,
      error: "invalid",
      message: parsed.error.issues[0]?.message ?? LIVE_TEXTS.listenerRequired,
    };
  const listenerId = parsed.data.listener_id;
  const [commented] = await db
    .select({ id: liveComments.comment_id })
    .from(liveComments)
    .where(and(eq(liveComments.live_id, found.live.live_id), eq(liveComments.listener_id, listenerId)))
    .limit(1);
  if (!commented) return { ok: false, error: "not_found" };
  const inserted = await db
    .insert(liveBlocks)
    .values({
      broadcaster_id: found.live.broadcaster_id,
      listener_id: listenerId,
      live_id: found.live.live_id,
      blocked_by: actor.uid,
    })
    .onConflictDoNothing()
    .returning({ id: liveBlocks.listener_id });
  return { ok: true, listener_id: listenerId, created: inserted.length > 0 };
}

export type ReportCommentResult =
  | { ok: true; report: LiveCommentReport; created: boolean }
  | { ok: false; error: "forbidden" | "not_found" }
  | { ok: false; error: "invalid"; message: string };

const snapshot = (c: LiveComment): ReportedComment => ({
  comment_id: c.comment_id,
  // The broadcaster's own comments (ADR 0043) have no listener; they are never the reported one.
  listener_id: c.listener_id ?? "",
  nickname: c.nickname,
  body: c.body,
  status: c.status,
  created_at: c.created_at.toISOString(),
});

/**
 * `POST /api/lives/{id}/comments/{comment_id}/report {reason}` (a listener): a report for the
 * operator's queue (ADR 0033) with a snapshot of the comment and of up to 10 comments before and
 * 10 after it, as they are now (a deletion later does not change what the operator reads). One
 * report per listener and comment: reporting again answers the first report.
 */
export async function reportComment({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { liveId: string; commentId: string; reason: unknown };
}): Promise<ReportCommentResult> {
  const refused = roleRefusal(actor, "live.report");
  if (refused) return { ok: false, error: refused };
  const live = await loadLive(db, input.liveId);
  if (!live || !isLiveIdShape(input.commentId)) return { ok: false, error: "not_found" };
  const [comment] = await db
    .select()
    .from(liveComments)
    .where(and(eq(liveComments.comment_id, input.commentId), eq(liveComments.live_id, live.live_id)));
  // A broadcaster's own comment is not reported here: the queue judges listeners (ADR 0043).
  if (!comment?.listener_id) return { ok: false, error: "not_found" };
  const reportedId = comment.listener_id;
  const reason = LiveReportReasonSchema.safeParse(typeof input.reason === "string" ? input.reason : "");
  if (!reason.success)
    return {
      ok: false,
      error: "invalid",
      message: reason.error.issues[0]?.message ?? LIVE_TEXTS.reasonRequired,
    };
  // Compared in SQL against the row itself: the database keeps microseconds, a JS Date only ms.
  const at = sql`(select created_at, comment_id from live_comments where comment_id = ${comment.comment_id})`;
  const before = await db
    .select()
    .from(liveComments)
    .where(
      and(
        eq(liveComments.live_id, live.live_id),
        sql`(${liveComments.created_at}, ${liveComments.comment_id}) < ${at}`,
      ),
    )
    .orderBy(desc(liveComments.created_at), desc(liveComments.comment_id))
    .limit(REPORT_NEIGHBOURS);
  const after = await db
    .select()
    .from(liveComments)
    .where(
      and(
        eq(liveComments.live_id, live.live_id),
        sql`(${liveComments.created_at}, ${liveComments.comment_id}) > ${at}`,
      ),
    )
    .orderBy(asc(liveComments.created_at), asc(liveComments.comment_id))
    .limit(REPORT_NEIGHBOURS);
  const inserted = await db
    .insert(liveCommentReports)
    .values({
      report_id: randomUUID(),
      live_id: live.live_id,
      comment_id: comment.comment_id,
      reporter_id: actor.uid,
      reported_id: reportedId,
      reason: reason.data,
      comment: snapshot(comment),
      context: [...before.reverse(), comment, ...after].map(snapshot),
    })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { ok: true, report: inserted[0], created: true };
  const [existing] = await db
    .select()
    .from(liveCommentReports)
    .where(
      and(
        eq(liveCommentReports.comment_id, comment.comment_id),
        eq(liveCommentReports.reporter_id, actor.uid),
      ),
    );
  if (!existing) throw new Error("reportComment: the report that exists is gone");
  return { ok: true, report: existing, created: false };
}
