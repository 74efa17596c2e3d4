import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { LIVE_TEXTS, liveWatchPath, StartLiveSchema } from "~/domain/live";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { enqueueJob } from "../../db/queue/enqueue";
import { type Live, lives } from "../../db/schema";
import { recordNotification } from "../notifications/record-notification";
import { writePost } from "../posts/write-post";
import { findBroadcaster } from "./live-access";
import { LIVE_WATCH_EVERY_SECONDS } from "./watch-live";

export type StartLiveResult =
  | { ok: true; live: Live; created: boolean }
  | { ok: false; error: "forbidden" }
  | { ok: false; error: "invalid"; message: string }
  /** The account is not publicly listed (a hidden staff member, a store that is not public). */
  | { ok: false; error: "not_listed"; message: string };

/**
 * `POST /api/lives {title}`: a staff member or a store goes live (ADR 0031). In one
 * transaction: the `lives` row (at most one live per broadcaster — the partial unique index decides
 * between concurrent starts, and the loser gets the live that won, `created: false`), the `live`
 * post through `writePost` (ADR 0024; it moves `last_post_at`), the `following_live` notification (ADR 0025,
 * mailed to the followers in hourly batches by the notification pipeline) and the `live.watch` job
 * that ends the live when the broadcaster has been gone for 30 s.
 */
export async function startLive({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { title: unknown };
}): Promise<StartLiveResult> {
  const refused = roleRefusal(actor, "live.start");
  if (refused) return { ok: false, error: refused };
  const parsed = StartLiveSchema.safeParse({
    title: typeof input.title === "string" ? input.title : undefined,
  });
  if (!parsed.success)
    return {
      ok: false,
      error: "invalid",
      message: parsed.error.issues[0]?.message ?? LIVE_TEXTS.titleRequired,
    };
  const broadcaster = await findBroadcaster(db, actor.uid);
  if (
    !broadcaster ||
    broadcaster.type !== (actor.type === "staff" ? "staff" : "liver") ||
    !broadcaster.listed
  )
    return { ok: false, error: "not_listed", message: LIVE_TEXTS.notListed };

  return db.transaction(async (tx) => {
    const liveId = randomUUID();
    const [inserted] = await tx
      .insert(lives)
      .values({
        live_id: liveId,
        broadcaster_type: broadcaster.type,
        broadcaster_id: broadcaster.id,
        liver_id: broadcaster.liver_id,
        title: parsed.data.title,
        started_at: sql`clock_timestamp()`,
        broadcaster_seen_at: sql`clock_timestamp()`,
      })
      .onConflictDoNothing({ target: lives.broadcaster_id, where: sql`status = 'live'` })
      .returning();
    if (!inserted) {
      // Another start of the same broadcaster won (a double tap, a second tab): that live it is.
      const [current] = await tx
        .select()
        .from(lives)
        .where(and(eq(lives.broadcaster_id, broadcaster.id), eq(lives.status, "live")))
        .limit(1);
      if (!current) throw new Error("startLive: the live that won the start is gone");
      return { ok: true, live: current, created: false } as const;
    }
    const { post } = await writePost(tx, {
      author:
        broadcaster.type === "staff"
          ? { type: "staff", staffId: broadcaster.id, liverId: broadcaster.liver_id }
          : { type: "liver", liverId: broadcaster.liver_id },
      source: "live",
      kind: "video",
      caption: inserted.title,
      media: broadcaster.image_url
        ? [
            {
              url: broadcaster.image_url,
              kind: "image",
              width: null,
              height: null,
              thumbnail_url: broadcaster.image_url,
            },
          ]
        : [],
      permalink: liveWatchPath(broadcaster.id),
      externalId: liveId,
      postedAt: inserted.started_at,
    });
    await recordNotification(tx, {
      kind: "following_live",
      author: { type: broadcaster.type, id: broadcaster.id },
      postId: post.post_id,
      at: inserted.started_at,
    });
    const [live] = await tx
      .update(lives)
      .set({ post_id: post.post_id })
      .where(eq(lives.live_id, liveId))
      .returning();
    await enqueueJob(
      tx,
      "live.watch",
      { liveId },
      {
        startAfter: new Date(Date.now() + LIVE_WATCH_EVERY_SECONDS * 1000),
        singletonKey: liveId,
        ifAbsent: true,
      },
    );
    return { ok: true, live: live ?? inserted, created: true } as const;
  });
}
