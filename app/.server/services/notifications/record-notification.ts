import type { Tx } from "../../db/client";

/**
 * The six notification triggers of contract §9. Whoever causes one calls `recordNotification`
 * inside the transaction of the event; the mail (batched per recipient and kind per hour, with a
 * one-click unsubscribe) is written from there through the durable job queue.
 */
export type NotificationEvent =
  /** A followed staff member or store went live (issue 16 calls this when a live starts). */
  | { kind: "following_live"; author: NotificationAuthor; postId: string | null; at: Date }
  /** A followed staff member or store got a new imported Instagram / TikTok post. */
  | { kind: "following_instagram" | "following_tiktok"; author: NotificationAuthor; postId: string; at: Date }
  /** News published with mail (contract §10), at its publication (a scheduled news when its time comes). */
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
    };

export type NotificationKind = NotificationEvent["kind"];

export interface NotificationAuthor {
  type: "staff" | "liver";
  /** The staff uid or the store uid. */
  id: string;
}

/**
 * Records one notification event in the caller's transaction. PLACEHOLDER until the notification
 * mail lands (issue 13, §9): it keeps the call sites honest about where the trigger happens.
 */
export async function recordNotification(_tx: Tx, _event: NotificationEvent): Promise<void> {}
