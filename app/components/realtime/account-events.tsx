import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { formatNumber } from "~/domain/format";

interface FollowerEvent {
  follower_number: number;
  change: number;
}

/** The bell's count (ADR 0044): the signed-in account's unread notifications, kept live. */
const UnreadNotifications = createContext(0);
export const useUnreadNotifications = () => useContext(UnreadNotifications);

/**
 * The signed-in account's live events (`GET /api/me/events`, one stream for every page): a new
 * notification moves the bell's count (ADR 0044) and reading them elsewhere brings it back; a new
 * follower shows a notice; a chat message reloads the page's figures (the unread counts of the
 * header and the menu). `unread` and `since` come with the page (the root loader).
 */
export function AccountEvents({
  since,
  unread: loaded,
  children,
}: {
  since: number;
  unread: number;
  children: ReactNode;
}) {
  // The resume point of the first render; later reloads of the page must not reconnect.
  const [url] = useState(() => `/api/me/events?last_event_id=${since}`);
  const [unread, setUnread] = useState(loaded);
  // A reload of the page's data (a navigation, a revalidation) brings the count as stored.
  useEffect(() => setUnread(loaded), [loaded]);
  const [notice, setNotice] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const handlers = useRef<Record<string, (data: unknown) => void>>({});
  handlers.current = {
    notification(data) {
      if ((data as { counted?: boolean }).counted) setUnread((n) => n + 1);
    },
    "notification-read"(data) {
      const count = (data as { unread?: unknown }).unread;
      if (typeof count === "number") setUnread(count);
    },
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
  };
  // Opened by hand rather than with useEventSource: every page carries this, and the bytes count.
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(url);
    for (const type of Object.keys(handlers.current))
      source.addEventListener(type, (event) => {
        try {
          handlers.current[type]?.(JSON.parse((event as MessageEvent<string>).data));
        } catch {
          // Not JSON: not one of ours.
        }
      });
    return () => source.close();
  }, [url]);

  return (
    <UnreadNotifications.Provider value={unread}>
      {children}
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
    </UnreadNotifications.Provider>
  );
}
