import { data, Link } from "react-router";
import type { Viewer } from "~/.server/auth/viewer";
import { getViewer } from "~/.server/auth/viewer";
import type { Db } from "~/.server/db/client";
import { getMatchingState } from "~/.server/services/accounts/get-matching-state";
import { getPublicLiver } from "~/.server/services/directory/get-public-liver";
import { getPublicStaff } from "~/.server/services/directory/get-public-staff";
import { listPosts } from "~/.server/services/posts/list-posts";
import { skipAfterFollow } from "~/components/directory/revalidate";
import { FeedEmpty, type FeedState, FeedView } from "~/components/posts/feed-view";
import { toPostCard } from "~/components/posts/post-card";
import { PinIcon } from "~/components/ui/icons";
import { areaLabel, findRegion, regionChoices } from "~/domain/areas";
import { displayName } from "~/domain/display-name";
import { FEED_TEXTS } from "~/domain/feed-query";
import { parseFeedSearch } from "~/domain/feed-search";
import { searchQueryString } from "~/domain/search-query";
import { absoluteUrl, seoMeta } from "~/seo";
import { pageTitle } from "~/site";
import type { Route } from "./+types/feed";

/**
 * The feeds (ADR 0024 "Pages"): `/sns`, `/youtube`, and the same two for one staff member
 * (`/listener/staff/{id}/…`) or one store and its staff (`/listener/liver/{id}/…`). One module;
 * the path says which: the owner from the params, the source fixed to YouTube on `…/youtube`.
 */

interface Owner {
  type: "staff" | "liver";
  id: string;
  name: string;
  /** The owner's public page. */
  href: string;
}

