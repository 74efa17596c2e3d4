import { eq, sql } from "drizzle-orm";
import type { NotificationRecipientType } from "~/domain/notifications";
import { type Db, queryRows } from "../../db/client";
import { notificationEvents } from "../../db/schema";
import { fillTemplate, sameMail } from "../../integrations/mail/mail-template";
import type { Mailer } from "../../integrations/mail/mailer";
import { claimWindows } from "./claim-windows";
import { type EventDetails, resolveEventDetails } from "./event-details";
import { eventFromRow } from "./event-payload";
import { inAppGroups, inAppRecipientChunk, writeInAppChunk } from "./in-app-fan-out";
import { buildNotificationMail, type NotificationEnv, notificationTemplate } from "./notification-mail";
import { type Recipient, recipientChunk, recipientGroups } from "./notification-recipients";
import { type InAppOnlyEvent, isInAppOnly, type NotificationEvent } from "./record-notification";

/** The events that are mailed (every kind but those told in-app only). */
type MailEvent = Exclude<NotificationEvent, InAppOnlyEvent>;

export interface NotificationJobContext {
  db: Db;
  mailer: Mailer;
  env: NotificationEnv;
  /** The clock of the hourly windows (tests drive it). */
  now?: Date;
  /** Recipients per transaction. */
  chunkSize?: number;
  /**
   * Chunk transactions in flight at once (default 1). PostgreSQL takes 2–4 (the server process
   * passes 2); PGlite has one connection, so more would only queue.
   */
  parallel?: number;
  /** Called after each committed chunk (progress of the bench). */
  onChunk?: (chunk: { recipients: number; mails: number; transactionMs: number }) => void;
  /** Called after each committed in-app chunk (lines and pushes), with the lines it wrote. */
  onInAppChunk?: (written: number) => void;
}

/** Recipients per chunk transaction: 2,000 is ~3 s at most under load (bench: 42 s vs 55 s for 1,000). */
export const FAN_OUT_CHUNK = 2_000;
/** Chunk transactions in flight on PostgreSQL (the pool has 10 connections; the job takes a few). */
export const FAN_OUT_PARALLEL_PG = 3;

/**
 * The `notification.fanout` job (ADR 0025): mails an event's recipients in chunks, each chunk one
 * short transaction that records one item per recipient (the unique key that makes a re-run chunk
 * write nothing twice), takes the hourly windows and writes the prompt mails with their delivery
 * jobs in bulk. Chunks go in waves of `parallel`; after each wave the event's cursor moves past
 * it, so a restarted job resumes there (a chunk done again writes nothing).
 */
export async function fanOutNotification(
  context: NotificationJobContext,
  eventId: string,
): Promise<{ recipients: number; mails: number }> {
  const { db, chunkSize = FAN_OUT_CHUNK, parallel = 1 } = context;
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
  // The in-app lines first, everyone the event concerns (ADR 0044); then the mail of ADR 0025.
  await fanOutInApp(context, eventId, event, details);
  if (isInAppOnly(event)) {
    await markFannedOut(db, eventId);
    return { recipients: 0, mails: 0 };
  }
  const mailEvent = event;
  const groups = recipientGroups(mailEvent);
  let recipients = 0;
  let mails = 0;
  const startGroup = row.cursor
    ? Math.max(0, groups.indexOf(row.cursor.type as NotificationRecipientType))
    : 0;
  for (let g = startGroup; g < groups.length; g++) {
    const type = groups[g] as NotificationRecipientType;
    let after = row.cursor && g === startGroup ? row.cursor.after : "";
    // Rendered once per recipient type; each chunk only signs its recipients' tokens.
    const mail = notificationTemplate(context.env, type, mailEvent.kind, { details, at: event.at });
    let more = true;
    while (more) {
      // Reading the next keys is cheap and in order; the writing transactions run side by side.
      const wave: Recipient[][] = [];
      while (more && wave.length < parallel) {
        const chunk = await recipientChunk(db, mailEvent, type, after, chunkSize);
        if (chunk.length > 0) {
          wave.push(chunk);
          after = chunk[chunk.length - 1]?.id ?? after;
        }
        more = chunk.length === chunkSize;
      }
      const written = await Promise.all(
        wave.map((chunk) =>
          writeChunk(context, eventId, mailEvent, details as EventDetails, type, mail, chunk),
        ),
      );
      if (wave.length > 0)
        await db
          .update(notificationEvents)
          .set({ cursor: { type, after } })
          .where(eq(notificationEvents.id, eventId));
      for (const [i, chunk] of wave.entries()) {
        recipients += chunk.length;
        mails += written[i] ?? 0;
      }
    }
  }
  await markFannedOut(db, eventId);
  return { recipients, mails };
}

