import { requireViewer } from "~/.server/auth/viewer";
import { listNews } from "~/.server/services/news/list-news";
import { NewsList } from "~/components/news/news-ui";
import { Card, PageHeader } from "~/components/ui/kit";
import { roleOfPath } from "~/domain/account-roles";
import { NEWS_TEXTS, newsPath } from "~/domain/news";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-news";

/** `/listener/mypage/news` and `/liver/mypage/news` (ADR 0027). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const role = roleOfPath(new URL(request.url).pathname);
  if (!role) throw new Response(null, { status: 404 });
  const viewer = await requireViewer(request, context, role);
  const result = await listNews({ db: context.db, actor: viewer });
  if (!result.ok) throw new Response(null, { status: 403 });
  return {
    role,
    items: result.items.map((item) => ({ ...item, published_at: item.published_at.toISOString() })),
  };
}

export function meta() {
  return [{ title: pageTitle(NEWS_TEXTS.title) }, { name: "robots", content: "noindex" }];
}

export default function MypageNews({ loaderData }: Route.ComponentProps) {
  const { role, items } = loaderData;
  const unread = items.filter((item) => item.unread).length;
  return (
    <>
      <PageHeader
        title={NEWS_TEXTS.title}
        lead={unread > 0 ? `未読のお知らせが${unread}件あります。` : "運営からのお知らせです。"}
      />
      <Card>
        <NewsList items={items} hrefOf={(id) => newsPath(role, id)} />
      </Card>
    </>
  );
}
