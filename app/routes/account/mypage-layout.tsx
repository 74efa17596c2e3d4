import { Outlet, type ShouldRevalidateFunctionArgs, useLocation } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { countUnreadMessages } from "~/.server/services/chat/count-unread-messages";
import { countUnreadNews } from "~/.server/services/news/count-unread-news";
import { AccountSidebar } from "~/components/layout/account-sidebar";
import { MYPAGE_NAV } from "~/components/layout/mypage-nav";
import { ROLE_LABELS, roleOfPath } from "~/domain/account-roles";
import { isMessagesPath, roomIdOfPath } from "~/domain/chat-paths";
import { newsIdOfPath } from "~/domain/news";
import type { Route } from "./+types/mypage-layout";

/**
 * The shared wrapper of the three mypage areas (docs/product.md): it loads the signed-in account of the
 * role the path names and sends anyone else to that role's login page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const role = roleOfPath(pathname);
  if (!role) throw new Response(null, { status: 404 });
  const viewer = await requireViewer(request, context, role);
  // The news page loads beside this layout: the one it opens counts as read already.
  const unreadNews = await countUnreadNews({
    db: context.db,
    actor: viewer,
    input: { opening: newsIdOfPath(pathname) },
  });
  // Likewise the conversation this request opens is read by its page (stores have no rooms: 0).
  const unreadMessages = await countUnreadMessages({
    db: context.db,
    actor: viewer,
    input: { opening: roomIdOfPath(pathname) },
  });
  return {
    viewer: { type: viewer.type, name: viewer.name, email: viewer.email },
    counts: { unreadNews, unreadMessages: unreadMessages.ok ? unreadMessages.unread : 0 },
  };
}

/** Reading news or messages changes the menu's unread counts: reload them around those pages. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const counted = (url: URL) =>
    url.pathname.includes("/mypage/news") ||
    /\/mypage\/?$/.test(url.pathname) ||
    isMessagesPath(url.pathname);
  return defaultShouldRevalidate || counted(currentUrl) || counted(nextUrl);
}

export default function MypageLayout({ loaderData }: Route.ComponentProps) {
  const { viewer, counts } = loaderData;
  const items = MYPAGE_NAV[viewer.type];
  // A conversation on a phone is the whole screen under the header, as a chat app shows it: no
  // account card, no tabs (the room's own header has the way back). From `wide:` as every page.
  const inRoom = roomIdOfPath(useLocation().pathname) !== null;
  return (
    <div
      className={`mx-auto max-w-5xl wide:grid wide:grid-cols-[14rem_1fr] wide:items-start wide:gap-6 wide:px-4 wide:py-6 ${inRoom ? "" : "px-4 py-6"}`}
    >
      <AccountSidebar
        hidden={inRoom}
        tone="light"
        caption={`${ROLE_LABELS[viewer.type]}アカウント`}
        name={viewer.name}
        nameTestId="mypage-name"
        logoutAction="/logout"
        navLabel="マイページ"
        items={items.map((item) => ({
          ...item,
          count: item.badge ? counts[item.badge] : 0,
          countLabel: "件の未読",
          badgeTestId: item.badge ? `mypage-badge-${item.badge}` : undefined,
        }))}
      />
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
