import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { enqueueJob, jobInsertWhen } from "../../db/queue/enqueue";
import { notificationEvents } from "../../db/schema";

/**
 * The notification triggers (ADR 0025, 0044). Whoever causes one calls `recordNotification`
 * inside the transaction of the event; its fan-out job writes each recipient's in-app line (ADR
 * 0044) and the mail (batched per recipient and kind per hour, with a one-click unsubscribe).
 */
export type NotificationEvent =
  /** A followed staff member or store went live (ADR 0031 calls this when a live starts). */
  | { kind: "following_live"; author: NotificationAuthor; postId: string | null; at: Date }
  /** A followed staff member or store got a new imported Instagram / TikTok post. */
  | { kind: "following_instagram" | "following_tiktok"; author: NotificationAuthor; postId: string; at: Date }
  /** News published with mail (ADR 0027), at its publication (a scheduled news when its time comes). */
  | {
      kind: "official_information";
      newsId: string;
      title: string;
      audience: "listener" | "liver" | "staff" | "all";
      at: Date;
    }
  /** A listener wrote to a staff member (first message of a room, or after 24 h of silence). */
  | { kind: "message_to_staff"; liverId: string; staffId: string; listenerId: string; at: Date }
  /** A staff member received an item. */
  | {
      kind: "item_to_staff";
      liverId: string;
      staffId: string;
      listenerId: string;
      itemName: string;
      at: Date;
    }
  /**
   * A chat message, every one, for the other member's in-app line and push (ADR 0044); no mail
   * (the store's mail is `message_to_staff`). The excerpt is the message's first 60 characters.
   */
  | {
      kind: "chat_message";
      roomId: string;
      /** Her line is written only while this message is unread (read in the room: no notice). */
      messageId: string;
      listenerId: string;
      staffId: string;
      from: "listener" | "staff";
      excerpt: string;
      picture: boolean;
      at: Date;
    }
  /** A listener followed a staff member or a store: told to the followed account (ADR 0044). */
  | { kind: "new_follower"; target: NotificationAuthor; listenerId: string; at: Date }
  /** The operator approved, rejected or paid a store's payout request (its mail is the step's own). */
  | {
      kind: "payout_step";
      liverId: string;
      requestId: string;
      step: "approved" | "rejected" | "paid";
      netYen: number;
      at: Date;
    }
  /** The operator decided a report: its reporter is told the outcome (never the note); ADR 0044. */
  | {
      kind: "report_outcome";
      reporterId: string;
      reporterType: "listener" | "staff";
      outcome: "dismissed" | "warned" | "blocked" | "suspended";
      at: Date;
    }
  /** The operator decided a listener's age verification (ADR 0055): she is told in-app and by push. */
  | { kind: "age_verification"; listenerId: string; decision: "verified" | "rejected"; at: Date };

/** The kinds told in-app only (and by push): no mail of ADR 0025. */
export const IN_APP_ONLY_KINDS = [
  "chat_message",
  "new_follower",
  "payout_step",
  "report_outcome",
  "age_verification",
] as const;
export type InAppOnlyEvent = Extract<NotificationEvent, { kind: (typeof IN_APP_ONLY_KINDS)[number] }>;
export const isInAppOnly = (event: NotificationEvent): event is InAppOnlyEvent =>
  (IN_APP_ONLY_KINDS as readonly string[]).includes(event.kind);

export interface NotificationAuthor {
  type: "staff" | "liver";
  /** The staff uid or the store uid. */
  id: string;
}

/**
 * Records one notification event in the caller's transaction, with the `notification.fanout`
 * job that mails its recipients (ADR 0025): both exist exactly when the cause commits. Cheap on
 * purpose — one row and one job, whatever the number of recipients.
 */
export async function recordNotification(tx: Tx, event: NotificationEvent): Promise<void> {
  const id = randomUUID();
  const { kind, at, ...rest } = event;
  await tx.insert(notificationEvents).values({
    id,
    kind,
    payload: JSON.parse(JSON.stringify(rest)) as Record<string, unknown>,
    occurred_at: at,
  });
  await enqueueJob(tx, "notification.fanout", { eventId: id });
}

/**
 * `recordNotification` as two CTEs of the caller's statement (`notice`, `notice_job`): the event
 * row and its fan-out job, both written only when the CTE named `guard` has a row — for a use case
 * that books its cause in one statement (a gift, ADR 0040). The caller writes `with …, ${this}`.
 */
export async function notificationCtes(guard: string, event: NotificationEvent): Promise<SQL> {
  if (!/^[a-z_][a-z0-9_]*$/.test(guard)) throw new Error(`not a CTE name: ${guard}`);
  const id = randomUUID();
  const { kind, at, ...rest } = event;
  const job = await jobInsertWhen("notice", "notification.fanout", { eventId: id });
  return sql`notice as (
      insert into notification_events (id, kind, payload, occurred_at)
      select ${id}, ${kind}, ${JSON.stringify(rest)}::jsonb, ${at.toISOString()}::timestamptz
      from ${sql.raw(guard)}
      returning id
    ), notice_job as (${job})`;
}
