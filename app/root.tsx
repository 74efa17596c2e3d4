import type { ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from "react-router";
import { getViewer } from "./.server/auth/viewer";
import { clearLoginUserType, readLoginUserType } from "./.server/http/login-user-type";
import { topicHead } from "./.server/realtime/publish";
import { countUnreadMessages } from "./.server/services/chat/count-unread-messages";
import { countUnreadNotifications } from "./.server/services/notifications/list-notifications";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorContent, NotFoundContent } from "./components/layout/not-found-content";
import { RouteProgress } from "./components/layout/route-progress";
import { ScrollToTopButton } from "./components/layout/scroll-to-top-button";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { AccountEvents } from "./components/realtime/account-events";
import { GlobalLoaderProvider } from "./components/ui/global-loader";
import { ModalProvider } from "./components/ui/modal-provider";
import { isMessagesPath, roomIdOfPath } from "./domain/chat-paths";
import { accountTopic } from "./domain/realtime-topics";
import { pageTitle, SITE_DESCRIPTION } from "./site";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // The installable app (ADR 0045): its name, icons and the colour of its window.
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const lastRole = readLoginUserType(request);
  // The header's unread messages (listeners and staff; the room this request opens counts as read).
  const unread =
    viewer?.type === "listener" || viewer?.type === "staff"
      ? await countUnreadMessages({
          db: context.db,
          actor: viewer,
          input: { opening: roomIdOfPath(new URL(request.url).pathname) },
        })
      : null;
  // The bell and the account's event stream (ADR 0044), for the three mypage roles:
  // the unread count as stored and where the stream starts (nothing published after this is missed).
  const member = viewer && viewer.type !== "operator" ? viewer : null;
  const [unreadNotifications, eventsSince] = member
    ? await Promise.all([
        countUnreadNotifications(context.db, member.uid),
        topicHead(context.db, accountTopic(member.uid)),
      ])
    : [0, 0];
  return data(
    {
      nonce: context.nonce,
      viewer: viewer
        ? {
            type: viewer.type,
            name: viewer.name,
            unreadMessages: unread?.ok ? unread.unread : 0,
            unreadNotifications,
            eventsSince,
          }
        : null,
      lastRole: lastRole.role,
    },
    lastRole.invalid ? { headers: { "Set-Cookie": clearLoginUserType() } } : undefined,
  );
}

/** The header's unread count changes on the message pages: reload it around them. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || isMessagesPath(currentUrl.pathname) || isMessagesPath(nextUrl.pathname);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = rootData?.nonce;
  return (
    <html lang="ja">
      <head>
        <meta charSet="utf-8" />
        {/* The keyboard resizes the page (Chrome): a chat's composer stays above it. */}
        <meta
          name="viewport"
          content="width=device-width, initial-scale=1, viewport-fit=cover, interactive-widget=resizes-content"
        />
        <meta name="theme-color" content="#1c1733" />
        <meta name="format-detection" content="telephone=no" />
        {/* With a precedence React puts the stylesheet at the head's start, before the scripts'
            preloads it hoists there: the first paint waits on it, so it is asked for first. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <GlobalLoaderProvider>
          <ModalProvider>
            <RouteProgress />
            <MemberEvents viewer={rootData?.viewer ?? null}>
              <SiteHeader viewer={rootData?.viewer ?? null} lastRole={rootData?.lastRole ?? null} />
              <main className="flex-1">{children}</main>
              <SiteFooter />
              <ScrollToTopButton />
            </MemberEvents>
          </ModalProvider>
        </GlobalLoaderProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** A listener's, store's or staff member's pages keep her account's event stream open (the bell). */
function MemberEvents({
  viewer,
  children,
}: {
  viewer: { type: string; unreadNotifications: number; eventsSince: number } | null;
  children: ReactNode;
}) {
  if (!viewer || viewer.type === "operator") return children;
  return (
    <AccountEvents since={viewer.eventsSince} unread={viewer.unreadNotifications}>
      {children}
    </AccountEvents>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta() {
  return [{ title: pageTitle() }, { name: "description", content: SITE_DESCRIPTION }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{pageTitle("ページが見つかりません")}</title>
        <NotFoundContent />
      </>
    );
  }
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <>
      <title>{pageTitle("エラーが発生しました")}</title>
      <ErrorContent detail={detail} />
    </>
  );
}
