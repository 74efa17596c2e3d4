import { useEffect, useRef } from "react";
import type {
  LiveCommentEvent,
  LiveEndedEvent,
  LiveFanLevelEvent,
  LiveGiftEvent,
  LivePinEvent,
  LiveRankingEvent,
  LiveViewersEvent,
} from "~/domain/live";
import { readGiftEvent } from "~/domain/live";

export interface LiveEventHandlers {
  comment?(comment: LiveCommentEvent): void;
  commentDeleted?(commentId: string): void;
  viewers?(viewers: LiveViewersEvent): void;
  gift?(gift: LiveGiftEvent): void;
  ranking?(ranking: LiveRankingEvent): void;
  pin?(pin: LivePinEvent): void;
  fanLevel?(fanLevel: LiveFanLevelEvent): void;
  ended?(ended: LiveEndedEvent): void;
  /** The stream's resume point is gone (a long absence): the page reloads its data. */
  reset?(): void;
}

/**
 * Listens to `live:<id>` (`GET /api/lives/{id}/events`) from the stream position the page was
 * rendered at, so no comment between render and connect is missed; EventSource resumes by itself
 * with Last-Event-ID after a dropped connection.
 */
export function useLiveEvents(liveId: string | null, lastEventId: number, handlers: LiveEventHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!liveId) return;
    const source = new EventSource(
      `/api/lives/${encodeURIComponent(liveId)}/events?last_event_id=${lastEventId}`,
    );
    const parse = (event: MessageEvent) => {
      try {
        return JSON.parse(event.data as string) as unknown;
      } catch {
        return null;
      }
    };
    source.addEventListener("comment", (e) =>
      ref.current.comment?.(parse(e as MessageEvent) as LiveCommentEvent),
    );
    source.addEventListener("comment-deleted", (e) =>
      ref.current.commentDeleted?.((parse(e as MessageEvent) as { comment_id: string }).comment_id),
    );
    source.addEventListener("viewers", (e) =>
      ref.current.viewers?.(parse(e as MessageEvent) as LiveViewersEvent),
    );
    source.addEventListener("gift", (e) => {
      const gift = readGiftEvent(parse(e as MessageEvent));
      if (gift) ref.current.gift?.(gift);
    });
    source.addEventListener("ranking", (e) => {
      const ranking = parse(e as MessageEvent) as LiveRankingEvent | null;
      if (ranking && Array.isArray(ranking.items)) ref.current.ranking?.(ranking);
    });
    source.addEventListener("pin", (e) => {
      const pin = parse(e as MessageEvent) as LivePinEvent | null;
      if (pin && "comment" in pin) ref.current.pin?.(pin);
    });
    source.addEventListener("fan-level", (e) => {
      const up = parse(e as MessageEvent) as LiveFanLevelEvent | null;
      if (up && typeof up.level === "number") ref.current.fanLevel?.(up);
    });
    source.addEventListener("ended", (e) => {
      ref.current.ended?.(parse(e as MessageEvent) as LiveEndedEvent);
      source.close();
    });
    source.addEventListener("reset", () => ref.current.reset?.());
    return () => source.close();
  }, [liveId, lastEventId]);
}