async function ownerOf(
  db: Db,
  viewer: Viewer | null,
  url: URL,
  id: string | undefined,
): Promise<Owner | null> {
  if (!id) return null;
  if (url.pathname.startsWith("/listener/staff/")) {
    const found = await getPublicStaff({ db, actor: viewer, input: { key: id, by: "either" } });
    if (!found.ok) throw data(null, { status: 404 });
    const staff = found.detail.staff;
    return { type: "staff", id: staff.uid, name: displayName(staff), href: `/listener/staff/${staff.uid}` };
  }
  const found = await getPublicLiver({ db, actor: viewer, input: { key: id, by: "either" } });
  if (!found.ok) throw data(null, { status: 404 });
  return {
    type: "liver",
    id: found.store.uid,
    name: found.store.store_name,
    href: `/listener/liver/${found.store.uid}`,
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const youtube = url.pathname.endsWith("/youtube");
  const viewer = await getViewer(request, context);
  const owner = await ownerOf(context.db, viewer, url, params.id);
  const path = owner ? `${owner.href}/${youtube ? "youtube" : "sns"}` : youtube ? "/youtube" : "/sns";
  // Only what the page shows is read from the URL; the scope comes from the path.
  const query = new URLSearchParams();
  for (const name of ["source", "region", "prefecture", "sort", "page"]) {
    for (const value of url.searchParams.getAll(name)) query.append(name, value);
  }
  if (youtube) query.set("source", "youtube");
  if (owner) {
    query.delete("region");
    query.delete("prefecture");
    query.set(owner.type === "staff" ? "staffId" : "liverId", owner.id);
  }
  const base = {
    // The pickers' names (and below the heading's place), so the page's JavaScript has no area tree.
    regions: owner ? null : regionChoices(),
    now: new Date().toISOString(),
    matching: await getMatchingState({ db: context.db, actor: viewer }),
    owner,
    path,
    youtube,
    canonical: absoluteUrl(context.env.baseUrl, path),
  };
  const parsed = parseFeedSearch(query);
  if (!parsed.ok)
    return data({ ...base, error: parsed.message, state: null, place: "", result: null }, { status: 400 });
  const result = await listPosts({ db: context.db, actor: viewer, input: parsed.value });
  if (!result.ok) throw data(null, { status: 500 });
  const state: FeedState = {
    source: youtube ? [] : parsed.value.source,
    region: parsed.value.region,
    prefecture: parsed.value.prefecture,
    sort: parsed.value.sort,
    page: parsed.value.page,
  };
  const shown = searchQueryString({ ...state, source: state.source });
  return {
    ...base,
    canonical: absoluteUrl(context.env.baseUrl, shown ? `${path}?${shown}` : path),
    error: null,
    state,
    place: placeOf(state),
    result: {
      items: result.items.map(toPostCard),
      total: result.total,
      page: result.page,
      pageSize: result.pageSize,
    },
  };
}

export const shouldRevalidate = skipAfterFollow;

/** The place a site-wide feed is narrowed to: its prefecture, else its region, else "". */
function placeOf(state: FeedState): string {
  return areaLabel({ prefecture: state.prefecture }) || findRegion(state.region)?.name || "";
}

function headingOf(
  loaderData: { owner: Owner | null; youtube: boolean; state: FeedState | null; place: string } | undefined,
) {
  const what = loaderData?.youtube ? "YouTube動画" : "SNS投稿";
  if (loaderData?.owner) return `${loaderData.owner.name}の${what}`;
  const place = loaderData?.place ?? "";
  return place ? `${place}の${what}` : `みんなの${what}`;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const heading = headingOf(loaderData);
  const total = loaderData?.result?.total;
  return seoMeta({
    title: pageTitle(heading),
    description: `${heading}${total !== undefined ? `（${total}件）` : ""}。ガールズバー・キャバクラ・コンカフェのキャストと店舗のInstagram・TikTok・YouTube・ライブ配信の新着投稿をまとめてチェックできます。`,
    canonical: loaderData?.canonical ?? "",
    noindex: Boolean(loaderData?.error),
  });
}

export default function Feed({ loaderData }: Route.ComponentProps) {
  const { owner, path, youtube, state, result, error, now, matching, regions } = loaderData;
  const heading = headingOf(loaderData);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      {owner && (
        <p className="mb-1 text-sm">
          <Link to={owner.href} className="text-brand-700 underline">
            ‹ {owner.name}のページへ
          </Link>
        </p>
      )}
      <div className="mb-4 flex items-center justify-between gap-3">
        <h1 className="font-bold text-xl wide:text-2xl">{heading}</h1>
        {owner || youtube ? null : (
          <Link
            to="/search/sns"
            className="flex min-h-10 shrink-0 items-center gap-1 rounded-full bg-white px-4 font-bold text-brand-700 text-sm ring-1 ring-brand-300 hover:bg-brand-50"
          >
            <PinIcon className="size-4" />
            地図で探す
          </Link>
        )}
      </div>
      {owner && (
        <nav className="mb-4 flex gap-4 text-sm" aria-label="投稿の種類">
          <Link
            to={`${owner.href}/sns`}
            aria-current={youtube ? undefined : "page"}
            className={youtube ? "text-slate-600" : "font-bold text-brand-700"}
          >
            SNS
          </Link>
          <Link
            to={`${owner.href}/youtube`}
            aria-current={youtube ? "page" : undefined}
            className={youtube ? "font-bold text-brand-700" : "text-slate-600"}
          >
            YouTube
          </Link>
        </nav>
      )}
      <FeedView
        path={path}
        state={state}
        result={result}
        error={error}
        now={now}
        matching={matching}
        tabs={!youtube}
        areas={regions}
        sorts={owner?.type !== "staff"}
        empty={
          <FeedEmpty
            title={
              state && (state.source.length > 0 || state.region || state.prefecture)
                ? FEED_TEXTS.emptyFiltered
                : FEED_TEXTS.empty
            }
            links={
              owner
                ? [{ to: owner.href, label: `${owner.name}のページへ` }]
                : [{ to: path, label: "条件をクリア" }]
            }
          />
        }
      />
    </div>
  );
}
