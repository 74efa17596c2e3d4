import { Form, NavLink, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { topicHead } from "~/.server/realtime/publish";
import { countUnreadNews } from "~/.server/services/news/count-unread-news";
import { MYPAGE_NAV } from "~/components/layout/mypage-nav";
import { AccountEvents } from "~/components/realtime/account-events";
import { ROLE_LABELS, roleOfPath } from "~/domain/account-roles";
import { newsIdOfPath } from "~/domain/news";
import { accountTopic } from "~/domain/realtime-topics";
import type { Route } from "./+types/mypage-layout";

/**
 * The shared wrapper of the three mypage areas (spec §2): it loads the signed-in account of the
 * role the path names and sends anyone else to that role's login page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const role = roleOfPath(pathname);
  if (!role) throw new Response(null, { status: 404 });
  const viewer = await requireViewer(request, context, role);
  // Where the account's event stream starts: nothing published after this render is missed.
  const eventsSince = await topicHead(context.db, accountTopic(viewer.uid));
  // The news page loads beside this layout: the one it opens counts as read already.
  const unreadNews = await countUnreadNews({
    db: context.db,
    actor: viewer,
    input: { opening: newsIdOfPath(pathname) },
  });
  return {
    viewer: { type: viewer.type, name: viewer.name, email: viewer.email },
    eventsSince,
    counts: { unreadNews },
  };
}

/** Reading news changes the menu's unread count: reload it when moving to or from a news page. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const news = (url: URL) => url.pathname.includes("/mypage/news") || /\/mypage\/?$/.test(url.pathname);
  return defaultShouldRevalidate || news(currentUrl) || news(nextUrl);
}

export default function MypageLayout({ loaderData }: Route.ComponentProps) {
  const { viewer, eventsSince, counts } = loaderData;
  const items = MYPAGE_NAV[viewer.type];
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 wide:grid wide:grid-cols-[14rem_1fr] wide:items-start wide:gap-6">
      <aside className="mb-6 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 wide:sticky wide:top-20 wide:mb-0">
        <div className="flex items-center justify-between gap-3 p-4 wide:block">
          <div className="min-w-0">
            <p className="text-slate-500 text-xs">{ROLE_LABELS[viewer.type]}アカウント</p>
            <p className="truncate font-bold text-lg" data-testid="mypage-name">
              {viewer.name}
            </p>
          </div>
          <Form method="post" action="/logout" className="shrink-0 wide:mt-3">
            <button
              type="submit"
              className="min-h-11 rounded-full border border-slate-300 px-4 text-sm hover:bg-slate-100"
            >
              ログアウト
            </button>
          </Form>
        </div>
        {/* A row that scrolls sideways on a phone; a list in the sidebar from 1024 px. */}
        <nav aria-label="マイページ" className="border-slate-100 border-t">
          <ul className="flex gap-1 overflow-x-auto px-2 py-2 text-sm wide:flex-col wide:overflow-visible">
            {items.map((item) => {
              const count = item.badge ? counts[item.badge] : 0;
              return (
                <li key={item.to} className="shrink-0">
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) =>
                      `flex min-h-11 items-center justify-between gap-2 whitespace-nowrap rounded-full px-4 wide:rounded-lg ${isActive ? "bg-brand-50 font-bold text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
                    }
                  >
                    <span>{item.label}</span>
                    {count > 0 ? (
                      <span
                        className="min-w-5 rounded-full bg-brand-600 px-1.5 py-0.5 text-center font-bold text-white text-xs leading-none"
                        data-testid={`mypage-badge-${item.badge}`}
                      >
                        {count}
                        <span className="sr-only">件の未読</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
      <AccountEvents since={eventsSince} />
    </div>
  );
}
