import { eq } from "drizzle-orm";
import type { NotificationRecipientType } from "~/domain/notifications";
import type { Db } from "../../db/client";
import { listeners, livers, staffs } from "../../db/schema";
import type { NotificationAuthor, NotificationEvent } from "./record-notification";

/**
 * What a mail shows of an event, resolved once by the fan-out and kept on the event row, so the
 * summary an hour later needs no lookups (and still names an author who was renamed since).
 * Paths per recipient role; a role without a path gets no mail for the event.
 */
export interface EventDetails {
  actor: string;
  staff?: string;
  item?: string;
  listenerPath?: string;
  liverPath?: string;
}

export async function resolveEventDetails(db: Db, event: NotificationEvent): Promise<EventDetails> {
  switch (event.kind) {
    case "following_live":
    case "following_instagram":
    case "following_tiktok":
      return {
        actor: await authorName(db, event.author),
        listenerPath: `/listener/${event.author.type}/${encodeURIComponent(event.author.id)}`,
      };
    case "official_information":
      return {
        actor: event.title,
        listenerPath: `/listener/mypage/news/${encodeURIComponent(event.newsId)}`,
        liverPath: `/liver/mypage/news/${encodeURIComponent(event.newsId)}`,
      };
    case "message_to_staff":
    case "item_to_staff":
      return {
        actor: await listenerName(db, event.listenerId),
        staff: await staffName(db, event.staffId),
        ...(event.kind === "item_to_staff" ? { item: event.itemName } : {}),
        // The store reads its staff's rooms from its own mypage.
        liverPath: "/liver/mypage",
      };
    case "new_follower":
      return { actor: await listenerName(db, event.listenerId) };
    case "payout_step":
    case "report_outcome":
    case "age_verification":
      return { actor: "" };
    case "chat_message":
      // Its reader knows the other member by her name: the listener's nickname or the staff's name.
      return {
        actor:
          event.from === "listener"
            ? await listenerName(db, event.listenerId)
            : await staffName(db, event.staffId),
      };
  }
}

export function detailsPath(details: EventDetails, role: NotificationRecipientType): string | undefined {
  return role === "listener" ? details.listenerPath : details.liverPath;
}

async function authorName(db: Db, author: NotificationAuthor): Promise<string> {
  if (author.type === "staff") return staffName(db, author.id);
  const [row] = await db
    .select({ name: livers.store_name })
    .from(livers)
    .where(eq(livers.uid, author.id))
    .limit(1);
  return row?.name ?? "";
}

async function staffName(db: Db, uid: string): Promise<string> {
  const [row] = await db.select({ name: staffs.name }).from(staffs).where(eq(staffs.uid, uid)).limit(1);
  return row?.name ?? "";
}

async function listenerName(db: Db, uid: string): Promise<string> {
  const [row] = await db
    .select({ name: listeners.nickname })
    .from(listeners)
    .where(eq(listeners.uid, uid))
    .limit(1);
  return row?.name ?? "";
}
