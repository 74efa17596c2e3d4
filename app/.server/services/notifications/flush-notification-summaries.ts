import { sql } from "drizzle-orm";
import {
  NOTIFICATION_WINDOW_MS,
  type NotificationKindName,
  type NotificationRecipientType,
} from "~/domain/notifications";
import { queryRows } from "../../db/client";
import type { OutgoingMail } from "../../integrations/mail/mailer";
import type { EventDetails } from "./event-details";
import type { NotificationJobContext } from "./fan-out-notification";
import { buildNotificationMail } from "./notification-mail";
import { recipientsByIds } from "./notification-recipients";

interface DueWindow {
  recipient_type: NotificationRecipientType;
  recipient_id: string;
  kind: NotificationKindName;
}

interface PendingItem extends DueWindow {
  event_id: string;
  details: EventDetails;
  occurred_at: Date | string;
}

export const FLUSH_CHUNK = 200;

/**
 * The `notification.flush` job (every minute, ADR 0025): for every window that is over with events
 * waiting, one summary mail of those events ("他 N 件"), if the recipient's setting is still on;
 * otherwise the events are dropped. Each chunk of windows is one short transaction that locks its
 * windows (`skip locked`: two runners share the work), so a re-run finds nothing left to send.
 */
export async function flushNotificationSummaries(
  context: NotificationJobContext,
): Promise<{ summaries: number; dropped: number }> {
  const { db, mailer, env, chunkSize = FLUSH_CHUNK } = context;
  const now = context.now ?? new Date();
  let summaries = 0;
  let dropped = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const windows = await queryRows<DueWindow>(
        tx,
        sql`select recipient_type, recipient_id, kind from notification_windows
            where pending > 0 and window_end <= ${now.toISOString()}
            order by window_end limit ${chunkSize} for update skip locked`,
      );
      if (windows.length === 0) return true;
      const keys = JSON.stringify(windows);
      const items = await queryRows<PendingItem>(
        tx,
        sql`select i.recipient_type, i.recipient_id, i.kind, i.event_id, e.details, e.occurred_at
            from jsonb_to_recordset(${keys}::jsonb) as w(recipient_type text, recipient_id text, kind text)
            join notification_items i on i.recipient_type = w.recipient_type
              and i.recipient_id = w.recipient_id and i.kind = w.kind and i.state = 'pending'
            join notification_events e on e.id = i.event_id
            order by e.occurred_at, i.event_id`,
      );
      const accounts = {
        listener: await recipientsByIds(tx, "listener", idsOf(windows, "listener")),
        liver: await recipientsByIds(tx, "liver", idsOf(windows, "liver")),
      };
      const mails: OutgoingMail[] = [];
      const mailed: DueWindow[] = [];
      const skipped: DueWindow[] = [];
      for (const window of windows) {
        const own = items.filter(
          (item) =>
            item.recipient_type === window.recipient_type &&
            item.recipient_id === window.recipient_id &&
            item.kind === window.kind,
        );
        const account = accounts[window.recipient_type].get(window.recipient_id);
        if (account?.settings[window.kind] !== true || own.length === 0) {
          skipped.push(window);
          continue;
        }
        mails.push(
          buildNotificationMail(
            env,
            account as NonNullable<typeof account>,
            window.kind,
            own.map((item) => ({ details: item.details, at: new Date(item.occurred_at) })),
            true,
          ),
        );
        mailed.push(window);
      }
      const sent = await mailer.sendMany(mails, { tx });
      const outcome = [
        ...mailed.map((w, i) => ({ ...w, state: "summarised", mail_id: sent[i]?.id ?? null })),
        ...skipped.map((w) => ({ ...w, state: "dropped", mail_id: null })),
      ];
      await tx.execute(sql`
        update notification_items i set state = v.state, mail_id = v.mail_id
        from jsonb_to_recordset(${JSON.stringify(outcome)}::jsonb)
          as v(recipient_type text, recipient_id text, kind text, state text, mail_id text)
        where i.recipient_type = v.recipient_type and i.recipient_id = v.recipient_id
          and i.kind = v.kind and i.state = 'pending'`);
      // A summary is a mail: the next hour starts with it. A dropped one leaves the window as it was.
      const nextEnd = new Date(now.getTime() + NOTIFICATION_WINDOW_MS).toISOString();
      await tx.execute(sql`
        update notification_windows w set pending = 0,
          window_end = case when v.state = 'summarised' then ${nextEnd}::timestamptz else w.window_end end
        from jsonb_to_recordset(${JSON.stringify(outcome)}::jsonb)
          as v(recipient_type text, recipient_id text, kind text, state text)
        where w.recipient_type = v.recipient_type and w.recipient_id = v.recipient_id and w.kind = v.kind`);
      summaries += mailed.length;
      dropped += skipped.length;
      return windows.length < chunkSize;
    });
    if (done) break;
  }
  return { summaries, dropped };
}

function idsOf(windows: DueWindow[], type: NotificationRecipientType): string[] {
  return [...new Set(windows.filter((w) => w.recipient_type === type).map((w) => w.recipient_id))];
}
