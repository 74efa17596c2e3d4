import { Link } from "react-router";
import { SITE_NAME } from "~/site";
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
  // The search modal's forms (the area tree among them) load when it is first wanted, not with
  // every page: fetched as the pointer or the focus reaches the button, opened on the click.
  const loadSearch = () => import("../search/header-search");
  return (
    <header className="sticky top-0 z-30 bg-night-900 text-white shadow">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-2 min-[360px]:gap-2 min-[360px]:px-3 wide:h-16 wide:px-4">
        <Link to="/" className="mr-auto flex items-baseline gap-2" aria-label={`${SITE_NAME} トップへ`}>
          <span className="shrink-0 whitespace-nowrap font-black text-xl tracking-wider wide:text-2xl">
            {SITE_NAME}
          </span>
          {/* From 768 px, where it fits on one line beside a long name. */}
          <span className="hidden whitespace-nowrap text-slate-300 text-xs md:inline">
            夜のお店とキャストを探そう
          </span>
        </Link>
        <Link
          to="/sns"
          className="flex min-h-11 shrink-0 items-center rounded-full px-2 text-sm hover:bg-white/10 min-[360px]:px-3"
        >
          SNS
        </Link>
        <Link
          to="/search/liver"
          onPointerEnter={() => void loadSearch()}
          onFocus={() => void loadSearch()}
          onClick={(event) => {
            event.preventDefault();
            void loadSearch().then(({ HEADER_SEARCH_TEXTS, HeaderSearch }) =>
              openModal({
                headline: HEADER_SEARCH_TEXTS.headline,
                description: HEADER_SEARCH_TEXTS.description,
                content: <HeaderSearch />,
              }),
            );
          }}
          className="flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-full px-2 text-sm hover:bg-white/10 sm:px-3"
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
            className="flex min-h-11 min-w-11 max-w-56 shrink-0 items-center justify-center gap-1 rounded-full bg-brand-600 px-2 font-bold text-sm hover:bg-brand-700 min-[360px]:px-2.5 sm:px-3"
            data-testid="header-mypage"
          >
            {/* A phone shows a person (the words stay for screen readers); from 640 px the name and label. */}
            <UserIcon className="size-5 shrink-0 sm:hidden" />
            <span className="sr-only sm:not-sr-only sm:min-w-0 sm:truncate">{viewer.name}</span>
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
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-full bg-brand-600 px-3 font-bold text-sm hover:bg-brand-700 [&::-webkit-details-marker]:hidden">
              ログイン
            </summary>
            <div
              className="absolute right-0 mt-2 w-64 max-w-[calc(100vw-1rem)] overflow-hidden rounded-xl bg-white text-slate-800 shadow-xl ring-1 ring-black/5"
              data-testid="login-menu"
            >
              {/* Every link is a whole row (or half of one) of at least 44 × 44 px to tap. */}
              <ul className="divide-y divide-slate-100">
                {loginLinks.map((link) => (
                  <li key={link.to} className="flex items-stretch text-sm">
                    <Link
                      to={link.to}
                      className="flex min-h-12 flex-1 items-center px-4 font-bold hover:bg-slate-50 hover:text-brand-600"
                    >
                      {link.label}
                    </Link>
                    {link.register && (
                      <Link
                        to={link.register}
                        className="flex min-h-12 min-w-11 items-center px-4 text-brand-600 text-xs hover:bg-brand-50 hover:underline"
                      >
                        新規登録
                      </Link>
                    )}
                  </li>
                ))}
                <li className="text-sm">
                  <Link
                    to={LOGIN_HUB.to}
                    className="flex min-h-12 items-center px-4 text-brand-700 hover:bg-slate-50 hover:underline"
                  >
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
