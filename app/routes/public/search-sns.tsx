import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { data, Link } from "react-router";
import { getViewer } from "~/.server/auth/viewer";
import { listPostMap, type PostMapCluster } from "~/.server/services/geo/list-post-map";
import { LeafletMap, type MapMarker, type MapViewChange } from "~/components/map/leaflet-map";
import type { MapTiles } from "~/components/map/map-texts";
import { SourceTabs } from "~/components/posts/feed-controls";
import { PostCard, type PostCardData } from "~/components/posts/post-card";
import { SearchError } from "~/components/search/search-notice";
import { Spinner } from "~/components/ui/spinner";
import { FEED_TABS, type FeedTab } from "~/domain/feed-query";
import { formatNumber } from "~/domain/format";
import { parsePostMapQuery } from "~/domain/geo";
import { type Bbox, POST_MAP_DAYS } from "~/domain/geo-units";
import { absoluteUrl, seoMeta } from "~/seo";
import { pageTitle } from "~/site";
import type { Route } from "./+types/search-sns";

const PATH = "/search/sns";
/** The first view: all of Japan, from Okinawa to Hokkaido. */
const JAPAN: Bbox = [122.9, 24.0, 146.0, 45.6];
const JAPAN_ZOOM = 5;
/** Pause after the last pan or zoom before the clusters are asked for. */
const DEBOUNCE_MS = 250;
const PANEL_POSTS = 3;

const TEXTS = {
  title: "地図で探す（SNS投稿）",
  description: `最近${POST_MAP_DAYS}日間にキャストや店舗が投稿したInstagram・TikTok・YouTube・ライブを、お店の場所ごとに地図で探せます。`,
  lead: `最近${POST_MAP_DAYS}日間の投稿を、お店の場所ごとに地図に表示しています。数字は投稿の件数です。`,
  mapLabel: `最近${POST_MAP_DAYS}日間の投稿の地図`,
  listHeading: "この範囲の投稿",
  empty: `この範囲には最近${POST_MAP_DAYS}日間の投稿がありません`,
  emptyHint: "地図を縮小・移動するか、投稿の種類を「すべて」にしてお試しください。",
  loading: "投稿を読み込み中…",
  failed: "投稿を読み込めませんでした。しばらくしてからもう一度お試しください。",
  place: (place: string) => `${place} 付近`,
  cluster: (stores: number, posts: number) => `${stores}店舗・投稿${formatNumber(posts)}件`,
  // The number apart from the words: it is the marker's visible text (WCAG 2.5.3 label in name).
  clusterLabel: (stores: number, posts: number) =>
    `${stores}店舗・投稿 ${formatNumber(posts)} 件のまとまり（拡大する）`,
  storeLabel: (name: string, posts: number) => `${name}：投稿 ${formatNumber(posts)} 件`,
  zoomIn: "このあたりを拡大",
  openPosts: "投稿を見る",
  allPosts: "この店舗の投稿をすべて見る",
  storePage: "店舗ページ",
  close: "閉じる",
  panelEmpty: "表示できる投稿がありません",
} as const;

