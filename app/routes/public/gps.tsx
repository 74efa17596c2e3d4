import { type ReactNode, useEffect, useMemo, useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { getViewer } from "~/.server/auth/viewer";
import { listNearbyLivers, type NearbyLiver } from "~/.server/services/geo/list-nearby-livers";
import { imagePriorityAt } from "~/components/directory/image-priority";
import { InfiniteResults, type ResultPage } from "~/components/directory/infinite-results";
import { skipAfterFollow } from "~/components/directory/revalidate";
import { reloadIfFeatureBlocked } from "~/components/feature-policy";
import { LeafletMap, type MapMarker } from "~/components/map/leaflet-map";
import { MAP_TEXTS } from "~/components/map/map-texts";
import { QuickSearchForm } from "~/components/search/quick-search-form";
import { SearchError } from "~/components/search/search-notice";
import { FollowableStoreCard } from "~/components/store/followable-store-card";
import { Spinner } from "~/components/ui/spinner";
import { withAreaLabel } from "~/domain/areas";
import { type NearbySearch, parseNearbySearch } from "~/domain/geo";
import { type Bbox, formatDistance } from "~/domain/geo-units";
import { STORE_TYPES } from "~/domain/options";
import { absoluteUrl, seoMeta } from "~/seo";
import { pageTitle } from "~/site";
import type { Route } from "./+types/gps";

const PATH = "/gps";
/** The radius choices of the page (metres); the API takes any up to 50 km. */
const RADIUS_CHOICES = [1_000, 3_000, 5_000, 10_000] as const;
const PAGE_SIZE = 20;

const TEXTS = {
  title: "現在地から探す",
  description:
    "今いる場所の近くにあるガールズバー・キャバクラ・ラウンジ・スナック・コンカフェを、距離の近い順に地図と一覧で探せます。",
  locating: "現在地を取得しています…",
  locatingHint: "ブラウザに位置情報の利用を求められたら「許可」を選んでください。",
  denied:
    "位置情報が許可されていません。ブラウザの設定で位置情報の利用を許可するか、エリアから探してください。",
  unavailable:
    "現在地を取得できませんでした。電波の良い場所でもう一度お試しいただくか、エリアから探してください。",
  unsupported: "お使いのブラウザでは現在地を取得できません。エリアから探してください。",
  retry: "もう一度現在地を取得する",
  areaHeading: "エリアから探す",
  nearbyHeading: (radius: string) => `現在地から${radius}以内のお店`,
  empty: (radius: string) => `現在地から${radius}以内にお店が見つかりませんでした`,
  emptyHint: "範囲を広げるか、エリアから探してください。",
  radiusLabel: "範囲",
  storeTypeLabel: "業種",
  allStoreTypes: "すべての業種",
  mapLabel: "現在地の周辺のお店の地図",
  listLabel: "近い順のお店一覧",
  selected: "選択中のお店",
  openStore: "店舗ページを見る",
  relocate: "現在地を取得し直す",
} as const;

const radiusLabel = (metres: number) => (metres >= 1_000 ? `${metres / 1_000}km` : `${metres}m`);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tiles = { url: context.env.map.tileUrl, attribution: context.env.map.tileAttribution };
  const canonical = absoluteUrl(context.env.baseUrl, PATH);
  const params = url.searchParams;
  if (!params.has("lat") && !params.has("lng")) {
    return { mode: "ask" as const, tiles, canonical, error: null, search: null, result: null };
  }
  if (!params.has("pageSize")) params.set("pageSize", String(PAGE_SIZE));
  const parsed = parseNearbySearch(params);
  if (!parsed.ok) {
    return data(
      { mode: "error" as const, tiles, canonical, error: parsed.message, search: null, result: null },
      { status: 400 },
    );
  }
  const viewer = await getViewer(request, context);
  const result = await listNearbyLivers({ db: context.db, actor: viewer, input: parsed.value });
  // The area's names come from the server: the area tree stays out of the page's scripts.
  const items = result.items.map(withAreaLabel);
  return {
    mode: "nearby" as const,
    tiles,
    canonical,
    error: null,
    search: parsed.value,
    result: { ...result, items },
  };
}

export const shouldRevalidate = skipAfterFollow;

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta({
    title: pageTitle(TEXTS.title),
    description: TEXTS.description,
    canonical: loaderData?.canonical ?? "",
    // A position's results are the visitor's own: only the page itself is indexed.
    noindex: loaderData?.mode !== "ask",
  });
}

