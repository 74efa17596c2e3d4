import { data, Link } from "react-router";
import { getViewer } from "~/.server/auth/viewer";
import { listPublicCoupons } from "~/.server/services/coupons/list-public-coupons";
import { getPublicLiver } from "~/.server/services/directory/get-public-liver";
import { listLiverStaffs } from "~/.server/services/directory/list-liver-staffs";
import { liveNowOf } from "~/.server/services/live/read-lives";
import { listPosts } from "~/.server/services/posts/list-posts";
import { StoreCoupons } from "~/components/coupons/store-coupons";
import { FollowButton } from "~/components/directory/follow-button";
import { ImageGallery } from "~/components/directory/image-gallery";
import { InfoList, PageSection } from "~/components/directory/info-list";
import { LiveNow } from "~/components/live/live-now";
import { LATEST_POSTS, LatestPosts } from "~/components/posts/latest-posts";
import { toPostCard } from "~/components/posts/post-card";
import { toStaffCard } from "~/components/staff/staff-card";
import { StaffGrid } from "~/components/staff/staff-grid";
import { EstimateCalculator } from "~/components/store/estimate-calculator";
import { PriceSystemTable } from "~/components/store/price-system-table";
import { StoreIntro } from "~/components/store/store-intro";
import { StoreTypeBadge, storeTypeOf } from "~/components/store/store-type-badge";
import { areaLabel, findPrefecture } from "~/domain/areas";
import { COUPONS_OPEN_MAX } from "~/domain/coupons-display";
import { estimateForm } from "~/domain/estimate-query";
import { formatPostalCode } from "~/domain/format";
import { labelOf, VENUE_FEATURES, VENUE_TYPES } from "~/domain/options";
import { businessEndLabel } from "~/domain/schedule-times";
import { addressLocalityOf, priceRangeOf } from "~/domain/store-intro-display";
import { absoluteUrl, seoMeta } from "~/seo";
import { pageTitle } from "~/site";
import type { Route } from "./+types/liver-page";

/** A store has at most 50 staff on the largest plan; one page shows them all. */
const STAFF_ON_PAGE = 100;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const now = new Date();
  const found = await getPublicLiver({
    db: context.db,
    actor: viewer,
    input: { key: params.id, by: "either" },
    now,
  });
  if (!found.ok) throw data(null, { status: 404 });
  const liverId = found.store.uid;
  // The page's lists are independent reads: at once, one round trip of waiting instead of four.
  const [staff, latest, coupons, lives] = await Promise.all([
    listLiverStaffs({
      db: context.db,
      actor: viewer,
      input: { liverId, page: 1, pageSize: STAFF_ON_PAGE },
      now,
    }),
    listPosts({
      db: context.db,
      actor: null,
      input: { source: [], kind: [], liverId, sort: "new", page: 1, pageSize: LATEST_POSTS },
    }),
    // The store's current coupons (ADR 0058): every one it may have open fits on the page.
    listPublicCoupons({
      db: context.db,
      actor: viewer,
      input: { liverId, page: 1, pageSize: COUPONS_OPEN_MAX },
      now,
    }),
    liveNowOf({ db: context.db, liverId }),
  ]);
  const baseUrl = context.env.baseUrl;
  return {
    // Named here, so the page's JavaScript carries two words instead of the area tree.
    place: {
      area: areaLabel(found.store),
      prefecture: findPrefecture(found.store.prefecture)?.prefecture.name ?? "",
    },
    coupons: coupons.items,
    lives,
    store: found.store,
    posts: latest.ok ? latest.items.map(toPostCard) : [],
    postTotal: latest.ok ? latest.total : 0,
    staff: staff.ok ? staff.items.map(toStaffCard) : [],
    now: now.toISOString(),
    canonical: absoluteUrl(baseUrl, `/listener/liver/${found.store.uid}`),
    images: found.store.image_urls.map((src) => absoluteUrl(baseUrl, src)),
    // The calculator's GET form (ADR 0057): a wrong value is a message in it, the page stays 200.
    estimate: estimateForm(new URL(request.url).searchParams),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle("お店が見つかりません") }];
  const { store, canonical, images, place } = loaderData;
  const type = storeTypeOf(store.store_type).label;
  const { area } = place;
  const hours = store.business_start_time
    ? `営業時間 ${store.business_start_time}〜${businessEndLabel(store.business_end_time)}。`
    : "";
  return seoMeta({
    title: pageTitle(`${store.store_name}（${[area, type].filter(Boolean).join("・")}）`),
    description: `${store.store_name}は${area}の${type}です。${hours}在籍キャスト・出勤情報・料金をヨルナビでチェック。`,
    canonical,
    image: images[0],
    type: "business.business",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "BarOrPub",
      name: store.store_name,
      alternateName: store.store_name_kana || undefined,
      url: canonical,
      image: images.length > 0 ? images : undefined,
      telephone: store.phone_number || undefined,
      // From the first visit and the set prices.
      priceRange: priceRangeOf(store.first_visit, store.price_system?.sets),
      address: {
        "@type": "PostalAddress",
        postalCode: store.postal_code ? formatPostalCode(store.postal_code) : undefined,
        addressRegion: place.prefecture || undefined,
        addressLocality: addressLocalityOf(store.address, place.prefecture || undefined, area) || undefined,
        streetAddress: [store.address, store.buildingName].filter(Boolean).join(" ") || undefined,
        addressCountry: "JP",
      },
      geo:
        store.lat != null && store.lng != null
          ? { "@type": "GeoCoordinates", latitude: store.lat, longitude: store.lng }
          : undefined,
    },
  });
}

function mapUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

