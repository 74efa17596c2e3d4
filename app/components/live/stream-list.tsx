import { useEffect, useRef } from "react";
import { FanBadge } from "~/components/fans/fan-badge";
import { PushPinIcon } from "~/components/ui/icons";
import { FAN_TEXTS } from "~/domain/fans";
import { GIFT_TEXTS } from "~/domain/gifts";
import type { LiveCommentEvent } from "~/domain/live";
import { LIVE_UI } from "./live-texts";
import type { StreamEntry } from "./room-stream";

/**
 * The live room's stream, oldest first, kept scrolled to the newest unless the reader scrolled up:
 * comments with the writer's fan level (「配信者」 for the broadcaster's own) and every gift as a
 * line — 「○○さんが シャンパン ×3 を贈りました」, its ×N counting up while the combo lasts.
 * `actions` renders the buttons of a comment (pin, delete and block for the broadcaster, report
 * for a listener). `tone` overlay: light on dark over the video on a phone.
 */
export function StreamList({
  entries,
  actions,
  tone = "light",
  className = "",
}: {
  entries: StreamEntry[];
  actions?: (comment: LiveCommentEvent) => React.ReactNode;
  tone?: "light" | "overlay";
  className?: string;
}) {
  const box = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the newest whenever the list changes
  useEffect(() => {
    const el = box.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [entries]);
  const overlay = tone === "overlay";
  const row = overlay
    ? "bg-black/35 text-white lg:bg-slate-50 lg:text-slate-900"
    : "bg-slate-50 text-slate-900";
  const name = overlay ? "text-pink-200 lg:text-brand-700" : "text-brand-700";
  return (
    <ol
      ref={box}
      aria-label={LIVE_UI.comments}
      aria-live="polite"
      data-testid="live-comments"
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
      className={`space-y-1.5 overflow-y-auto overscroll-contain ${className}`}
    >
      {entries.length === 0 ? (
        <li className={`text-sm ${overlay ? "text-white/70 lg:text-slate-500" : "text-slate-500"}`}>
          {LIVE_UI.noComments}
        </li>
      ) : (
        entries.map((entry) =>
          entry.kind === "gift" ? (
            <li
              key={entry.key}
              data-testid="live-gift-line"
              className="flex items-center gap-2 rounded-lg bg-gradient-to-r from-amber-400/90 to-pink-500/90 px-2 py-1 font-bold text-sm text-white"
            >
              {entry.gift.item.image_url ? (
                <img
                  src={entry.gift.item.image_url}
                  alt=""
                  className="h-6 w-6 shrink-0 rounded bg-white/80"
                />
              ) : null}
              <span className="min-w-0 flex-1 break-words">
                {GIFT_TEXTS.line(entry.gift.from.nickname, entry.gift.item.name, entry.gift.combo.count)}
              </span>
            </li>
          ) : (
            <li
              key={entry.key}
              data-testid="live-comment"
              data-comment-id={entry.comment.comment_id}
              data-author={entry.comment.author}
              className={`flex items-start gap-2 rounded-lg px-2 py-1 text-sm ${row} ${entry.comment.author === "broadcaster" ? "ring-1 ring-pink-400" : ""}`}
            >
              <p className="min-w-0 flex-1 break-words">
                {entry.comment.author === "broadcaster" ? (
                  <span
                    data-testid="broadcaster-mark"
                    className="mr-1 inline-flex rounded-full bg-pink-600 px-1.5 py-px align-middle font-bold text-[10px] text-white"
                  >
                    {FAN_TEXTS.broadcaster}
                  </span>
                ) : (
                  <FanBadge level={entry.comment.fan_level} className="mr-1 align-middle" />
                )}
                <span className={`mr-2 font-bold ${name}`}>{entry.comment.nickname}</span>
                <span data-testid="live-comment-body">{entry.comment.body}</span>
              </p>
              {actions ? <span className="flex shrink-0 gap-1">{actions(entry.comment)}</span> : null}
            </li>
          ),
        )
      )}
    </ol>
  );
}

/** The comment pinned at the top for everyone (ADR 0043). */
export function PinnedComment({
  comment,
  tone = "light",
  onUnpin,
}: {
  comment: LiveCommentEvent | null;
  tone?: "light" | "overlay";
  /** The broadcaster's button to take it down. */
  onUnpin?: () => void;
}) {
  if (!comment) return null;
  const overlay = tone === "overlay";
  return (
    <div
      role="note"
      aria-label={LIVE_UI.pinned}
      data-testid="live-pinned"
      className={`flex items-start gap-2 rounded-xl px-3 py-2 text-sm shadow ${overlay ? "bg-white/90 text-slate-900" : "bg-amber-50 text-slate-900 ring-1 ring-amber-200"}`}
    >
      <PushPinIcon className="mt-0.5 size-4 shrink-0 text-pink-600" />
      <p className="min-w-0 flex-1 break-words">
        {comment.author === "broadcaster" ? (
          <span className="mr-1 inline-flex rounded-full bg-pink-600 px-1.5 py-px align-middle font-bold text-[10px] text-white">
            {FAN_TEXTS.broadcaster}
          </span>
        ) : null}
        <span className="mr-2 font-bold">{comment.nickname}</span>
        {comment.body}
      </p>
      {onUnpin ? (
        <button
          type="button"
          onClick={onUnpin}
          className="min-h-8 shrink-0 px-1 text-slate-500 text-xs underline"
        >
          {LIVE_UI.unpin}
        </button>
      ) : null}
    </div>
  );
}