/** The page's own links keep the position, the radius and the store type (others drop). */
function hrefOf(search: Pick<NearbySearch, "lat" | "lng" | "radius" | "store_type">, page = 1) {
  const params = new URLSearchParams({
    lat: String(search.lat),
    lng: String(search.lng),
    radius: String(search.radius),
  });
  if (search.store_type) params.set("store_type", search.store_type);
  if (page > 1) params.set("page", String(page));
  return `${PATH}?${params}`;
}

function Chip({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      aria-current={current ? "page" : undefined}
      className={`flex min-h-10 shrink-0 items-center rounded-full px-4 ring-1 ${
        current
          ? "bg-brand-600 font-bold text-white ring-brand-600"
          : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
      }`}
    >
      {children}
    </Link>
  );
}

const selectPage = (loaderData: unknown) =>
  (loaderData as { result?: ResultPage<NearbyLiver> | null } | undefined)?.result ?? null;

export default function Gps({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="font-bold text-xl wide:text-2xl">{TEXTS.title}</h1>
      {loaderData.mode === "nearby" && loaderData.search && loaderData.result ? (
        <Nearby search={loaderData.search} result={loaderData.result} tiles={loaderData.tiles} />
      ) : loaderData.mode === "error" ? (
        <div className="mt-4 space-y-6">
          <SearchError message={loaderData.error ?? ""} clearHref={PATH} />
          <AreaFallback />
        </div>
      ) : (
        <Locate />
      )}
    </div>
  );
}

type LocateState = "locating" | "denied" | "unavailable" | "unsupported";

/** No position in the URL: ask the browser, then come back with `?lat=&lng=`. */
function Locate() {
  const navigate = useNavigate();
  const [state, setState] = useState<LocateState>("locating");
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again
  useEffect(() => {
    if (reloadIfFeatureBlocked("geolocation")) return;
    if (!("geolocation" in navigator)) {
      setState("unsupported");
      return;
    }
    setState("locating");
    let active = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!active) return;
        const lat = position.coords.latitude.toFixed(6);
        const lng = position.coords.longitude.toFixed(6);
        navigate(`${PATH}?lat=${lat}&lng=${lng}`, { replace: true });
      },
      (error) => {
        if (active) setState(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable");
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
    return () => {
      active = false;
    };
  }, [attempt, navigate]);

  return (
    <div className="mt-4 space-y-6">
      <div aria-live="polite" data-testid="gps-status">
        {state === "locating" ? (
          <div className="flex items-start gap-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <Spinner label={TEXTS.locating} />
            <div>
              <p className="font-bold">{TEXTS.locating}</p>
              <p className="mt-1 text-slate-600 text-sm">{TEXTS.locatingHint}</p>
              <noscript>
                <p className="mt-2 text-slate-600 text-sm">
                  現在地の取得にはJavaScriptが必要です。下のエリアからお探しください。
                </p>
              </noscript>
            </div>
          </div>
        ) : (
          <div role="alert" className="rounded-2xl bg-amber-50 p-5 text-amber-900 ring-1 ring-amber-200">
            <p className="font-bold">{TEXTS[state]}</p>
            {state !== "unsupported" ? (
              <button
                type="button"
                onClick={() => setAttempt((n) => n + 1)}
                className="mt-3 inline-flex min-h-11 items-center rounded-full bg-white px-5 font-bold text-amber-900 text-sm ring-1 ring-amber-300 hover:bg-amber-100"
              >
                {TEXTS.retry}
              </button>
            ) : null}
          </div>
        )}
      </div>
      <AreaFallback />
    </div>
  );
}

/** The area picker of the top page: where to go when the position is not known. */
function AreaFallback() {
  return (
    <section
      aria-labelledby="gps-area-heading"
      className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="gps-area-heading" className="mb-4 font-bold text-lg">
        {TEXTS.areaHeading}
      </h2>
      <QuickSearchForm idPrefix="gps-area" withArea />
    </section>
  );
}

