import { type ReactNode, useState } from "react";
import { LIVE_COMMENT_MAX, type LiveCommentEvent } from "~/domain/live";
import { ApiError, api } from "./live-client";
import { LIVE_UI } from "./live-texts";

const FIELD = {
  overlay:
    "border-white/40 bg-black/40 text-white placeholder:text-white/60 lg:border-slate-300 lg:bg-white lg:text-slate-900 lg:placeholder:text-slate-400",
  light: "border-slate-300",
} as const;
const ERROR = {
  overlay: "rounded bg-red-600/90 px-2 py-1 text-white",
  light: "text-red-700",
} as const;

/**
 * The comment box of a live (ADR 0031, 0043): the listener's in the viewer, the broadcaster's
 * in her panel (`POST /api/lives/{id}/comments` decides which it is). The refusal shows under the
 * box and the draft stays; `children` sit beside the send button (the gift sheet), `footer` under
 * the row (the coin balance).
 */
export function CommentBox({
  liveId,
  id,
  label,
  tone,
  onSent,
  children,
  footer,
}: {
  liveId: string;
  id: string;
  label: string;
  tone: "overlay" | "light";
  onSent(comment: LiveCommentEvent): void;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sending || !draft.trim()) return;
    setSending(true);
    setError(null);
    try {
      onSent(await api<LiveCommentEvent>("POST", `/api/lives/${liveId}/comments`, { body: draft }));
      setDraft("");
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : LIVE_UI.connectionLost);
    } finally {
      setSending(false);
    }
  };
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <form onSubmit={send} className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          name="body"
          value={draft}
          maxLength={LIVE_COMMENT_MAX}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={label}
          autoComplete="off"
          enterKeyHint="send"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`min-h-11 min-w-0 flex-1 rounded-full border px-4 ${FIELD[tone]}`}
        />
        <button
          type="submit"
          disabled={sending || !draft.trim()}
          className="min-h-11 shrink-0 rounded-full bg-pink-600 px-4 font-bold text-white disabled:opacity-50"
        >
          {LIVE_UI.send}
        </button>
        {children}
      </form>
      {footer}
      {error ? (
        <p id={errorId} role="alert" className={`text-xs ${ERROR[tone]}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
