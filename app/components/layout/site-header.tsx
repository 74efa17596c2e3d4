import { Link } from "react-router";
import { SITE_NAME } from "~/site";
import { MapSearchLinks } from "../search/map-search-links";
import { QuickSearchForm } from "../search/quick-search-form";
import { UserIcon } from "../ui/icons";
import { useModal } from "../ui/modal-provider";
import { HeaderBell } from "./header-bell";
import { LOGIN_HUB, LOGIN_LINKS, MYPAGE_LABEL, MYPAGE_PATH, type Viewer, type ViewerType } from "./nav-links";

export function SiteHeader({ viewer, lastRole }: { viewer: Viewer | null; lastRole: ViewerType | null }) {
  // The role used last time comes first in the login menu (docs/product.md loginUserType).
  const loginLinks = lastRole
    ? [...LOGIN_LINKS].sort(
        (a, b) => Number(b.to === `/${lastRole}/login`) - Number(a.to === `/${lastRole}/login`),
      )
    : LOGIN_LINKS;
  const { openModal } = useModal();
  return (
    <header className="sticky top-0 z-30 bg-night-900 text-white shadow">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 wide:h-16 wide:px-4">
        <Link to="/" className="mr-auto flex items-baseline gap-2" aria-label={`${SITE_NAME} トップへ`}>
          <span className="shrink-0 whitespace-nowrap font-black text-xl tracking-wider wide:text-2xl">
            {SITE_NAME}
          </span>
          <span className="hidden text-slate-300 text-xs sm:inline">夜のお店とキャストを探そう</span>
        </Link>
        <Link to="/sns" className="rounded-full px-3 py-2 text-sm hover:bg-white/10">
          SNS
        </Link>
        <Link
          to="/search/liver"
          onClick={(event) => {
            event.preventDefault();
            openModal({
              headline: "お店をさがす",
              description: "店名や業種から探せます。",
              content: (
                <div className="space-y-4">
                  <QuickSearchForm idPrefix="header-search" />
                  <MapSearchLinks />
                </div>
              ),
            });
          }}
          className="flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-3 py-2 text-sm hover:bg-white/10"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
          </svg>
          {/* A phone shows the magnifier only (the word stays for screen readers). */}
          <span className="sr-only sm:not-sr-only">さがす</span>
        </Link>
        {viewer && viewer.type !== "operator" ? <HeaderBell role={viewer.type} /> : null}
        {viewer ? (
          <Link
            to={MYPAGE_PATH[viewer.type]}
            className="flex max-w-48 items-center gap-1 rounded-full bg-brand-600 px-3 py-2 font-bold text-sm hover:bg-brand-700"
            data-testid="header-mypage"
          >
            {/* A phone shows a person (the words stay for screen readers); from 640 px the name and label. */}
            <UserIcon className="size-5 sm:hidden" />
            <span className="sr-only sm:not-sr-only sm:truncate">{viewer.name}</span>
            <span className="sr-only sm:not-sr-only sm:shrink-0 sm:font-normal sm:text-xs sm:opacity-90">
              {MYPAGE_LABEL[viewer.type]}
            </span>
            {viewer.unreadMessages ? (
              <span
                className="ml-0.5 inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-white px-1.5 font-bold text-brand-700 text-xs"
                data-testid="header-unread-messages"
              >
                {viewer.unreadMessages > 99 ? "99+" : viewer.unreadMessages}
                <span className="sr-only">件の未読メッセージ</span>
              </span>
            ) : null}
          </Link>
        ) : (
          <details className="relative">
            <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full bg-brand-600 px-3 py-2 font-bold text-sm hover:bg-brand-700 [&::-webkit-details-marker]:hidden">
              ログイン
            </summary>
            <div className="absolute right-0 mt-2 w-60 overflow-hidden rounded-xl bg-white text-slate-800 shadow-xl ring-1 ring-black/5">
              <ul className="divide-y divide-slate-100">
                {loginLinks.map((link) => (
                  <li key={link.to} className="flex items-center justify-between px-4 py-3 text-sm">
                    <Link to={link.to} className="font-bold hover:text-brand-600">
                      {link.label}
                    </Link>
                    {link.register && (
                      <Link to={link.register} className="text-brand-600 text-xs hover:underline">
                        新規登録
                      </Link>
                    )}
                  </li>
                ))}
                <li className="px-4 py-3 text-sm">
                  <Link to={LOGIN_HUB.to} className="text-brand-700 hover:underline">
                    {LOGIN_HUB.label}
                  </Link>
                </li>
              </ul>
            </div>
          </details>
        )}
      </div>
    </header>
  );
}
