import { useEffect, useRef } from "react";
import type { LiveCommentEvent } from "~/domain/live";
import { LIVE_UI } from "./live-texts";

/**
 * The comments of a live, oldest first, kept scrolled to the newest unless the reader scrolled up.
 * `actions` renders the per-comment buttons (delete and block for the broadcaster, report for a
 * listener). `tone` dark: over the video on a phone.
 */
export function CommentList({
  comments,
  actions,
  tone = "light",
  className = "",
}: {
  comments: LiveCommentEvent[];
  actions?: (comment: LiveCommentEvent) => React.ReactNode;
  /** overlay: light on dark over the video on a phone, the light list beside it on a wide screen. */
  tone?: "light" | "overlay";
  className?: string;
}) {
  const box = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the newest whenever the list changes
  useEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [comments]);
  const overlay = tone === "overlay";
  return (
    <ol
      ref={box}
      aria-label={LIVE_UI.comments}
      aria-live="polite"
      data-testid="live-comments"
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
      className={`space-y-1.5 overflow-y-auto overscroll-contain ${className}`}
    >
      {comments.length === 0 ? (
        <li className={`text-sm ${overlay ? "text-white/70 lg:text-slate-500" : "text-slate-500"}`}>
          {LIVE_UI.noComments}
        </li>
      ) : (
        comments.map((comment) => (
          <li
            key={comment.comment_id}
            data-testid="live-comment"
            data-comment-id={comment.comment_id}
            className={`flex items-start gap-2 rounded-lg px-2 py-1 text-sm ${overlay ? "bg-black/35 text-white lg:bg-slate-50 lg:text-slate-900" : "bg-slate-50 text-slate-900"}`}
          >
            <p className="min-w-0 flex-1 break-words">
              <span
                className={`mr-2 font-bold ${overlay ? "text-pink-200 lg:text-brand-700" : "text-brand-700"}`}
              >
                {comment.nickname}
              </span>
              <span data-testid="live-comment-body">{comment.body}</span>
            </p>
            {actions ? <span className="flex shrink-0 gap-1">{actions(comment)}</span> : null}
          </li>
        ))
      )}
    </ol>
  );
}
