import { and, eq, inArray, sql } from "drizzle-orm";
import {
  NOTIFICATION_WINDOW_MS,
  type NotificationKindName,
  type NotificationRecipientType,
} from "~/domain/notifications";
import type { Tx } from "../../db/client";
import { notificationWindows } from "../../db/schema";

/**
 * Decides, for new events of one kind, which recipients get a mail now (contract §9: at most one
 * per recipient and kind per hour). A recipient whose window is over and has nothing waiting gets
 * the prompt mail and a new window of an hour; everyone else's event waits for the summary
 * (`pending` + 1), which the flush job sends when the window ends. The window rows are locked in
 * key order, so two fan-outs reaching the same recipient decide one after the other.
 */
export async function claimWindows(
  tx: Tx,
  kind: NotificationKindName,
  type: NotificationRecipientType,
  ids: string[],
  now: Date,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const sorted = [...ids].sort();
  await tx
    .insert(notificationWindows)
    .values(
      sorted.map((id) => ({
        recipient_type: type,
        recipient_id: id,
        kind,
        window_end: new Date(0),
        pending: 0,
      })),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({
      id: notificationWindows.recipient_id,
      window_end: notificationWindows.window_end,
      pending: notificationWindows.pending,
    })
    .from(notificationWindows)
    .where(
      and(
        eq(notificationWindows.recipient_type, type),
        eq(notificationWindows.kind, kind),
        inArray(notificationWindows.recipient_id, sorted),
      ),
    )
    .orderBy(notificationWindows.recipient_id)
    .for("update");
  const prompt = rows.filter((row) => row.window_end <= now && row.pending === 0).map((row) => row.id);
  const waiting = rows.filter((row) => !(row.window_end <= now && row.pending === 0)).map((row) => row.id);
  const where = (list: string[]) =>
    and(
      eq(notificationWindows.recipient_type, type),
      eq(notificationWindows.kind, kind),
      inArray(notificationWindows.recipient_id, list),
    );
  if (prompt.length > 0)
    await tx
      .update(notificationWindows)
      .set({ window_end: new Date(now.getTime() + NOTIFICATION_WINDOW_MS) })
      .where(where(prompt));
  if (waiting.length > 0)
    await tx
      .update(notificationWindows)
      .set({ pending: sql`${notificationWindows.pending} + 1` })
      .where(where(waiting));
  return new Set(prompt);
}
