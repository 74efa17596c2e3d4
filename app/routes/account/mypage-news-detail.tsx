import { requireViewer } from "~/.server/auth/viewer";
import { openNews } from "~/.server/services/news/open-news";
import { NewsBody } from "~/components/news/news-ui";
import { Card, PageHeader } from "~/components/ui/kit";
import { roleOfPath } from "~/domain/account-roles";
import { isRecordId } from "~/domain/admin";
import { formatNewsDate, NEWS_TEXTS, newsPath } from "~/domain/news";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-news-detail";

/**
 * `/{listener,liver,staff}/mypage/news/{id}`: one news, marked read by opening it. Another
 * audience's news, a scheduled one and a missing one are the same 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const role = roleOfPath(new URL(request.url).pathname);
  if (!role) throw new Response(null, { status: 404 });
  const viewer = await requireViewer(request, context, role);
  if (!isRecordId(params.id)) throw new Response(null, { status: 404 });
  const result = await openNews({ db: context.db, actor: viewer, input: { newsId: params.id } });
  if (!result.ok) throw new Response(null, { status: result.error === "forbidden" ? 403 : 404 });
  return {
    role,
    news: { ...result.news, published_at: result.news.published_at.toISOString() },
  };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData ? loaderData.news.title : NEWS_TEXTS.title) },
    { name: "robots", content: "noindex" },
  ];
}

export default function MypageNewsDetail({ loaderData }: Route.ComponentProps) {
  const { role, news } = loaderData;
  // Staff read their news on the home page of their mypage.
  const back =
    role === "staff"
      ? { to: "/staff/mypage", label: "マイページへ" }
      : { to: newsPath(role), label: NEWS_TEXTS.back };
  return (
    <>
      <PageHeader
        title={news.title}
        lead={<time dateTime={news.published_at}>{formatNewsDate(news.published_at)}</time>}
        back={back}
      />
      <Card>
        <NewsBody body={news.body} />
      </Card>
    </>
  );
}
