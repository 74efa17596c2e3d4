import { Link } from "react-router";
import { relativeTime } from "~/domain/relative-time";
import { StaffAvatar } from "../mypage/staff-avatar";
import { CHAT_UI } from "./chat-texts";

export interface RoomListItem {
  room_id: string;
  href: string;
  counterpart: { name: string; image_url: string };
  last_message: { body: string; image_url: string | null; mine: boolean; created_at: string } | null;
  unread_count: number;
  activity_at: string;
}

/** An inbox: the counterpart's picture and name, the last message, when, and the unread count. */
export function RoomList({ items, now }: { items: RoomListItem[]; now: string }) {
  return (
    <ul className="divide-y divide-slate-100" data-testid="room-list">
      {items.map((room) => {
        const last = room.last_message;
        const preview = last
          ? `${last.mine ? `${CHAT_UI.you}: ` : ""}${last.body || CHAT_UI.image}`
          : CHAT_UI.noMessagesYet;
        return (
          <li key={room.room_id}>
            <Link
              to={room.href}
              className="-mx-2 flex min-h-16 items-center gap-3 rounded-xl px-2 py-3 hover:bg-slate-50 focus-visible:bg-slate-50"
              data-testid="room-item"
            >
              <StaffAvatar
                name={room.counterpart.name}
                imageUrl={room.counterpart.image_url || null}
                size="size-12"
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span
                    className={`truncate ${room.unread_count ? "font-black" : "font-bold"}`}
                    data-testid="room-name"
                  >
                    {room.counterpart.name}
                  </span>
                  <time dateTime={room.activity_at} className="shrink-0 text-slate-500 text-xs">
                    {relativeTime(room.activity_at, now)}
                  </time>
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span
                    className={`truncate text-sm ${room.unread_count ? "font-bold text-slate-900" : "text-slate-500"}`}
                    data-testid="room-last-message"
                  >
                    {preview}
                  </span>
                  {room.unread_count ? (
                    <span
                      className="inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 px-2 py-0.5 font-bold text-white text-xs"
                      data-testid="room-unread"
                    >
                      {room.unread_count > 99 ? "99+" : room.unread_count}
                      <span className="sr-only">{CHAT_UI.unread}</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
