import { data, Link } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { getMatchingState } from "~/.server/services/accounts/get-matching-state";
import { listPosts } from "~/.server/services/posts/list-posts";
import { FeedEmpty, type FeedState, FeedView } from "~/components/posts/feed-view";
import { toPostCard } from "~/components/posts/post-card";
import { FEED_TEXTS } from "~/domain/feed-query";
import { parseFeedSearch } from "~/domain/feed-search";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-follow-sns";

const PATH = "/listener/mypage/follow/sns";

/** `/listener/mypage/follow/sns` (ADR 0024): posts of the staff and stores the listener follows. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const name of ["source", "sort", "page"]) {
    for (const value of url.searchParams.getAll(name)) query.append(name, value);
  }
  query.set("following", "true");
  const base = {
    now: new Date().toISOString(),
    matching: await getMatchingState({ db: context.db, actor: viewer }),
  };
  const parsed = parseFeedSearch(query);
  if (!parsed.ok) return data({ ...base, error: parsed.message, state: null, result: null }, { status: 400 });
  const result = await listPosts({ db: context.db, actor: viewer, input: parsed.value });
  if (!result.ok) throw data(null, { status: 403 });
  const state: FeedState = { source: parsed.value.source, sort: parsed.value.sort, page: parsed.value.page };
  return {
    ...base,
    error: null,
    state,
    result: {
      items: result.items.map(toPostCard),
      total: result.total,
      page: result.page,
      pageSize: result.pageSize,
    },
  };
}

export function meta() {
  return [{ title: pageTitle("フォロー中の投稿") }, { name: "robots", content: "noindex" }];
}

export default function MypageFollowSns({ loaderData }: Route.ComponentProps) {
  const { state, result, error, now, matching } = loaderData;
  const filtered = Boolean(state?.source.length);
  return (
    <div className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h1 className="font-bold text-xl">フォロー中の投稿</h1>
        <Link to="/listener/mypage/follow" className="text-brand-700 text-sm underline">
          フォロー一覧
        </Link>
      </div>
      <FeedView
        path={PATH}
        state={state}
        result={result}
        error={error}
        now={now}
        matching={matching}
        empty={
          filtered ? (
            <FeedEmpty title={FEED_TEXTS.emptyFiltered} links={[{ to: PATH, label: "すべての投稿を見る" }]} />
          ) : (
            <FeedEmpty
              title={FEED_TEXTS.followEmpty}
              hint={FEED_TEXTS.followEmptyHint}
              links={[
                { to: "/search/staff", label: FEED_TEXTS.findStaff },
                { to: "/search/liver", label: FEED_TEXTS.findStores },
              ]}
            />
          )
        }
      />
    </div>
  );
}
