import type { Wallet } from "../live/gift-sheet";
import type { GiftItem } from "./chat-gift-panel";

/**
 * The messages of a chat room as the page holds them (ADR 0029): their shape, the conversion from
 * the API's rows, and how a new batch joins what is shown. The page's props are here too, so the
 * component and its state hook read one definition.
 */

/** A message as the page holds it: server rows (ISO times) and the sender's own pending ones. */
export interface ClientMessage {
  message_id: string;
  sender_id: string;
  body: string;
  image_url: string | null;
  /** A gift given in the room (ADR 0038). */
  gift?: MessageGiftView | null;
  created_at: string;
  read_at: string | null;
  /** Only on the sender's copy before the server stored it. */
  pending?: "sending" | "failed";
  error?: string;
}

export interface RoomActionData {
  intent: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

export interface MessageGiftView {
  gift_id: string;
  item_id: string;
  name: string;
  image_url: string;
  quantity: number;
}

export interface ServerMessage {
  message_id: string;
  sender_id: string;
  body: string;
  image_url: string | null;
  gift?: MessageGiftView | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toClientMessage(message: ServerMessage): ClientMessage {
  return {
    message_id: message.message_id,
    sender_id: message.sender_id,
    body: message.body,
    image_url: message.image_url,
    gift: message.gift ?? null,
    created_at: iso(message.created_at) ?? "",
    read_at: iso(message.read_at),
  };
}

const order = (a: ClientMessage, b: ClientMessage) =>
  Number(Boolean(a.pending)) - Number(Boolean(b.pending)) ||
  a.created_at.localeCompare(b.created_at) ||
  a.message_id.localeCompare(b.message_id);

/** `incoming` joins `current`: one copy per id (a later read mark wins), oldest first, pending last. */
export function merge(current: ClientMessage[], incoming: ClientMessage[]): ClientMessage[] {
  const byId = new Map(current.map((m) => [m.message_id, m]));
  for (const message of incoming) {
    const known = byId.get(message.message_id);
    byId.set(message.message_id, known ? { ...message, read_at: message.read_at ?? known.read_at } : message);
  }
  return [...byId.values()].sort(order);
}

export interface ChatRoomProps {
  role: "listener" | "staff";
  me: string;
  roomId: string;
  /** fan_level: the listener's level for this staff member (0 on the listener's own side). */
  counterpart: { name: string; image_url: string; fan_level: number };
  items: ClientMessage[];
  nextBefore: string | null;
  olderPage: boolean;
  blockedByMe: boolean;
  blockedMe: boolean;
  /** A listener who must verify her age before writing (ADR 0055): gifts stay open. */
  mustVerifyAge: boolean;
  eventsSince: number;
  done: "block" | "report" | null;
  actionData: RoomActionData | null;
  /**
   * The listener's gifts (null for staff): her inventory and this render's key for the plain form,
   * her wallet for the sheet (with JavaScript), when to confirm, and the coin page with a way back.
   */
  gift: {
    items: GiftItem[];
    idempotencyKey: string;
    wallet: Wallet | null;
    confirmCoins: number;
    chargePath: string;
  } | null;
}
