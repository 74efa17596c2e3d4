import { type SQL, sql } from "drizzle-orm";
import type { NotificationRecipientType } from "~/domain/notifications";
import { type Db, queryRows } from "../../db/client";
import type { NotificationEvent } from "./record-notification";

/** One account to mail: its address and the name of the greeting. */
export interface Recipient {
  type: NotificationRecipientType;
  id: string;
  email: string;
  name: string;
}

/**
 * The recipients of an event in key order, one chunk at a time from `after`, with the event's
 * setting on at the moment of the query (ADR 0025: the setting is read when the mail is built).
 * The setting key is the kind's name for every kind; only verified addresses get mail.
 * Groups in order: an `official_information` with audience `all` goes to listeners, then stores.
 */
export function recipientGroups(event: NotificationEvent): NotificationRecipientType[] {
  switch (event.kind) {
    case "official_information":
      // Staff have no mail_setting and no address of their own (their login e-mail is synthetic),
      // so news for staff only is shown on their mypage and never mailed.
      if (event.audience === "listener") return ["listener"];
      if (event.audience === "liver") return ["liver"];
      if (event.audience === "all") return ["listener", "liver"];
      return [];
    case "message_to_staff":
    case "item_to_staff":
      return ["liver"];
    case "chat_message":
    case "new_follower":
    case "payout_step":
    case "report_outcome":
    case "age_verification":
      // Told in-app and by push only (ADR 0044).
      return [];
    default:
      return ["listener"];
  }
}

export async function recipientChunk(
  db: Db,
  event: NotificationEvent,
  type: NotificationRecipientType,
  after: string,
  limit: number,
): Promise<Recipient[]> {
  const setting = event.kind;
  const verified = (uid: SQL) =>
    sql`exists (select 1 from "user" u where u.id = ${uid} and u.email_verified)`;
  if (type === "listener") {
    if (
      event.kind === "following_live" ||
      event.kind === "following_instagram" ||
      event.kind === "following_tiktok"
    ) {
      // Driven by the author's followers (favorites_staff_idx / favorites_liver_idx), not all listeners.
      const target = event.author.type === "staff" ? sql`f.staff_id` : sql`f.liver_id`;
      return queryRows<Recipient>(
        db,
        sql`select 'listener' as type, l.uid as id, l.email, l.nickname as name
            from favorites f join listeners l on l.uid = f.uid
            where ${target} = ${event.author.id} and f.uid > ${after} and l.email <> ''
              and (l.mail_setting->>${setting}) = 'true' and ${verified(sql`l.uid`)}
            order by f.uid limit ${limit}`,
      );
    }
    if (event.kind !== "official_information") return [];
    return queryRows<Recipient>(
      db,
      sql`select 'listener' as type, l.uid as id, l.email, l.nickname as name from listeners l
          where l.uid > ${after} and l.email <> '' and (l.mail_setting->>${setting}) = 'true'
            and ${verified(sql`l.uid`)}
          order by l.uid limit ${limit}`,
    );
  }
  const which =
    event.kind === "message_to_staff" || event.kind === "item_to_staff"
      ? sql`and s.uid = ${event.liverId}`
      : event.kind === "official_information"
        ? sql``
        : sql`and false`;
  return queryRows<Recipient>(
    db,
    sql`select 'liver' as type, s.uid as id, s.email, s.store_name as name from livers s
        where s.uid > ${after} and s.email <> '' and s.status <> 'deleted'
          and (s.mail_setting->>${setting}) = 'true' ${which} and ${verified(sql`s.uid`)}
        order by s.uid limit ${limit}`,
  );
}

/** Accounts by id as they are now, with their flags (the summary reads the setting when it is built). */
export async function recipientsByIds(
  db: Db,
  type: NotificationRecipientType,
  ids: string[],
): Promise<Map<string, Recipient & { settings: Record<string, boolean> }>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<Recipient & { settings: Record<string, boolean> }>(
    db,
    type === "listener"
      ? sql`select 'listener' as type, l.uid as id, l.email, l.nickname as name, l.mail_setting as settings
            from listeners l join "user" u on u.id = l.uid
            where l.uid in (${list}) and u.email_verified and l.email <> ''`
      : sql`select 'liver' as type, s.uid as id, s.email, s.store_name as name, s.mail_setting as settings
            from livers s join "user" u on u.id = s.uid
            where s.uid in (${list}) and u.email_verified and s.email <> '' and s.status <> 'deleted'`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}