async function markFannedOut(db: Db, eventId: string): Promise<void> {
  await db
    .update(notificationEvents)
    .set({ fanned_out_at: new Date() })
    .where(eq(notificationEvents.id, eventId));
}

/**
 * The in-app channel (ADR 0044): each recipient type the event tells, in chunks of key order, one
 * transaction per chunk (rows and bell events). A chunk done again after a restart writes nothing
 * twice, so a resumed job may simply walk the recipients again.
 */
async function fanOutInApp(
  context: NotificationJobContext,
  eventId: string,
  event: NotificationEvent,
  details: EventDetails,
): Promise<number> {
  const { db, chunkSize = FAN_OUT_CHUNK } = context;
  let written = 0;
  for (const { type, line } of inAppGroups(event, details)) {
    let after = "";
    for (;;) {
      const ids = await inAppRecipientChunk(db, event, type, after, chunkSize);
      if (ids.length > 0) {
        const chunk = await db.transaction((tx) =>
          writeInAppChunk(tx, { eventId, type, line, recipientIds: ids, at: event.at }),
        );
        written += chunk;
        context.onInAppChunk?.(chunk);
      }
      if (ids.length < chunkSize) break;
      after = ids[ids.length - 1] ?? after;
    }
  }
  return written;
}

async function writeChunk(
  context: NotificationJobContext,
  eventId: string,
  event: MailEvent,
  details: EventDetails,
  type: NotificationRecipientType,
  mail: ReturnType<typeof notificationTemplate>,
  chunk: Recipient[],
): Promise<number> {
  const { db, mailer, env } = context;
  const now = context.now ?? new Date();
  const started = performance.now();
  const written = await db.transaction(async (tx) => {
    const fresh = await queryRows<{ id: string }>(
      tx,
      sql`insert into notification_items (event_id, recipient_type, recipient_id, kind, state)
          select ${eventId}, ${type}, id, ${event.kind}, 'pending'
          from jsonb_array_elements_text(${JSON.stringify(chunk.map((r) => r.id))}::jsonb) as id
          on conflict do nothing
          returning recipient_id as id`,
    );
    const prompt = await claimWindows(
      tx,
      event.kind,
      type,
      fresh.map((f) => f.id),
      now,
    );
    const toMail = chunk.filter((r) => prompt.has(r.id));
    const full = (r: Recipient) =>
      buildNotificationMail(env, r, event.kind, [{ details, at: event.at }], false);
    // The template must give exactly the full rendering; checked on one recipient per chunk, and
    // should it ever differ (a template change that touches a marker) the chunk is rendered in full.
    const [probe] = toMail;
    const sent =
      probe && sameMail(fillTemplate(mail.template, mail.fill(probe)), full(probe))
        ? await mailer.sendFromTemplate(mail.template, toMail.map(mail.fill), { tx })
        : await mailer.sendMany(toMail.map(full), { tx });
    if (sent.length > 0) {
      const pairs = toMail.map((r, i) => ({ rid: r.id, mid: sent[i]?.id }));
      await tx.execute(sql`
        update notification_items i set state = 'prompt', mail_id = v.mid
        from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v(rid text, mid text)
        where i.event_id = ${eventId} and i.recipient_type = ${type} and i.recipient_id = v.rid`);
    }
    return sent.length;
  });
  context.onChunk?.({ recipients: chunk.length, mails: written, transactionMs: performance.now() - started });
  return written;
}
