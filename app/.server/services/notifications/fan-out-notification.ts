import { and, eq, sql } from "drizzle-orm";
import type { NotificationRecipientType } from "~/domain/notifications";
import type { Db } from "../../db/client";
import { notificationEvents, notificationItems } from "../../db/schema";
import type { Mailer } from "../../integrations/mail/mailer";
import { claimWindows } from "./claim-windows";
import { type EventDetails, resolveEventDetails } from "./event-details";
import { eventFromRow } from "./event-payload";
import { buildNotificationMail, type NotificationEnv } from "./notification-mail";
import { recipientChunk, recipientGroups } from "./notification-recipients";

export interface NotificationJobContext {
  db: Db;
  mailer: Mailer;
  env: NotificationEnv;
  /** The clock of the hourly windows (tests drive it). */
  now?: Date;
  /** Recipients per transaction. */
  chunkSize?: number;
}

export const FAN_OUT_CHUNK = 1_000;

/**
 * The `notification.fanout` job (ADR 0025): mails an event's recipients in chunks, each chunk one
 * short transaction that records one item per recipient (the unique key that makes a re-run chunk
 * write nothing twice), takes the hourly windows, writes the prompt mails and their delivery jobs
 * in bulk, and moves the event's cursor, so a restarted job resumes where it stopped.
 */
export async function fanOutNotification(
  context: NotificationJobContext,
  eventId: string,
): Promise<{ recipients: number; mails: number }> {
  const { db, mailer, env, chunkSize = FAN_OUT_CHUNK } = context;
  const [row] = await db.select().from(notificationEvents).where(eq(notificationEvents.id, eventId)).limit(1);
  if (!row || row.fanned_out_at) return { recipients: 0, mails: 0 };
  const event = eventFromRow(row);
  let details = row.details as EventDetails | null;
  if (!details) {
    details = await resolveEventDetails(db, event);
    await db
      .update(notificationEvents)
      .set({ details: details as unknown as Record<string, string> })
      .where(eq(notificationEvents.id, eventId));
  }
  const groups = recipientGroups(event);
  let recipients = 0;
  let mails = 0;
  const startGroup = row.cursor
    ? Math.max(0, groups.indexOf(row.cursor.type as NotificationRecipientType))
    : 0;
  for (let g = startGroup; g < groups.length; g++) {
    const type = groups[g] as NotificationRecipientType;
    let after = row.cursor && g === startGroup ? row.cursor.after : "";
    for (;;) {
      const chunk = await recipientChunk(db, event, type, after, chunkSize);
      if (chunk.length === 0) break;
      const last = chunk[chunk.length - 1]?.id ?? after;
      const now = context.now ?? new Date();
      const written = await db.transaction(async (tx) => {
        const fresh = await tx
          .insert(notificationItems)
          .values(
            chunk.map((r) => ({
              event_id: eventId,
              recipient_type: type,
              recipient_id: r.id,
              kind: event.kind,
              state: "pending" as const,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: notificationItems.recipient_id });
        const freshIds = new Set(fresh.map((f) => f.id));
        const prompt = await claimWindows(tx, event.kind, type, [...freshIds], now);
        const toMail = chunk.filter((r) => prompt.has(r.id));
        const sent = await mailer.sendMany(
          toMail.map((r) =>
            buildNotificationMail(
              env,
              r,
              event.kind,
              [{ details: details as EventDetails, at: event.at }],
              false,
            ),
          ),
          { tx },
        );
        if (sent.length > 0) {
          const pairs = toMail.map((r, i) => ({ rid: r.id, mid: sent[i]?.id }));
          await tx.execute(sql`
            update notification_items i set state = 'prompt', mail_id = v.mid
            from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v(rid text, mid text)
            where i.event_id = ${eventId} and i.recipient_type = ${type} and i.recipient_id = v.rid`);
        }
        await tx
          .update(notificationEvents)
          .set({ cursor: { type, after: last } })
          .where(eq(notificationEvents.id, eventId));
        return sent.length;
      });
      recipients += chunk.length;
      mails += written;
      after = last;
      if (chunk.length < chunkSize) break;
    }
  }
  await db
    .update(notificationEvents)
    .set({ fanned_out_at: new Date() })
    .where(and(eq(notificationEvents.id, eventId)));
  return { recipients, mails };
}
