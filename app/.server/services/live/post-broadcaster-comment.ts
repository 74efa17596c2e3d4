import { sql } from "drizzle-orm";
import { commentBodySchema, LIVE_TEXTS } from "~/domain/live";
import { decide, liveBroadcasterOwnership, roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRows } from "../../db/client";
import { hitRateLimit } from "../../rate-limit/rate-limiter";
import { findBroadcaster, loadLive } from "./live-access";
import type { LiveSettings } from "./live-settings";
import { COMMENT_RULE, type PostCommentResult } from "./post-comment";
import { writeLiveComment } from "./write-comment";

/**
 * `POST /api/lives/{id}/comments {body}` by the broadcaster herself (ADR 0043): the same rules
 * as a listener's comment (≤ 200 characters, no contact details — a performer's LINE id is what the
 * filter is for — none of the blocked words, one per 2 s), shown to everyone with 「配信者」 under
 * her name. Her store moderates her live but does not talk in it (`live.talk`). It earns no fan
 * points and does not count in the live's comments, which are the audience's.
 */
export async function postBroadcasterComment({
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
  const refused = roleRefusal(actor, "live.talk");
  if (refused) return { ok: false, error: refused };
  const live = await loadLive(db, input.liveId);
  if (!live || decide(actor.type, "live.talk", liveBroadcasterOwnership(actor, live)) !== "allowed")
    return { ok: false, error: "not_found" };
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
  const broadcaster = await findBroadcaster(db, live.broadcaster_id);
  return db.transaction(async (tx) => {
    const rate = await hitRateLimit(tx, COMMENT_RULE, actor.uid);
    if (!rate.allowed)
      return {
        ok: false,
        error: "rate_limited",
        message: LIVE_TEXTS.commentTooFast,
        retryAfterSeconds: rate.retryAfterSeconds,
      } as const;
    // The live row's lock orders the comments, as for a listener's (post-comment.ts).
    const [locked] = await queryRows<{ at: Date | string }>(
      tx,
      sql`select clock_timestamp() as at from lives
          where live_id = ${live.live_id} and status = 'live' for update`,
    );
    if (!locked) return { ok: false, error: "ended", message: LIVE_TEXTS.ended } as const;
    const comment = await writeLiveComment(tx, {
      liveId: live.live_id,
      author: { type: "broadcaster", name: broadcaster?.name ?? "" },
      body: parsed.data,
      at: new Date(locked.at),
    });
    return { ok: true, comment } as const;
  });
}
