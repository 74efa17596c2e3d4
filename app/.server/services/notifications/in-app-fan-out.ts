import { type SQL, sql } from "drizzle-orm";
import {
  type InAppLine,
  type InAppRecipientType,
  type InAppSource,
  inAppLine,
} from "~/domain/in-app-notifications";
import { accountTopic } from "~/domain/realtime-topics";
import { type Db, queryRows } from "../../db/client";
import { publishToMany } from "../../realtime/publish";
import type { EventDetails } from "./event-details";
import { queuePushes } from "./queue-pushes";
import type { NotificationEvent } from "./record-notification";

/**
 * The in-app channel of the fan-out (ADR 0044): the recipient types an event tells and, per
 * chunk transaction, one `notifications` row per recipient with the line rendered once, and a
 * `notification` event on each new row's account stream (the bell). Everyone the event concerns
 * gets it, whatever her mail settings. Idempotent: a chunk done again writes and publishes
 * nothing twice (a conversation's line replaces her unread one of the same room).
 */

/** What the event says to each recipient type, in the order the fan-out walks them. */
export function inAppGroups(
  event: NotificationEvent,
  details: EventDetails,
): { type: InAppRecipientType; line: InAppLine }[] {
  const source = inAppSource(event, details);
  const types: InAppRecipientType[] =
    event.kind === "official_information"
      ? event.audience === "all"
        ? ["listener", "liver", "staff"]
        : [event.audience]
      : event.kind === "chat_message"
        ? // The other member only: nobody is told of her own message.
          [event.from === "listener" ? "staff" : "listener"]
        : event.kind === "new_follower"
          ? [event.target.type]
          : event.kind === "report_outcome"
            ? [event.reporterType]
            : event.kind === "age_verification"
              ? ["listener"]
              : ["listener", "liver", "staff"];
  return types.flatMap((type) => {
    const line = inAppLine(source, type);
    return line ? [{ type, line }] : [];
  });
}

function inAppSource(event: NotificationEvent, details: EventDetails): InAppSource {
  switch (event.kind) {
    case "following_live":
    case "following_instagram":
    case "following_tiktok":
      return { kind: event.kind, actor: details.actor, author: event.author };
    case "official_information":
      return { kind: "official_information", title: event.title, newsId: event.newsId };
    case "message_to_staff":
      return { kind: "message_to_staff", listener: details.actor, staff: details.staff ?? "" };
    case "item_to_staff":
      return {
        kind: "item_to_staff",
        listener: details.actor,
        staff: details.staff ?? "",
        item: event.itemName,
      };
    case "new_follower":
      return { kind: "new_follower", listener: details.actor, target: event.target.type };
    case "payout_step":
      return { kind: "payout_step", step: event.step, netYen: event.netYen };
    case "report_outcome":
      return { kind: "report_outcome", outcome: event.outcome, reporter: event.reporterType };
    case "age_verification":
      return { kind: "age_verification", decision: event.decision };
    case "chat_message":
      return {
        kind: "chat_message",
        from: details.actor,
        roomId: event.roomId,
        excerpt: event.excerpt,
        picture: event.picture,
      };
  }
}

/** The next `limit` recipients of a type after `after`, in key order. */
export async function inAppRecipientChunk(
  db: Db,
  event: NotificationEvent,
  type: InAppRecipientType,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, recipientQuery(event, type, after, limit));
  return rows.map((row) => row.id);
}