function sourcesOf(tab: FeedTab): string[] {
  return tab === "all" ? [] : [tab];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tiles: MapTiles = { url: context.env.map.tileUrl, attribution: context.env.map.tileAttribution };
  const canonical = absoluteUrl(context.env.baseUrl, PATH);
  const raw = url.searchParams.get("source") ?? "all";
  const tab = (FEED_TABS as readonly string[]).includes(raw) ? (raw as FeedTab) : null;
  const query = new URLSearchParams({ bbox: JAPAN.join(","), zoom: String(JAPAN_ZOOM) });
  for (const source of tab ? sourcesOf(tab) : [raw]) query.append("source", source);
  const parsed = parsePostMapQuery(query);
  if (!tab || !parsed.ok) {
    return data(
      {
        tiles,
        canonical,
        tab: "all" as FeedTab,
        clusters: [] as PostMapCluster[],
        error: parsed.ok ? "投稿の種類が正しくありません" : parsed.message,
      },
      { status: 400 },
    );
  }
  const viewer = await getViewer(request, context);
  const { clusters } = await listPostMap({ db: context.db, actor: viewer, input: parsed.value });
  return { tiles, canonical, tab, clusters, error: null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta({
    title: pageTitle(TEXTS.title),
    description: TEXTS.description,
    canonical: loaderData?.canonical ?? "",
    noindex: Boolean(loaderData?.error),
  });
}

const hrefFor = (tab: FeedTab) => (tab === "all" ? PATH : `${PATH}?source=${tab}`);

interface OpenStore {
  uid: string;
  store_name: string;
}

export default function SearchSns({ loaderData }: Route.ComponentProps) {
  const { tiles, tab, error } = loaderData;
  const [clusters, setClusters] = useState<PostMapCluster[]>(loaderData.clusters);
  const [view, setView] = useState<MapViewChange | null>(null);
  const [status, setStatus] = useState<"idle" | "loading" | "failed">("idle");
  const [open, setOpen] = useState<OpenStore | null>(null);
  const [fitTo, setFitTo] = useState<{ bounds: Bbox; seq: number } | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // The loader's clusters when the tab changes (before the map asks again for its own view).
  useEffect(() => {
    setClusters(loaderData.clusters);
  }, [loaderData.clusters]);

  // The clusters of the visible box: after a pause, the previous request given up.
  useEffect(() => {
    if (!view || error) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ bbox: view.bbox.join(","), zoom: String(view.zoom) });
      for (const source of sourcesOf(tab)) params.append("source", source);
      setStatus("loading");
      fetch(`/api/posts/map?${params}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(String(response.status));
          const body = (await response.json()) as { clusters: PostMapCluster[] };
          setClusters(body.clusters);
          setStatus("idle");
        })
        .catch((reason: unknown) => {
          if ((reason as Error).name !== "AbortError") setStatus("failed");
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [view, tab, error]);

  const zoomTo = useCallback((bounds: Bbox) => setFitTo((f) => ({ bounds, seq: (f?.seq ?? 0) + 1 })), []);
  const openStore = useCallback((store: OpenStore) => {
    setOpen(store);
    requestAnimationFrame(() => panelRef.current?.focus());
  }, []);

  const markers = useMemo<MapMarker[]>(
    () =>
      clusters.map((cluster) =>
        cluster.liver
          ? {
              id: cluster.cell,
              lat: cluster.lat,
              lng: cluster.lng,
              kind: "store" as const,
              label: TEXTS.storeLabel(cluster.liver.store_name, cluster.posts),
              badge: cluster.posts > 99 ? "99+" : String(cluster.posts),
              active: open?.uid === cluster.liver.uid,
              onSelect: () => openStore(cluster.liver!),
            }
          : {
              id: cluster.cell,
              lat: cluster.lat,
              lng: cluster.lng,
              kind: "cluster" as const,
              label: `${cluster.place ? `${TEXTS.place(cluster.place)} ` : ""}${TEXTS.clusterLabel(cluster.stores, cluster.posts)}`,
              badge: cluster.posts > 999 ? "999+" : String(cluster.posts),
              zoomTo: cluster.bbox,
            },
      ),
    [clusters, open, openStore],
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="font-bold text-xl wide:text-2xl">{TEXTS.title}</h1>
      <p className="mt-1 text-slate-600 text-sm">{TEXTS.lead}</p>
      <div className="mt-4">
        <SourceTabs current={tab} hrefFor={hrefFor} />
      </div>
      {error ? (
        <div className="mt-4">
          <SearchError message={error} clearHref={PATH} />
        </div>
      ) : (
        <div className="mt-4 wide:grid wide:grid-cols-[1fr_26rem] wide:items-start wide:gap-6">
          <div className="relative wide:sticky wide:top-20">
            <LeafletMap
              tiles={tiles}
              label={TEXTS.mapLabel}
              view={{ bounds: JAPAN, maxZoom: JAPAN_ZOOM }}
              markers={markers}
              onViewChange={setView}
              fitTo={fitTo}
              className="h-[60dvh] min-h-72 wide:h-[calc(100dvh-9rem)]"
              testId="sns-map"
            />
            {status === "loading" ? (
              <span className="pointer-events-none absolute top-3 left-1/2 z-[500] -translate-x-1/2 rounded-full bg-white/95 px-3 py-1 text-slate-700 text-xs shadow">
                <Spinner className="mr-1 size-4" label={TEXTS.loading} />
                {TEXTS.loading}
              </span>
            ) : null}
          </div>

          <div className="mt-4 space-y-4 wide:mt-0">
            {open ? (
              <StorePosts store={open} tab={tab} panelRef={panelRef} onClose={() => setOpen(null)} />
            ) : null}
            <section aria-labelledby="sns-map-list" data-testid="sns-map-list">
              <h2 id="sns-map-list" className="mb-2 font-bold text-lg">
                {TEXTS.listHeading}
              </h2>
              {status === "failed" ? (
                <p
                  role="alert"
                  className="rounded-2xl bg-red-50 p-4 text-red-800 text-sm ring-1 ring-red-200"
                >
                  {TEXTS.failed}
                </p>
              ) : null}
              {clusters.length === 0 ? (
                <div
                  className="rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200"
                  data-testid="empty-results"
                >
                  <p className="font-bold">{TEXTS.empty}</p>
                  <p className="mt-2 text-slate-600 text-sm">{TEXTS.emptyHint}</p>
                </div>
              ) : (
                <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
                  {clusters.map((cluster) => (
                    <li key={cluster.cell} className="flex items-center gap-3 px-4 py-3">
                      {cluster.liver ? (
                        <>
                          <div className="min-w-0 flex-1">
                            <Link
                              to={`/listener/liver/${cluster.liver.uid}/sns`}
                              className="block truncate font-bold hover:text-brand-700 hover:underline"
                            >
                              {cluster.liver.store_name}
                            </Link>
                            <p className="text-slate-500 text-xs">投稿{formatNumber(cluster.posts)}件</p>
                          </div>
                          <button
                            type="button"
                            onClick={() => openStore(cluster.liver!)}
                            className="shrink-0 rounded-full bg-brand-600 px-4 py-2 font-bold text-white text-xs hover:bg-brand-700"
                          >
                            {TEXTS.openPosts}
                          </button>
                        </>
                      ) : (
                        <>
                          <p className="min-w-0 flex-1 text-sm">
                            {cluster.place ? (
                              <span className="block font-bold">{TEXTS.place(cluster.place)}</span>
                            ) : null}
                            <span className={cluster.place ? "text-gray-600 text-xs" : "font-bold"}>
                              {TEXTS.cluster(cluster.stores, cluster.posts)}
                            </span>
                          </p>
                          <button
                            type="button"
                            onClick={() => zoomTo(cluster.bbox)}
                            className="shrink-0 rounded-full px-4 py-2 font-bold text-brand-700 text-xs ring-1 ring-brand-300 hover:bg-brand-50"
                          >
                            {TEXTS.zoomIn}
                          </button>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </div>
      )}
    </div>
  );
}

/** The open store's latest posts (GET /api/posts?liverId=…), with the way to all of them. */
function StorePosts({
  store,
  tab,
  panelRef,
  onClose,
}: {
  store: OpenStore;
  tab: FeedTab;
  panelRef: React.RefObject<HTMLDivElement | null>;
  onClose: () => void;
}) {
  const [posts, setPosts] = useState<PostCardData[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [now] = useState(() => new Date().toISOString());

  useEffect(() => {
    const controller = new AbortController();
    setPosts(null);
    setFailed(false);
    const params = new URLSearchParams({ liverId: store.uid, pageSize: String(PANEL_POSTS) });
    for (const source of sourcesOf(tab)) params.append("source", source);
    fetch(`/api/posts?${params}`, { signal: controller.signal, headers: { accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { items: PostCardData[] };
        setPosts(body.items);
      })
      .catch((reason: unknown) => {
        if ((reason as Error).name !== "AbortError") setFailed(true);
      });
    return () => controller.abort();
  }, [store.uid, tab]);

  return (
    <section
      ref={panelRef}
      tabIndex={-1}
      aria-labelledby="sns-store-posts"
      className="rounded-2xl bg-slate-50 p-3 ring-1 ring-brand-200 focus:outline-none"
      data-testid="store-posts"
    >
      <div className="mb-3 flex items-center justify-between gap-3 px-1">
        <h2 id="sns-store-posts" className="min-w-0 truncate font-bold text-lg">
          {store.store_name}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="shrink-0 rounded-full px-3 py-1.5 text-slate-600 text-sm ring-1 ring-slate-300 hover:bg-white"
        >
          {TEXTS.close}
        </button>
      </div>
      {failed ? (
        <p role="alert" className="text-red-800 text-sm">
          {TEXTS.failed}
        </p>
      ) : posts === null ? (
        <p className="flex items-center gap-2 p-4 text-slate-600 text-sm">
          <Spinner className="size-5" label={TEXTS.loading} />
          {TEXTS.loading}
        </p>
      ) : posts.length === 0 ? (
        <p className="p-4 text-slate-600 text-sm">{TEXTS.panelEmpty}</p>
      ) : (
        <ul className="space-y-3">
          {posts.map((post) => (
            <li key={post.post_id}>
              <PostCard post={post} now={now} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2 px-1">
        <Link
          to={`/listener/liver/${store.uid}/sns`}
          className="inline-flex min-h-10 items-center rounded-full bg-brand-600 px-4 font-bold text-sm text-white hover:bg-brand-700"
        >
          {TEXTS.allPosts}
        </Link>
        <Link
          to={`/listener/liver/${store.uid}`}
          className="inline-flex min-h-10 items-center rounded-full bg-white px-4 font-bold text-slate-700 text-sm ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {TEXTS.storePage}
        </Link>
      </div>
    </section>
  );
}