export default function LiverPage({ loaderData }: Route.ComponentProps) {
  const { store, staff, now, lives, place } = loaderData;
  const type = storeTypeOf(store.store_type);
  const { area } = place;
  const fullAddress = [store.address, store.buildingName].filter(Boolean).join(" ");
  const services = store.services.map((v) => labelOf(VENUE_TYPES, v)).filter(Boolean);
  const commitments = store.commitments.map((v) => labelOf(VENUE_FEATURES, v)).filter(Boolean);

  return (
    <article className="mx-auto max-w-5xl px-4 py-6">
      <div className="h-1.5 rounded-full" style={{ backgroundColor: type.hex }} aria-hidden="true" />
      <header className="mt-4 flex flex-col gap-3 wide:flex-row wide:items-end wide:justify-between">
        <div className="min-w-0">
          <StoreTypeBadge value={store.store_type} />
          <h1 className="mt-2 font-black text-2xl leading-snug wide:text-3xl">{store.store_name}</h1>
          {store.store_name_kana && <p className="text-slate-500 text-sm">{store.store_name_kana}</p>}
          {area && <p className="mt-1 text-slate-700 text-sm">{area}</p>}
        </div>
        <FollowButton
          kind="liver"
          targetId={store.uid}
          targetName={store.store_name}
          favoriteId={store.favorite_id}
          followerNumber={store.follower_number}
          size="large"
        />
      </header>

      {/* The top of the page: the first visit, access and the introduction. */}
      <StoreIntro prText={store.pr_text} access={store.access} firstVisit={store.first_visit} />

      {lives.length > 0 ? (
        <div className="mt-4">
          <LiveNow lives={lives} />
        </div>
      ) : null}

      <StoreCoupons coupons={loaderData.coupons} />

      <div className="mt-4">
        <ImageGallery
          images={store.image_urls}
          alt={store.store_name}
          fallbackColor={type.hex}
          fallbackTextColor={type.textOnColor}
        />
      </div>

      <div className="mt-6 grid gap-4 wide:grid-cols-2">
        <PageSection title="店舗情報" id="store-info">
          <InfoList
            rows={[
              { label: "業種", value: type.label },
              { label: "エリア", value: area },
              {
                label: "住所",
                value: fullAddress ? (
                  <>
                    {store.postal_code && (
                      <span className="block text-slate-500">〒{formatPostalCode(store.postal_code)}</span>
                    )}
                    {fullAddress}
                    <a
                      href={mapUrl(fullAddress)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-1 block font-bold text-brand-700 underline"
                    >
                      地図で見る（Googleマップ）
                    </a>
                  </>
                ) : null,
              },
              {
                label: "電話番号",
                value: store.phone_number ? (
                  <a
                    href={`tel:${store.phone_number.replace(/[^\d+]/g, "")}`}
                    className="text-brand-700 underline"
                  >
                    {store.phone_number}
                  </a>
                ) : null,
              },
              {
                label: "営業時間",
                value: store.business_start_time
                  ? `${store.business_start_time}〜${businessEndLabel(store.business_end_time)}`
                  : null,
              },
              { label: "定休日", value: store.holidays.length > 0 ? store.holidays.join("・") : "なし" },
            ]}
          />
        </PageSection>

        <PageSection title="サービス・こだわり" id="store-features">
          {services.length === 0 && commitments.length === 0 ? (
            <p className="text-slate-500 text-sm">登録されていません</p>
          ) : (
            <div className="space-y-3">
              {services.length > 0 && <ChipList label="お店のタイプ" items={services} />}
              {commitments.length > 0 && <ChipList label="こだわり" items={commitments} />}
            </div>
          )}
        </PageSection>
      </div>

      {/* Without a price system the table asks the visitor to contact the store. */}
      <div className="mt-4" id="price-system">
        <PriceSystemTable system={store.price_system} />
      </div>

      {/* The estimated bill (ADR 0057); nothing without set prices. */}
      {store.price_system && store.price_system.sets.length > 0 ? (
        <div className="mt-4">
          <EstimateCalculator
            system={store.price_system}
            firstVisit={store.first_visit ?? null}
            values={loaderData.estimate.values}
            errors={loaderData.estimate.errors}
          />
        </div>
      ) : null}

      <div className="mt-4">
        <LatestPosts
          posts={loaderData.posts}
          total={loaderData.postTotal}
          feedHref={`/listener/liver/${store.uid}/sns`}
        />
      </div>

      <section aria-labelledby="store-staff-heading" className="mt-8">
        <h2 id="store-staff-heading" className="mb-3 font-bold text-lg">
          在籍キャスト <span className="font-normal text-slate-500 text-sm">{staff.length}人</span>
        </h2>
        {staff.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-center text-slate-500 text-sm ring-1 ring-slate-200">
            掲載中のキャストはまだいません
          </p>
        ) : (
          <StaffGrid
            staff={staff}
            now={now}
            showStore={false}
            testId="store-staff"
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 wide:grid-cols-4"
          />
        )}
      </section>

      <p className="mt-8 text-center">
        <Link
          to={`/search/liver?prefecture=${store.prefecture}`}
          className="text-brand-700 text-sm underline"
        >
          {place.prefecture || "同じエリア"}のお店をもっと見る
        </Link>
      </p>
    </article>
  );
}

function ChipList({ label, items }: { label: string; items: string[] }) {
  return (
    <div>
      <p className="mb-1.5 text-slate-500 text-xs">{label}</p>
      <ul className="flex flex-wrap gap-1.5">
        {items.map((item) => (
          <li key={item} className="rounded-full bg-slate-100 px-3 py-1 text-slate-800 text-sm">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
