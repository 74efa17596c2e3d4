import type { ReactNode } from "react";
import { Link } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { broadcasterPanelData } from "~/.server/http/live-panel";
import { getStoreDashboard } from "~/.server/services/stores/get-store-dashboard";
import { BroadcasterPanel } from "~/components/live/broadcaster-panel";
import { StaffAvatar } from "~/components/mypage/staff-avatar";
import {
  Badge,
  ButtonLink,
  Card,
  Checklist,
  EmptyState,
  PageHeader,
  SectionLinks,
} from "~/components/ui/kit";
import { formatNumber, formatTokyoDateTime, formatYen } from "~/domain/format";
import { labelOf, STORE_STATUSES } from "~/domain/options";
import { formatMonthDayTime } from "~/domain/relative-time";
import { shiftLabel } from "~/domain/schedule-times";
import { dayLabel } from "~/domain/shifts";
import { STORE_SUSPENSION_BANNER } from "~/domain/store-suspension";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const dashboard = await getStoreDashboard({ db: context.db, actor: viewer });
  if (!dashboard) throw new Response(null, { status: 404 });
  return { ...dashboard, live: await broadcasterPanelData(context, viewer) };
}

export function meta() {
  return [{ title: pageTitle("店舗ダッシュボード") }, { name: "robots", content: "noindex" }];
}

const STATUS_TONE = { public: "green", private: "gray", suspended: "red", deleted: "red" } as const;

const SECTIONS = [
  { to: "/liver/mypage/profile", title: "店舗情報", body: "店舗名・所在地・営業時間・画像・掲載状態" },
  { to: "/liver/mypage/staff", title: "キャスト管理", body: "キャストの登録・表示切替・並び替え・出勤" },
  { to: "/liver/mypage/price", title: "料金システム", body: "セット料金・指名料・ドリンク・お支払い方法" },
  { to: "/liver/mypage/setting", title: "設定", body: "振込口座・プラン・メール通知・ログイン情報" },
  { to: "/liver/mypage/manual", title: "マニュアル", body: "管理画面の使い方を動画で確認" },
] as const;

