import { and, eq, sql } from "drizzle-orm";
import { fanLevel } from "~/domain/fans";
import {
  commentBodySchema,
  GUEST_NICKNAME,
  LIVE_COMMENT_INTERVAL_SECONDS,
  LIVE_TEXTS,
  liveTopic,
} from "~/domain/live";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRows } from "../../db/client";
import { type LiveComment, listeners, liveBlocks } from "../../db/schema";
import { hitRateLimit } from "../../rate-limit/rate-limiter";
import { publish } from "../../realtime/publish";
import { recordFanComment } from "../fans/fan-points";
import { loadLive } from "./live-access";
import type { LiveSettings } from "./live-settings";
import { writeLiveComment } from "./write-comment";

export type PostCommentResult =
  | { ok: true; comment: LiveComment }
  | { ok: false; error: "forbidden" | "not_found" }
  | { ok: false; error: "ended" | "invalid" | "blocked"; message: string }
  | { ok: false; error: "rate_limited"; message: string; retryAfterSeconds: number };

/** One comment per 2 s per author (ADR 0031), the window starting at the accepted comment. */
export const COMMENT_RULE = { name: "live:comment", limit: 1, windowSeconds: LIVE_COMMENT_INTERVAL_SECONDS };

/**
 * `POST /api/lives/{id}/comments {body}` (a listener): checked in this order — the live exists and
 * is on; the body (≤ 200 characters, no contact details as in chat, none of the blocked words of
 * `liveSettings()`); the broadcaster has not blocked the listener; one comment per 2 s. Then, in one
 * transaction: `comment_count` + 1 (the live row's lock, then the clock), her fan points (ADR 0043),
 * the comment with her fan level, `comment` published on the live's stream (write-comment.ts) and
 * `fan-level` when her level rose. Every viewer gets the comments in the same order: the stream's
 * sequence is the commit order.
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
    // The live row's lock orders the comments; the clock is read after it, so each comment's time
    // is later than the one before. An ended live takes none.
    const [counted] = await queryRows<{ at: Date | string }>(
      tx,
      sql`update lives set comment_count = comment_count + 1
          where live_id = ${live.live_id} and status = 'live'
          returning clock_timestamp() as at`,
    );
    if (!counted) return { ok: false, error: "ended", message: LIVE_TEXTS.ended } as const;
    const at = new Date(counted.at);
    const [me] = await tx
      .select({ nickname: listeners.nickname })
      .from(listeners)
      .where(eq(listeners.uid, actor.uid));
    // Her fan points for the broadcaster move with the comment (within 50 a day), and the level
    // they give is the badge beside her name (ADR 0043).
    const fan = await recordFanComment(tx, {
      listenerId: actor.uid,
      broadcasterId: live.broadcaster_id,
      at,
    });
    const level = fanLevel(fan.after, settings.fanThresholds);
    const comment = await writeLiveComment(tx, {
      liveId: live.live_id,
      author: {
        type: "listener",
        listenerId: actor.uid,
        nickname: me?.nickname?.trim() || GUEST_NICKNAME,
        fanLevel: level,
      },
      body: parsed.data,
      at,
    });
    if (level > fanLevel(fan.before, settings.fanThresholds))
      await publish({
        db: tx,
        topic: liveTopic(live.live_id),
        type: "fan-level",
        data: { listener_id: actor.uid, level },
      });
    return { ok: true, comment } as const;
  });
}
