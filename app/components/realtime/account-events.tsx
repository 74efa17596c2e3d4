import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { formatNumber } from "~/domain/format";
import { useEventSource } from "./use-event-source";

interface FollowerEvent {
  follower_number: number;
  change: number;
}

/**
 * The signed-in account's live events on every mypage page: a new follower shows a notice and
 * the page's figures reload (the follower count on the mypage home).
 */
export function AccountEvents({ since }: { since: number }) {
  // The resume point of the first render; later reloads of the layout must not reconnect.
  const [url] = useState(() => `/api/me/events?last_event_id=${since}`);
  const [notice, setNotice] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEventSource(url, {
    follower(data) {
      const event = data as FollowerEvent;
      void revalidator.revalidate();
      if (event.change > 0) {
        setNotice(`新しくフォローされました（フォロワー ${formatNumber(event.follower_number)}人）`);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setNotice(null), 8_000);
      }
    },
    // A chat message to this account (ADR 0029): the unread counts of the header and menu move.
    message() {
      void revalidator.revalidate();
    },
    reset() {
      void revalidator.revalidate();
    },
  });

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
      data-testid="account-event-notice"
    >
      {notice ? (
        <p className="pointer-events-auto rounded-full bg-slate-900 px-5 py-3 font-bold text-sm text-white shadow-lg">
          {notice}
        </p>
      ) : null}
    </div>
  );
}
