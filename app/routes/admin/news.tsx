import { Link } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { listOperatorNews } from "~/.server/services/news/list-operator-news";
import {
  Badge,
  ButtonLink,
  Card,
  doneMessage,
  EmptyState,
  FlashMessage,
  PageHeader,
} from "~/components/ui/kit";
import { formatAdminDateTime } from "~/domain/admin";
import { NEWS_AUDIENCE_LABELS, newsExcerpt } from "~/domain/news";
import { pageTitle } from "~/site";
import type { Route } from "./+types/news";

const DONE = {
  created: "お知らせを作成しました",
  published: "お知らせを公開しました",
  scheduled: "お知らせの公開を予約しました",
  saved: "お知らせを保存しました",
  deleted: "お知らせを削除しました",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const items = await listOperatorNews({ db: context.db, actor });
  return {
    items: items.map((item) => ({
      news_id: item.news_id,
      title: item.title,
      excerpt: newsExcerpt(item.body, 40),
      audience: item.audience,
      published_at: item.published_at.toISOString(),
      send_mail: item.send_mail,
      mail_requested: item.mail_requested_at !== null,
      scheduled: item.scheduled,
    })),
    done: doneMessage(new URL(request.url).searchParams.get("done"), DONE),
  };
}

export function meta() {
  return [{ title: pageTitle("お知らせ") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminNews({ loaderData }: Route.ComponentProps) {
  const { items, done } = loaderData;
  return (
    <>
      <PageHeader
        title="お知らせ"
        lead="リスナー・店舗・キャストのマイページに表示する運営からのお知らせです。"
        actions={<ButtonLink to="/admin/news/new">新規作成</ButtonLink>}
      />
      <Card>
        {items.length === 0 ? (
          <EmptyState title="お知らせはまだありません">「新規作成」から最初のお知らせを書けます。</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="admin-news-list">
            {items.map((item) => (
              <li key={item.news_id}>
                <Link
                  to={`/admin/news/${item.news_id}`}
                  className="block min-h-11 rounded-lg px-2 py-3 hover:bg-slate-50"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge tone={item.scheduled ? "amber" : "green"}>
                      {item.scheduled ? "予約" : "公開中"}
                    </Badge>
                    <Badge tone="gray">{NEWS_AUDIENCE_LABELS[item.audience]}</Badge>
                    {item.send_mail ? (
                      <Badge tone="brand">{item.mail_requested ? "メール配信済み" : "メール配信あり"}</Badge>
                    ) : null}
                  </span>
                  <span className="mt-1 block font-bold">{item.title}</span>
                  <span className="block truncate text-slate-500 text-xs">{item.excerpt}</span>
                  <span className="mt-1 block text-slate-500 text-xs">
                    {formatAdminDateTime(item.published_at)} {item.scheduled ? "公開予定" : "公開"}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <FlashMessage message={done} />
    </>
  );
}
