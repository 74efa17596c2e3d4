import { Link } from "react-router";
import { getViewer } from "~/.server/auth/viewer";
import { listStaffsOnShift } from "~/.server/services/directory/list-staffs-on-shift";
import { listTopStaffs } from "~/.server/services/directory/list-top-staffs";
import { liveNowOf } from "~/.server/services/live/read-lives";
import { listNewestStores } from "~/.server/services/stores/list-newest-stores";
import { skipAfterFollow } from "~/components/directory/revalidate";
import { LiveNow } from "~/components/live/live-now";
import { MapSearchLinks } from "~/components/search/map-search-links";
import { QuickSearchForm } from "~/components/search/quick-search-form";
import { StaffCard, toStaffCard } from "~/components/staff/staff-card";
import { StaffGrid } from "~/components/staff/staff-grid";
import { StoreCard } from "~/components/store/store-card";
import { regionChoices, withAreaLabel } from "~/domain/areas";
import { STORE_TYPES } from "~/domain/option-basics";
import { absoluteUrl, seoMeta } from "~/seo";
import { pageTitle, SITE_DESCRIPTION, SITE_NAME, SITE_TAGLINE } from "~/site";
import type { Route } from "./+types/home";

const ON_SHIFT = 8;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const now = new Date();
  const [stores, topStaff, onShift, lives] = await Promise.all([
    listNewestStores({ db: context.db, input: { limit: 8 } }),
    listTopStaffs({ db: context.db, actor: viewer, now }),
    listStaffsOnShift({ db: context.db, actor: viewer, input: { limit: ON_SHIFT }, now }),
    liveNowOf({ db: context.db }),
  ]);
  return {
    lives,
    stores: stores.map(withAreaLabel),
    // The regions and prefectures of エリアから探す, by the server: the area tree stays out of the page's scripts.
    regions: regionChoices(),
    topStaff: topStaff.map(toStaffCard),
    onShift: onShift.items.map(toStaffCard),
    now: now.toISOString(),
    baseUrl: context.env.baseUrl,
    // The sign-up call to action is for visitors only (docs/product.md "First steps").
    signedIn: viewer !== null,
  };
}

export const shouldRevalidate = skipAfterFollow;

