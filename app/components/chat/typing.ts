import { useCallback, useEffect, useRef, useState } from "react";

/** The other side's 「入力中…」 goes after this without a new `typing` event. */
const SHOWN_MS = 4_000;
/** She tells the room at most this often (the server refuses more, ADR 0044). */
const TELL_EVERY_MS = 3_000;

/**
 * 「入力中…」 of a conversation (ADR 0044): shown on the other side's `typing` event, gone
 * after 4 s without another, or at once when her message arrives.
 */
export function useTypingIndicator() {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(() => {
    setShown(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(false), SHOWN_MS);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setShown(false);
  }, []);
  return { shown, show, hide };
}

const lastTold = new Map<string, number>();
const waiting = new Set<string>();

/**
 * Tells the room she is typing, at most once per 3 s: a keystroke inside the 3 s is told when they
 * end (once), so typing on tells on. Fire and forget: it is only a hint.
 */
export function tellTyping(roomId: string): void {
  const wait = TELL_EVERY_MS - (Date.now() - (lastTold.get(roomId) ?? 0));
  if (wait <= 0) {
    post(roomId);
    return;
  }
  if (waiting.has(roomId)) return;
  waiting.add(roomId);
  setTimeout(() => {
    waiting.delete(roomId);
    post(roomId);
  }, wait);
}

/** After a refusal as too soon, the one more try (the server counts its 3 s from its own clock). */
const RETRY_MS = 1_000;

function post(roomId: string, retried = false): void {
  lastTold.set(roomId, Date.now());
  void fetch(`/api/rooms/${encodeURIComponent(roomId)}/typing`, { method: "POST" })
    .then((response) => (response.ok ? (response.json() as Promise<{ sent?: boolean }>) : null))
    .then((answer) => {
      if (answer?.sent !== false || retried || waiting.has(roomId)) return;
      waiting.add(roomId);
      setTimeout(() => {
        waiting.delete(roomId);
        post(roomId, true);
      }, RETRY_MS);
    })
    .catch(() => {});
}
