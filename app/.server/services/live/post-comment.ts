import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  commentBodySchema,
  GUEST_NICKNAME,
  LIVE_COMMENT_INTERVAL_SECONDS,
  LIVE_TEXTS,
  type LiveCommentEvent,
  liveTopic,
} from "~/domain/live";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type LiveComment, listeners, liveBlocks, liveComments, lives } from "../../db/schema";
import { hitRateLimit } from "../../rate-limit/rate-limiter";
import { publish } from "../../realtime/publish";
import { loadLive } from "./live-access";
import type { LiveSettings } from "./live-settings";

export type PostCommentResult =
  | { ok: true; comment: LiveComment }
  | { ok: false; error: "forbidden" | "not_found" }
  | { ok: false; error: "ended" | "invalid" | "blocked"; message: string }
  | { ok: false; error: "rate_limited"; message: string; retryAfterSeconds: number };

/** One comment per 2 s per listener (contract §13), the window starting at the accepted comment. */
const COMMENT_RULE = { name: "live:comment", limit: 1, windowSeconds: LIVE_COMMENT_INTERVAL_SECONDS };

/**
 * `POST /api/lives/{id}/comments {body}` (a listener): checked in this order — the live exists and
 * is on; the body (≤ 200 characters, no contact details as in chat, none of the blocked words of
 * `liveSettings()`); the broadcaster has not blocked the listener; one comment per 2 s. Then, in one
 * transaction: the comment (the database's clock, after the live row's lock, so comments are in a
 * strict order), `comment_count` + 1, and `comment` published on the live's stream. Every viewer
 * gets the comments in the same order: the stream's sequence is the commit order.
 */
export async function postComment({
  db,
  actor,
  input,
  settings,
}: {
  db: Db;
  actor: Viewer;
  input: { liveId: string; body: unknown };
  settings: LiveSettings;
}): Promise<PostCommentResult> {
  const refused = roleRefusal(actor, "live.comment");
  if (refused) return { ok: false, error: refused };
  const live = await loadLive(db, input.liveId);
  if (!live) return { ok: false, error: "not_found" };
  if (live.status !== "live") return { ok: false, error: "ended", message: LIVE_TEXTS.ended };
  const parsed = commentBodySchema(settings.blockedWords).safeParse(
    typeof input.body === "string" ? input.body : "",
  );
  if (!parsed.success)
    return {
      ok: false,
      error: "invalid",
      message: parsed.error.issues[0]?.message ?? LIVE_TEXTS.commentRequired,
    };
  const [block] = await db
    .select({ at: liveBlocks.created_at })
    .from(liveBlocks)
    .where(and(eq(liveBlocks.broadcaster_id, live.broadcaster_id), eq(liveBlocks.listener_id, actor.uid)))
    .limit(1);
  if (block) return { ok: false, error: "blocked", message: LIVE_TEXTS.commentBlocked };

  return db.transaction(async (tx) => {
    const rate = await hitRateLimit(tx, COMMENT_RULE, actor.uid);
    if (!rate.allowed)
      return {
        ok: false,
        error: "rate_limited",
        message: LIVE_TEXTS.commentTooFast,
        retryAfterSeconds: rate.retryAfterSeconds,
      } as const;
    // The live row's lock orders the comments (the insert below takes the clock after it); an
    // ended live takes none.
    const [counted] = await tx
      .update(lives)
      .set({ comment_count: sql`${lives.comment_count} + 1` })
      .where(and(eq(lives.live_id, live.live_id), eq(lives.status, "live")))
      .returning({ id: lives.live_id });
    if (!counted) return { ok: false, error: "ended", message: LIVE_TEXTS.ended } as const;
    const [me] = await tx
      .select({ nickname: listeners.nickname })
      .from(listeners)
      .where(eq(listeners.uid, actor.uid));
    const [comment] = await tx
      .insert(liveComments)
      .values({
        comment_id: randomUUID(),
        live_id: live.live_id,
        listener_id: actor.uid,
        nickname: me?.nickname?.trim() || GUEST_NICKNAME,
        body: parsed.data,
        created_at: sql`clock_timestamp()`,
      })
      .returning();
    if (!comment) throw new Error("comment insert returned nothing");
    await publish({ db: tx, topic: liveTopic(live.live_id), type: "comment", data: commentEvent(comment) });
    return { ok: true, comment } as const;
  });
}

/** A comment as the stream and the API show it. */
export function commentEvent(comment: LiveComment): LiveCommentEvent {
  return {
    comment_id: comment.comment_id,
    live_id: comment.live_id,
    listener_id: comment.listener_id,
    nickname: comment.nickname,
    body: comment.body,
    created_at: comment.created_at.toISOString(),
  };
}