function Nearby({
  search,
  result,
  tiles,
}: {
  search: NearbySearch;
  result: ResultPage<NearbyLiver>;
  tiles: { url: string; attribution: string };
}) {
  const [selected, setSelected] = useState<string | null>(null);
  const radius = radiusLabel(search.radius);
  const stores = result.items;
  const chosen = stores.find((store) => store.uid === selected) ?? null;

  const markers = useMemo<MapMarker[]>(
    () => [
      { id: "me", lat: search.lat, lng: search.lng, label: MAP_TEXTS.me, kind: "me" },
      ...stores
        .filter((store) => store.lat !== null && store.lng !== null)
        .map((store, index) => ({
          id: store.uid,
          lat: store.lat!,
          lng: store.lng!,
          label: `${index + 1}. ${store.store_name}（${formatDistance(store.distance_m)}）`,
          kind: "store" as const,
          badge: String(index + 1),
          active: store.uid === selected,
          onSelect: () => setSelected(store.uid),
        })),
    ],
    [search.lat, search.lng, stores, selected],
  );

  // The first view: the circle of the radius around the visitor.
  const view = useMemo(() => {
    const dLat = search.radius / 111_320;
    const dLng = search.radius / (111_320 * Math.cos((search.lat * Math.PI) / 180));
    const bounds: Bbox = [search.lng - dLng, search.lat - dLat, search.lng + dLng, search.lat + dLat];
    return { bounds };
  }, [search.lat, search.lng, search.radius]);

  return (
    <div className="mt-4 space-y-4">
      <nav aria-label={TEXTS.radiusLabel} className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-bold text-slate-700">{TEXTS.radiusLabel}</span>
        {RADIUS_CHOICES.map((metres) => (
          <Chip key={metres} to={hrefOf({ ...search, radius: metres })} current={metres === search.radius}>
            {radiusLabel(metres)}
          </Chip>
        ))}
        <a
          href={PATH}
          className="ml-auto flex min-h-10 items-center gap-1 rounded-full px-3 text-brand-700 hover:bg-brand-50"
        >
          {TEXTS.relocate}
        </a>
      </nav>

      <nav aria-label={TEXTS.storeTypeLabel} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 text-sm">
        <Chip to={hrefOf({ ...search, store_type: undefined })} current={!search.store_type}>
          {TEXTS.allStoreTypes}
        </Chip>
        {STORE_TYPES.map((type) => (
          <Chip
            key={type.value}
            to={hrefOf({ ...search, store_type: type.value })}
            current={search.store_type === type.value}
          >
            {type.label}
          </Chip>
        ))}
      </nav>

      <div className="wide:grid wide:grid-cols-[1fr_28rem] wide:items-start wide:gap-6">
        <div className="wide:sticky wide:top-20 wide:col-start-2 wide:row-start-1">
          <LeafletMap
            key={`${search.lat},${search.lng},${search.radius}`}
            tiles={tiles}
            label={TEXTS.mapLabel}
            view={view}
            markers={markers}
            circle={{ lat: search.lat, lng: search.lng, radius: search.radius }}
            className="h-72 sm:h-96 wide:h-[calc(100dvh-14rem)] wide:min-h-96"
            testId="gps-map"
          />
          <div aria-live="polite" className="mt-3 empty:hidden">
            {chosen ? (
              <div
                className="flex items-center justify-between gap-3 rounded-2xl bg-white p-3 ring-1 ring-brand-200"
                data-testid="selected-store"
              >
                <p className="min-w-0">
                  <span className="block text-slate-500 text-xs">{TEXTS.selected}</span>
                  <span className="block truncate font-bold">{chosen.store_name}</span>
                  <span className="text-slate-600 text-sm">{formatDistance(chosen.distance_m)}</span>
                </p>
                <Link
                  to={`/listener/liver/${chosen.uid}`}
                  className="shrink-0 rounded-full bg-brand-600 px-4 py-2 font-bold text-sm text-white hover:bg-brand-700"
                >
                  {TEXTS.openStore}
                </Link>
              </div>
            ) : null}
          </div>
        </div>

        <section
          aria-label={TEXTS.listLabel}
          className="mt-6 min-w-0 wide:col-start-1 wide:row-start-1 wide:mt-0"
        >
          <h2 className="mb-3 font-bold text-lg">{TEXTS.nearbyHeading(radius)}</h2>
          {result.total === 0 ? (
            <div
              className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200"
              data-testid="empty-results"
            >
              <p className="font-bold">{TEXTS.empty(radius)}</p>
              <p className="mt-2 text-slate-600 text-sm">{TEXTS.emptyHint}</p>
            </div>
          ) : (
            <InfiniteResults
              key={hrefOf(search, result.page)}
              initial={result}
              pageHref={(page) => hrefOf(search, page)}
              select={selectPage}
              itemKey={(store) => store.uid}
              renderItem={(store, index) => (
                <FollowableStoreCard
                  store={store}
                  imagePriority={imagePriorityAt(index)}
                  distance={formatDistance(store.distance_m)}
                />
              )}
              unit="件"
              listClassName="grid grid-cols-2 gap-3 sm:grid-cols-3"
              testId="nearby-results"
            />
          )}
        </section>
      </div>
      {result.total === 0 ? <AreaFallback /> : null}
    </div>
  );
}
