import { useCallback, useState } from "react";
import type {
  LiveCommentEvent,
  LiveEndedEvent,
  LiveGiftEvent,
  LiveRankingEvent,
  LiveViewersEvent,
} from "~/domain/live";
import { initialStream, type StreamEntry, withComment, withGift, withoutComment } from "./room-stream";
import { useLiveEvents } from "./use-live-events";

/** What a live room page opens with (the server's `readLiveRoom` plus the live's figures). */
export interface LiveRoomStart {
  liveId: string;
  lastEventId: number;
  comments: LiveCommentEvent[];
  gifts: LiveGiftEvent[];
  pinned: LiveCommentEvent | null;
  points: number;
  ranking: LiveRankingEvent["items"];
  viewers: LiveViewersEvent;
}

/**
 * The live room's state on a page (the viewer and the broadcaster panel alike; ADR 0043), kept
 * from the live's event stream: the stream of comments and gift lines, the pinned comment, the
 * ranking, the live's running points, the viewers, and each gift as it arrives for the animations.
 * `onGift` and `onEnded` are the page's own reactions; `onLevelUp` tells the signed-in listener.
 */
export function useLiveRoom(
  start: LiveRoomStart | null,
  handlers: {
    onGift?(gift: LiveGiftEvent): void;
    onEnded?(ended: LiveEndedEvent): void;
    onLevelUp?(level: number): void;
    /** Whose `fan-level` events are hers (the signed-in listener). */
    listenerId?: string | null;
    onReset?(): void;
  } = {},
) {
  const [entries, setEntries] = useState<StreamEntry[]>(() =>
    start ? initialStream(start.comments, start.gifts) : [],
  );
  const [pinned, setPinned] = useState<LiveCommentEvent | null>(start?.pinned ?? null);
  const [ranking, setRanking] = useState<LiveRankingEvent["items"]>(start?.ranking ?? []);
  const [points, setPoints] = useState(start?.points ?? 0);
  const [viewers, setViewers] = useState<LiveViewersEvent>(start?.viewers ?? { count: 0, peak: 0 });

  /** A comment this page sent: shown at once, deduplicated when its event comes back. */
  const addComment = useCallback((comment: LiveCommentEvent) => {
    setEntries((list) => withComment(list, comment));
  }, []);

  useLiveEvents(start?.liveId ?? null, start?.lastEventId ?? 0, {
    comment: addComment,
    commentDeleted: (id) => {
      setEntries((list) => withoutComment(list, id));
      setPinned((current) => (current?.comment_id === id ? null : current));
    },
    viewers: setViewers,
    gift: (gift) => {
      setEntries((list) => withGift(list, gift));
      setPoints((total) => total + gift.points);
      handlers.onGift?.(gift);
    },
    ranking: (event) => setRanking(event.items),
    pin: (event) => setPinned(event.comment),
    fanLevel: (event) => {
      if (handlers.listenerId && event.listener_id === handlers.listenerId) handlers.onLevelUp?.(event.level);
    },
    ended: (event) => handlers.onEnded?.(event),
    reset: () => (handlers.onReset ? handlers.onReset() : window.location.reload()),
  });

  return { entries, pinned, ranking, points, viewers, setViewers, addComment };
}