export default function LiverDashboard({ loaderData }: Route.ComponentProps) {
  const { store, plan, newPlan, staffCount, displayedCount, todayShifts, recentLogs, today } = loaderData;
  const full = staffCount >= store.limit_staff;
  const usage =
    store.limit_staff > 0 ? Math.min(100, Math.round((staffCount / store.limit_staff) * 100)) : 100;
  const todo = [
    { done: store.imageCount > 0, label: "店舗画像を登録する", to: "/liver/mypage/profile#gallery" },
    { done: store.hasPriceSystem, label: "料金システムを登録する", to: "/liver/mypage/price" },
    { done: staffCount > 0, label: "キャストを登録する", to: "/liver/mypage/staff/create" },
  ];
  const remaining = todo.filter((item) => !item.done);
  // A new store sees what is left to set up first, above the live panel; once everything is done
  // the checklist goes and the page is as it always was. A store on air keeps its live on top.
  const setup =
    remaining.length > 0 ? (
      <Card
        title="掲載を充実させましょう"
        lead="次の項目を登録すると、お客様にお店の魅力が伝わりやすくなります。"
        testId="setup-checklist"
      >
        <Checklist items={todo} />
      </Card>
    ) : null;
  const setupFirst = setup !== null && !loaderData.live?.current;

  return (
    <div className="space-y-6">
      <PageHeader title="ダッシュボード" lead={store.store_name} />

      {store.status === "suspended" ? <SuspensionBanner suspensions={loaderData.suspensions} /> : null}

      {setupFirst ? setup : null}

      {loaderData.live ? <BroadcasterPanel {...loaderData.live} /> : null}

      <div className="grid grid-cols-2 gap-3 wide:grid-cols-4" data-testid="dashboard-stats">
        <Stat label="掲載状態">
          <Badge tone={STATUS_TONE[store.status as keyof typeof STATUS_TONE] ?? "gray"}>
            {labelOf(STORE_STATUSES, store.status) || store.status}
          </Badge>
          <Link to="/liver/mypage/profile" className="mt-2 block text-brand-700 text-xs underline">
            掲載内容を編集
          </Link>
        </Stat>
        <Stat label="キャスト">
          <p className="font-bold text-2xl tabular-nums">
            {staffCount}
            <span className="font-normal text-base text-slate-500"> / {store.limit_staff}名</span>
          </p>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
            role="progressbar"
            aria-label="登録できるキャスト数の使用状況"
            aria-valuemin={0}
            aria-valuemax={store.limit_staff}
            aria-valuenow={staffCount}
          >
            <div
              className={`h-full ${full ? "bg-amber-500" : "bg-brand-500"}`}
              style={{ width: `${usage}%` }}
            />
          </div>
          <p className="mt-1 text-slate-500 text-xs">表示中 {displayedCount}名</p>
        </Stat>
        <Stat label="フォロワー">
          <p className="font-bold text-2xl tabular-nums">{formatNumber(store.follower_number)}</p>
          <p className="mt-1 text-slate-500 text-xs">店舗をフォローしているユーザー</p>
        </Stat>
        <Stat label="ご利用プラン">
          <p className="font-bold text-lg">{plan?.name ?? "未設定"}</p>
          {plan ? (
            <p className="text-slate-600 text-xs">月額 {formatYen(plan.monthly_price)}（税込）</p>
          ) : null}
          {newPlan ? (
            <p className="mt-1 font-bold text-amber-700 text-xs">次回更新から {newPlan.name}</p>
          ) : null}
        </Stat>
      </div>

      {setupFirst ? null : setup}

      <Card
        title={`本日の出勤（${dayLabel(today)}）`}
        actions={
          <ButtonLink to="/liver/mypage/staff" variant="secondary">
            キャスト管理へ
          </ButtonLink>
        }
        testId="today-shifts"
      >
        {todayShifts.length === 0 ? (
          <EmptyState title="本日の出勤予定はありません">
            キャストの出勤予定は、キャスト本人か「キャスト管理」から登録できます。
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {todayShifts.map((shift) => (
              <li key={shift.staff_id} className="flex items-center gap-3 py-2">
                <StaffAvatar name={shift.name} imageUrl={shift.image_url} />
                <Link
                  to={`/liver/mypage/staff/${shift.staff_id}`}
                  className="min-w-0 flex-1 truncate font-bold hover:underline"
                >
                  {shift.name}
                </Link>
                <span className="shrink-0 rounded-full bg-brand-50 px-3 py-1 font-bold text-brand-700 text-sm tabular-nums">
                  {shiftLabel(shift.start_time, shift.end_time)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <SectionLinks label="管理メニュー" sections={SECTIONS} className="sm:grid-cols-2 wide:grid-cols-3" />

      <Card
        title="最近の操作"
        actions={
          <Link
            to="/liver/mypage/staff#activity"
            className="inline-flex min-h-11 items-center text-brand-700 text-sm underline"
          >
            すべて見る
          </Link>
        }
      >
        {recentLogs.length === 0 ? (
          <p className="text-slate-500 text-sm">まだ操作の記録はありません。</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {recentLogs.map((log) => (
              <li key={log.log_id} className="flex gap-3">
                <time
                  dateTime={new Date(log.created_at).toISOString()}
                  className="shrink-0 text-slate-500 tabular-nums"
                >
                  {formatMonthDayTime(log.created_at)}
                </time>
                <span className="min-w-0">{log.description}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="mb-1 text-slate-500 text-xs">{label}</p>
      {children}
    </div>
  );
}

/**
 * Why the store is not listed (ADR 0053): each suspension holding it — the operator's with the
 * reason it was mailed, billing's with the way out — or a plain notice when none is recorded.
 */
function SuspensionBanner({
  suspensions,
}: {
  suspensions: Route.ComponentProps["loaderData"]["suspensions"];
}) {
  const texts = STORE_SUSPENSION_BANNER;
  return (
    <section
      role="status"
      aria-labelledby="suspension-banner-title"
      className="rounded-2xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200"
      data-testid="suspension-banner"
    >
      <h2 id="suspension-banner-title" className="font-bold text-base">
        {texts.title}
      </h2>
      <p className="mt-1 text-sm">{texts.lead}</p>
      {suspensions.length === 0 ? (
        <p className="mt-2 text-sm">
          {texts.unknown}{" "}
          <Link to="/contact" className="underline">
            {texts.contact}
          </Link>
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {suspensions.map((s) => (
            <li
              key={`${s.source}-${String(s.suspended_at)}`}
              className="rounded-xl bg-white p-3 text-sm ring-1 ring-red-100"
              data-source={s.source}
            >
              <p className="font-bold">{s.source === "operator" ? texts.operator : texts.billing}</p>
              <p className="mt-1 text-red-800 text-xs">
                {texts.since}：{formatTokyoDateTime(s.suspended_at)}
              </p>
              {s.source === "operator" ? (
                <>
                  <p className="mt-2 whitespace-pre-wrap break-words" data-testid="suspension-reason">
                    {texts.reason}：{s.reason}
                  </p>
                  <p className="mt-2">
                    {texts.operatorNext}{" "}
                    <Link to="/contact" className="font-bold underline">
                      {texts.contact}
                    </Link>
                  </p>
                </>
              ) : (
                <p className="mt-2">
                  <Link to="/liver/mypage/payment" className="font-bold underline">
                    {texts.payment}
                  </Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