function recipientQuery(
  event: NotificationEvent,
  type: InAppRecipientType,
  after: string,
  limit: number,
): SQL {
  const one = (id: string) => sql`select ${id}::text as id where ${id}::text > ${after}`;
  switch (event.kind) {
    case "following_live":
    case "following_instagram":
    case "following_tiktok": {
      const target = event.author.type === "staff" ? sql`f.staff_id` : sql`f.liver_id`;
      return sql`select f.uid as id from favorites f join listeners l on l.uid = f.uid
                 where ${target} = ${event.author.id} and f.uid > ${after}
                 order by f.uid limit ${limit}`;
    }
    case "official_information":
      if (type === "listener")
        return sql`select uid as id from listeners where uid > ${after} order by uid limit ${limit}`;
      if (type === "liver")
        return sql`select uid as id from livers where status <> 'deleted' and uid > ${after}
                   order by uid limit ${limit}`;
      return sql`select uid as id from staffs where status <> 'deleted' and uid > ${after}
                 order by uid limit ${limit}`;
    case "message_to_staff":
      return one(event.liverId);
    case "item_to_staff":
      return type === "staff" ? one(event.staffId) : one(event.liverId);
    case "new_follower":
      return one(event.target.id);
    case "payout_step":
      return one(event.liverId);
    case "report_outcome":
      return one(event.reporterId);
    case "age_verification":
      return one(event.listenerId);
    case "chat_message": {
      // Read in the room before the fan-out came to it: nothing to tell (as a chat app does).
      const reader = type === "staff" ? event.staffId : event.listenerId;
      return sql`select ${reader}::text as id where ${reader}::text > ${after}
                 and exists (select 1 from messages where message_id = ${event.messageId} and read_at is null)`;
    }
  }
}

/**
 * One chunk's rows, pushes and bell events, in the caller's transaction. `texts` gives a recipient
 * her own title and body (the daily shift summary); the others get the line's. Returns the
 * recipients that got a new (or renewed) line.
 */
export async function writeInAppChunk(
  tx: Db,
  input: {
    eventId: string;
    type: InAppRecipientType;
    line: InAppLine;
    recipientIds: readonly string[];
    at: Date;
    texts?: ReadonlyMap<string, { title: string; body: string }>;
  },
): Promise<number> {
  if (input.recipientIds.length === 0) return 0;
  const { line } = input;
  const rows = JSON.stringify(
    input.recipientIds.map((id) => {
      const own = input.texts?.get(id);
      return { id, title: own?.title ?? line.title, body: own?.body ?? line.body };
    }),
  );
  const values = sql`select gen_random_uuid()::text, ${input.type}, r.id, ${input.eventId}, ${line.kind},
                            r.title, r.body, ${line.url}, ${line.group},
                            ${input.at.toISOString()}::timestamptz
                     from jsonb_to_recordset(${rows}::jsonb) as r(id text, title text, body text)`;
  const columns = sql`(notification_id, recipient_type, recipient_id, event_id, kind, title, body, url,
                       group_key, created_at)`;
  const returning = sql`returning notification_id, recipient_id, title, body`;
  const written = await queryRows<{
    notification_id: string;
    recipient_id: string;
    title: string;
    body: string;
    inserted: boolean;
  }>(
    tx,
    line.group
      ? sql`insert into notifications ${columns} ${values}
            on conflict (recipient_id, group_key) where read_at is null and group_key is not null
            do update set event_id = excluded.event_id, title = excluded.title, body = excluded.body,
                          url = excluded.url, created_at = excluded.created_at
            where notifications.event_id <> excluded.event_id
            ${returning}, (xmax = 0) as inserted`
      : sql`insert into notifications ${columns} ${values}
            on conflict (event_id, recipient_id) where group_key is null do nothing
            ${returning}, true as inserted`,
  );
  if (written.length === 0) return 0;
  // Every new line is pushed to her devices (a conversation's pushes share the room's tag).
  await queuePushes(tx, {
    eventId: input.eventId,
    kind: line.kind,
    tag: line.group ?? `event:${input.eventId}`,
    lines: written.map((row) => ({
      recipientId: row.recipient_id,
      title: row.title,
      body: row.body,
      url: line.url,
    })),
  });
  // Last in the transaction (publish's rule): the bells move only if the rows commit.
  await publishToMany({
    db: tx,
    type: "notification",
    events: written.map((row) => ({
      topic: accountTopic(row.recipient_id),
      data: {
        notification_id: row.notification_id,
        kind: line.kind,
        title: row.title,
        body: row.body,
        url: line.url,
        created_at: input.at.toISOString(),
        read_at: null,
        // A renewed line of a conversation was unread already: the bell's count stays.
        counted: row.inserted,
      },
    })),
  });
  return written.length;
}