export function meta({ loaderData }: Route.MetaArgs) {
  const baseUrl = loaderData?.baseUrl ?? "";
  return seoMeta({
    title: pageTitle(),
    description: SITE_DESCRIPTION,
    canonical: absoluteUrl(baseUrl || "http://localhost", "/"),
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: SITE_NAME,
      url: absoluteUrl(baseUrl || "http://localhost", "/"),
      potentialAction: {
        "@type": "SearchAction",
        target: `${absoluteUrl(baseUrl || "http://localhost", "/search/liver")}?keyword={search_term_string}`,
        "query-input": "required name=search_term_string",
      },
    },
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { stores, topStaff, onShift, now } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-b from-night-900 to-night-800 pt-8 pb-10 text-white">
        <div className="mx-auto max-w-6xl px-4 wide:flex wide:items-center wide:gap-12">
          <div className="wide:flex-1">
            <h1 className="font-black text-2xl leading-snug wide:text-4xl">
              今夜の一軒と、
              <br className="wide:hidden" />
              会いたいキャストを。
            </h1>
            <p className="mt-3 text-slate-300 text-sm wide:text-base">{SITE_TAGLINE}ナイトワーク情報サイト</p>
            {loaderData.signedIn ? null : <SignUpInvitation />}
          </div>
          <div className="mt-6 rounded-2xl bg-white p-4 text-slate-900 shadow-lg wide:mt-0 wide:w-[28rem]">
            <QuickSearchForm idPrefix="hero-search" withArea />
            <MapSearchLinks className="mt-4" />
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-10 px-4 py-8">
        <LiveNow lives={loaderData.lives} />

        <section aria-labelledby="store-types-heading">
          <h2 id="store-types-heading" className="mb-3 font-bold text-lg">
            業種から探す
          </h2>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {STORE_TYPES.map((type) => (
              <li key={type.value}>
                <Link
                  to={`/search/liver?store_type=${type.value}`}
                  className="flex min-h-12 items-center gap-2 overflow-hidden rounded-xl bg-white py-3 pr-3 font-bold text-sm shadow-sm ring-1 ring-slate-200 hover:ring-brand-500"
                  style={{ borderLeft: `6px solid ${type.hex}` }}
                >
                  <span
                    className="ml-2 size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: type.hex }}
                    aria-hidden="true"
                  />
                  {type.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="on-shift-heading">
          <div className="mb-3 flex items-baseline justify-between">
            <h2 id="on-shift-heading" className="font-bold text-lg">
              本日出勤のキャスト
            </h2>
            <Link to="/search/staff" className="text-brand-600 text-sm hover:underline">
              キャストを探す
            </Link>
          </div>
          {onShift.length === 0 ? (
            <p className="rounded-2xl bg-white p-8 text-center text-slate-500 text-sm ring-1 ring-slate-200">
              本日出勤予定のキャストはまだ登録されていません。
            </p>
          ) : (
            <StaffGrid
              staff={onShift}
              now={now}
              testId="on-shift-staff"
              aboveTheFold
              className="grid grid-cols-2 gap-3 sm:grid-cols-4"
            />
          )}
        </section>

        {topStaff.length > 0 && (
          <section aria-labelledby="top-staff-heading">
            <div className="mb-3 flex items-baseline justify-between">
              <h2 id="top-staff-heading" className="font-bold text-lg">
                人気キャスト TOP{topStaff.length}
              </h2>
              <Link to="/search/staff?sort=popular" className="text-brand-600 text-sm hover:underline">
                人気順で見る
              </Link>
            </div>
            <ol
              className="relative -mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 wide:mx-0 wide:grid wide:grid-cols-5 wide:overflow-visible wide:px-0"
              data-testid="top-staff"
            >
              {topStaff.map((staff, index) => (
                <li key={staff.uid} className="w-40 shrink-0 snap-start wide:w-auto">
                  <p className="mb-1 font-black text-brand-700">
                    {index + 1}
                    <span className="text-xs">位</span>
                  </p>
                  <StaffCard staff={staff} now={now} />
                </li>
              ))}
            </ol>
          </section>
        )}

        <section aria-labelledby="new-stores-heading">
          <div className="mb-3 flex items-baseline justify-between">
            <h2 id="new-stores-heading" className="font-bold text-lg">
              新着店舗
            </h2>
            <Link to="/search/liver" className="text-brand-600 text-sm hover:underline">
              すべて見る
            </Link>
          </div>
          {stores.length === 0 ? (
            <p className="rounded-2xl bg-white p-8 text-center text-slate-500 text-sm ring-1 ring-slate-200">
              まだ掲載店舗がありません。掲載をご希望の店舗さまは
              <Link to="/service/liver" className="text-brand-600 underline">
                こちら
              </Link>
              。
            </p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 wide:grid-cols-4" data-testid="new-stores">
              {stores.map((store) => (
                <li key={store.uid}>
                  <StoreCard store={store} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="areas-heading">
          <h2 id="areas-heading" className="mb-3 font-bold text-lg">
            エリアから探す
          </h2>
          <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
            {loaderData.regions.map((region) => (
              <details key={region.id} className="group">
                <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 font-bold [&::-webkit-details-marker]:hidden">
                  {region.name}
                  <span className="text-slate-400 transition group-open:rotate-180" aria-hidden="true">
                    ▾
                  </span>
                </summary>
                <ul className="flex flex-wrap gap-2 px-4 pb-4">
                  {region.prefectures.map((prefecture) => (
                    <li key={prefecture.id}>
                      <Link
                        to={`/search/liver?region=${region.id}&prefecture=${prefecture.id}`}
                        className="inline-block rounded-full bg-slate-100 px-3 py-1.5 text-sm hover:bg-brand-50 hover:text-brand-700"
                      >
                        {prefecture.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </details>
            ))}
          </div>
        </section>

        <section className="rounded-2xl bg-brand-50 p-6 text-center ring-1 ring-brand-100">
          <h2 className="font-bold text-lg">店舗さま・キャストさまへ</h2>
          <p className="mt-2 text-slate-600 text-sm">
            お店の情報とキャストを掲載して、新しいお客さまと出会いませんか。
          </p>
          <Link
            to="/service/liver"
            className="mt-4 inline-block rounded-full bg-brand-600 px-6 py-3 font-bold text-sm text-white shadow hover:bg-brand-700"
          >
            掲載について詳しく見る
          </Link>
        </section>
      </div>
    </>
  );
}

/** One quiet invitation to sign up, under the hero's words: what a free account is for, one button. */
function SignUpInvitation() {
  return (
    <div className="mt-5 flex items-center gap-3 wide:mt-6" data-testid="signup-invitation">
      <Link
        to="/listener/registration"
        className="inline-flex min-h-11 shrink-0 items-center rounded-full bg-brand-600 px-5 font-bold text-sm text-white shadow hover:bg-brand-700"
      >
        無料会員登録
      </Link>
      <p className="min-w-0 text-slate-300 text-xs leading-relaxed wide:text-sm">
        お気に入りのキャストをフォローすると、出勤やライブ配信をお知らせします。
      </p>
    </div>
  );
}
