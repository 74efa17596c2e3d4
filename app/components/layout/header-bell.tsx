import { Link } from "react-router";
import { BELL_TEXTS, bellLabel } from "~/domain/notification-bell";
import { useUnreadNotifications } from "../realtime/account-events";
import { BellIcon } from "../ui/icons";

/**
 * The bell of the header (ADR 0044): the account's notifications page with the unread count,
 * kept live by the account's event stream (AccountEvents).
 */
export function HeaderBell({ role }: { role: "listener" | "liver" | "staff" }) {
  const unread = useUnreadNotifications();
  const badge = bellLabel(unread);
  return (
    <Link
      to={`/${role}/mypage/notifications`}
      className="relative grid size-11 shrink-0 place-items-center rounded-full hover:bg-white/10"
      aria-label={unread > 0 ? BELL_TEXTS.bellUnread(unread) : BELL_TEXTS.bell}
      data-testid="header-bell"
    >
      <BellIcon className="size-6" />
      {badge ? (
        <span
          className="absolute top-1 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 font-bold text-[11px] text-white leading-5 ring-2 ring-night-900"
          data-testid="header-bell-count"
          aria-hidden="true"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
