import { Link } from "react-router";
import { requireDevTools } from "~/.server/http/dev-tools";
import { listOutbox } from "~/.server/services/mail/list-outbox";
import { MAIL_STATUS_CLASSES, MAIL_STATUS_LABELS } from "~/domain/mail-status";
import { clampPage, totalPages } from "~/domain/paging";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mail";

const PAGE_SIZE = 50;

const TOKYO_TIME = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

export async function loader({ request, context }: Route.LoaderArgs) {
  // The development outbox shows every mail with its links (dev-tools.ts).
  requireDevTools(context);
  const result = await listOutbox({
    db: context.db,
    input: { page: clampPage(new URL(request.url).searchParams.get("page")), pageSize: PAGE_SIZE },
  });
  return {
    page: result.page,
    pages: totalPages(result.total, result.pageSize),
    total: result.total,
    smtp: Boolean(context.env.smtpUrl),
    items: result.items.map((item) => ({
      id: item.id,
      kind: item.kind,
      to: item.to,
      subject: item.subject,
      status: item.status,
      error: item.error,
      createdAt: TOKYO_TIME.format(item.created_at),
      createdAtIso: item.created_at.toISOString(),
    })),
  };
}

export function meta() {
  return [{ title: pageTitle("送信メール（開発用）") }, { name: "robots", content: "noindex" }];
}

export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { items, page, pages, total, smtp } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-8">
      <div>
        <h1 className="font-bold text-xl">送信メール（開発用）</h1>
        <p className="mt-1 text-slate-600 text-sm">
          {smtp
            ? "SMTP サーバー経由で送信するメールの記録です（送信はバックグラウンドで行い、失敗すると間隔を空けて再送します）。"
            : "SMTP_URL が未設定のため、メールは送信されずここに保管されています。"}
          全{total}件
        </p>
      </div>

      {items.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-500 text-sm ring-1 ring-slate-200">
          まだメールはありません
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={`/dev/mail/${item.id}`}
                className="block px-4 py-3 hover:bg-slate-50"
                data-testid="outbox-mail"
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-500 text-xs">
                  <time dateTime={item.createdAtIso}>{item.createdAt}</time>
                  <span
                    className={`rounded-full px-2 py-0.5 font-bold ${MAIL_STATUS_CLASSES[item.status]}`}
                    title={item.error ?? undefined}
                  >
                    {MAIL_STATUS_LABELS[item.status]}
                  </span>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 font-mono">{item.kind}</span>
                </div>
                <p className="mt-1 truncate font-bold text-sm">{item.subject}</p>
                <p className="truncate text-slate-600 text-sm">宛先: {item.to}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav aria-label="ページ送り" className="flex items-center justify-center gap-4 text-sm">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className="text-brand-600 hover:underline">
              前へ
            </Link>
          ) : (
            <span className="text-slate-400">前へ</span>
          )}
          <span>
            {page} / {pages}
          </span>
          {page < pages ? (
            <Link to={`?page=${page + 1}`} className="text-brand-600 hover:underline">
              次へ
            </Link>
          ) : (
            <span className="text-slate-400">次へ</span>
          )}
        </nav>
      )}
    </div>
  );
}
