import type { LiveCommentEvent, LiveGiftEvent } from "~/domain/live";

/**
 * The live room's stream (ADR 0043): comments and gifts in the order they arrived,
 * a gift as one line per combo — a later send of the same combo updates its line's ×N where it
 * stands. Pure: the viewer and the broadcaster panel keep their list with these.
 */
export type StreamEntry =
  | { kind: "comment"; key: string; comment: LiveCommentEvent }
  | { kind: "gift"; key: string; gift: LiveGiftEvent };

/** The most entries a page keeps (older ones scroll away). */
export const STREAM_MAX = 200;

const trim = (list: StreamEntry[]) =>
  list.length > STREAM_MAX ? list.slice(list.length - STREAM_MAX) : list;

/** A comment, once (a replay after a reconnect may repeat one). */
export function withComment(list: StreamEntry[], comment: LiveCommentEvent): StreamEntry[] {
  const key = `c:${comment.comment_id}`;
  if (list.some((entry) => entry.key === key)) return list;
  return trim([...list, { kind: "comment", key, comment }]);
}

/** A gift: its combo's line moves to its ×N (never back), or a new line. */
export function withGift(list: StreamEntry[], gift: LiveGiftEvent): StreamEntry[] {
  const key = `g:${gift.combo.id}`;
  const at = list.findIndex((entry) => entry.key === key);
  if (at === -1) return trim([...list, { kind: "gift", key, gift }]);
  const current = list[at] as Extract<StreamEntry, { kind: "gift" }>;
  if (current.gift.combo.count >= gift.combo.count) return list;
  const next = [...list];
  next[at] = { kind: "gift", key, gift };
  return next;
}

export function withoutComment(list: StreamEntry[], commentId: string): StreamEntry[] {
  return list.filter((entry) => entry.key !== `c:${commentId}`);
}

/** The page's first stream: the comments and gift lines it was rendered with, by time. */
export function initialStream(comments: LiveCommentEvent[], gifts: LiveGiftEvent[]): StreamEntry[] {
  const timed = [
    ...comments.map((comment) => ({ at: comment.created_at, comment })),
    ...gifts.map((gift) => ({ at: gift.created_at, gift })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  let list: StreamEntry[] = [];
  for (const item of timed)
    list = "comment" in item ? withComment(list, item.comment) : withGift(list, item.gift);
  return list;
}
