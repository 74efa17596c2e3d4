import { Form, Link, redirect } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { listNotifications } from "~/.server/services/notifications/list-notifications";
import {
  markNotificationsRead,
  openNotification,
} from "~/.server/services/notifications/mark-notifications-read";
import { SubmitButton } from "~/components/form/submit-button";
import { UnreadMark } from "~/components/news/news-ui";
import { Card, EmptyState, FlashMessage, PageHeader } from "~/components/ui/kit";
import { roleOfPath, sameOriginPathOf } from "~/domain/account-roles";
import { type InAppRecipientType, NOTIFICATION_TEXTS as T } from "~/domain/in-app-notifications";
import { relativeTime } from "~/domain/relative-time";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-notifications";

function roleOf(request: Request): InAppRecipientType {
  const role = roleOfPath(new URL(request.url).pathname);
  if (role !== "listener" && role !== "liver" && role !== "staff") throw new Response(null, { status: 404 });
  return role;
}

/**
 * `/listener|staff|liver/mypage/notifications` (ADR 0044): her notifications, newest
 * first, unread ones marked; `?before=` pages back. Opening one marks it read and goes to its page;
 * 「すべて既読にする」 marks them all. Plain forms: it works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const role = roleOf(request);
  const viewer = await requireViewer(request, context, role);
  const url = new URL(request.url);
  const result = await listNotifications({
    db: context.db,
    actor: viewer,
    input: { before: url.searchParams.get("before") },
  });
  if (!result.ok) {
    if (result.error === "invalid_before") throw redirect(url.pathname);
    throw new Response(null, { status: 403 });
  }
  return {
    role,
    items: result.items,
    unread: result.unread,
    nextBefore: result.next_before,
    older: url.searchParams.has("before"),
    done: url.searchParams.get("done") === "all",
    now: new Date().toISOString(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const role = roleOf(request);
  const viewer = await requireViewer(request, context, role);
  const form = await request.formData();
  const here = new URL(request.url).pathname;
  return dispatchIntent(
    form,
    {
      all: intent({
        run: async () => {
          await markNotificationsRead({ db: context.db, actor: viewer, input: { all: true } });
          return redirect(`${here}?done=all`);
        },
      }),
    },
    {
      // Each notification of the list is a form of its own: its id, no intent.
      otherwise: intent({
        run: async () => {
          const opened = await openNotification({
            db: context.db,
            actor: viewer,
            input: { id: String(form.get("id") ?? "") },
          });
          // Where it goes is what was stored (a path of this site); anything else stays on the list.
          return redirect(sameOriginPathOf(opened?.url) ?? here);
        },
      }),
    },
  );
}

export function meta() {
  return [{ title: pageTitle(T.title) }, { name: "robots", content: "noindex" }];
}

export default function MypageNotifications({ loaderData }: Route.ComponentProps) {
  const { role, items, unread, nextBefore, older, done, now } = loaderData;
  return (
    <>
      <PageHeader title={T.title} lead={unread > 0 ? T.bellUnread(unread) : undefined} />
      <Card>
        {unread > 0 ? (
          <Form method="post" className="mb-2 flex justify-end">
            <input type="hidden" name="intent" value="all" />
            <SubmitButton variant="secondary" block={false}>
              {T.markAll}
            </SubmitButton>
          </Form>
        ) : null}
        {items.length === 0 ? (
          <EmptyState title={T.empty}>{older ? null : T.emptyLead}</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="notification-list">
            {items.map((item) => (
              <li key={item.notification_id}>
                <Form method="post">
                  <input type="hidden" name="id" value={item.notification_id} />
                  <button
                    type="submit"
                    className="flex min-h-16 w-full items-start gap-3 rounded-lg px-2 py-3 text-left hover:bg-slate-50"
                    data-testid="notification"
                    data-unread={item.read_at ? undefined : "true"}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center gap-2 text-slate-500 text-xs">
                        <span className="rounded bg-slate-100 px-1.5 py-0.5 font-bold text-slate-600">
                          {T.kinds[item.kind]}
                        </span>
                        <time dateTime={item.created_at}>{relativeTime(item.created_at, now)}</time>
                        {item.read_at ? null : <UnreadMark />}
                      </span>
                      <span
                        className={`mt-1 block break-words ${item.read_at ? "text-slate-700" : "font-bold"}`}
                      >
                        {item.title}
                      </span>
                      {item.body ? (
                        <span className="mt-0.5 block truncate text-slate-500 text-sm">{item.body}</span>
                      ) : null}
                    </span>
                    <span aria-hidden="true" className="self-center text-slate-400">
                      ›
                    </span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {nextBefore ? (
          <p className="mt-3 text-center">
            <Link
              to={`/${role}/mypage/notifications?before=${encodeURIComponent(nextBefore)}`}
              className="inline-flex min-h-11 items-center font-bold text-brand-700 underline"
            >
              {T.older}
            </Link>
          </p>
        ) : null}
      </Card>
      <FlashMessage message={done ? T.markedAll : null} />
    </>
  );
}
