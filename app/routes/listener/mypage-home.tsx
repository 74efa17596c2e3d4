import { Link } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { listStaffsOnShift } from "~/.server/services/directory/list-staffs-on-shift";
import { searchStaffs } from "~/.server/services/directory/search-staffs";
import { toStaffCard } from "~/components/staff/staff-card";
import { StaffGrid } from "~/components/staff/staff-grid";
import { parseStaffSearch } from "~/domain/directory-search";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-home";

const RECOMMENDED = 6;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const now = new Date();
  const search = parseStaffSearch(new URLSearchParams(`sort=matching&pageSize=${RECOMMENDED}`));
  const [onShift, recommended] = await Promise.all([
    listStaffsOnShift({ db: context.db, actor: viewer, input: { limit: 12, followedOnly: true }, now }),
    search.ok ? searchStaffs({ db: context.db, actor: viewer, input: search.value, now }) : null,
  ]);
  return {
    now: now.toISOString(),
    onShift: onShift.items.map(toStaffCard),
    recommended: (recommended?.items ?? []).map(toStaffCard),
  };
}

export function meta() {
  return [{ title: pageTitle("マイページ") }, { name: "robots", content: "noindex" }];
}

const LINKS = [
  { to: "/listener/mypage/follow", label: "フォロー中", body: "フォローしたキャストとお店" },
  { to: "/listener/mypage/message", label: "メッセージ", body: "キャストとのメッセージ" },
  { to: "/listener/mypage/profile", label: "相性診断", body: "13の質問への回答" },
  { to: "/search/staff", label: "キャストを探す", body: "エリア・条件・相性から" },
  { to: "/search/liver", label: "お店を探す", body: "エリア・業種・こだわりから" },
  { to: "/listener/mypage/setting", label: "設定", body: "ニックネーム・メール・パスワード" },
] as const;

export default function ListenerMypageHome({ loaderData }: Route.ComponentProps) {
  const { onShift, recommended, now } = loaderData;
  return (
    <div className="space-y-8">
      <section aria-labelledby="on-shift-heading">
        <h1 id="on-shift-heading" className="mb-3 font-bold text-xl">
          フォロー中のキャストの本日の出勤
        </h1>
        {onShift.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-center text-slate-600 text-sm ring-1 ring-slate-200">
            今日出勤予定のフォロー中キャストはいません。
            <Link to="/search/staff" className="ml-1 font-bold text-brand-700 underline">
              キャストを探す
            </Link>
          </p>
        ) : (
          <StaffGrid staff={onShift} now={now} testId="followed-on-shift" />
        )}
      </section>

      <section aria-labelledby="recommended-heading">
        <div className="mb-3 flex items-baseline justify-between">
          <h2 id="recommended-heading" className="font-bold text-lg">
            相性の良いキャスト
          </h2>
          <Link to="/search/staff?sort=matching" className="text-brand-700 text-sm underline">
            もっと見る
          </Link>
        </div>
        <StaffGrid staff={recommended} now={now} testId="recommended" />
      </section>

      <nav aria-label="メニュー">
        <ul className="grid gap-2 sm:grid-cols-2">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="flex min-h-14 items-center justify-between rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 hover:ring-brand-500"
              >
                <span>
                  <span className="block font-bold">{link.label}</span>
                  <span className="block text-slate-500 text-xs">{link.body}</span>
                </span>
                <span className="text-slate-400" aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
