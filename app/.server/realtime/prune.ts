import { lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { realtimeEvents } from "../db/schema";

/**
 * How long events stay for resuming (ADR 0018): a browser away longer gets `reset` and reloads.
 * The durable record of a chat or a live is its own table, not this one.
 */
export const REALTIME_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Removes realtime events older than `olderThan` (the job scheduler calls it hourly). Topic heads
 * stay, so numbering never restarts; a subscriber that resumes from a pruned number is told to
 * reload (`reset`) instead of being handed an incomplete history.
 */
export async function pruneRealtimeEvents({ db, olderThan }: { db: Db; olderThan: Date }): Promise<number> {
  const removed = await db
    .delete(realtimeEvents)
    .where(lt(realtimeEvents.created_at, olderThan))
    .returning({ seq: realtimeEvents.seq });
  return removed.length;
}
