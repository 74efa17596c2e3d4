import { Link } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { broadcasterPanelData } from "~/.server/http/live-panel";
import { listNews } from "~/.server/services/news/list-news";
import { getStaffDashboard } from "~/.server/services/staff/get-staff-dashboard";
import { BroadcasterPanel } from "~/components/live/broadcaster-panel";
import { NewsList } from "~/components/news/news-ui";
import {
  Badge,
  ButtonLink,
  Card,
  Checklist,
  EmptyState,
  PageHeader,
  SectionLinks,
} from "~/components/ui/kit";
import { formatNumber } from "~/domain/format";
import { NEWS_TEXTS, newsPath } from "~/domain/news";
import { shiftLabel } from "~/domain/schedule-times";
import { dayLabel } from "~/domain/shifts";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "staff");
  const dashboard = await getStaffDashboard({ db: context.db, actor: viewer });
  if (!dashboard) throw new Response(null, { status: 404 });
  const news = await listNews({ db: context.db, actor: viewer, input: { limit: STAFF_NEWS_LIMIT } });
  return {
    ...dashboard,
    live: await broadcasterPanelData(context, viewer),
    news: news.ok
      ? news.items.map((item) => ({ ...item, published_at: item.published_at.toISOString() }))
      : [],
  };
}

/** The newest news shown on the staff home (ADR 0027: staff read theirs there). */
const STAFF_NEWS_LIMIT = 10;

export function meta() {
  return [{ title: pageTitle("マイページ") }, { name: "robots", content: "noindex" }];
}

const SECTIONS = [
  { to: "/staff/mypage/message", title: "メッセージ", body: "ユーザーから届いたメッセージ" },
  { to: "/staff/mypage/profile", title: "プロフィール", body: "写真・自己紹介・SNS・相性診断・公開設定" },
  { to: "/staff/mypage/schedule", title: "出勤スケジュール", body: "週ごとに出勤予定を入力" },
  { to: "/staff/mypage/setting", title: "設定", body: "パスワードの変更" },
  { to: "/staff/mypage/manual", title: "マニュアル", body: "使い方を動画で確認" },
] as const;

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  const { staff, today, todayShift, upcoming, news, live } = loaderData;
  const unreadNews = news.filter((item) => item.unread).length;
  const todo = [
    { done: staff.imageCount > 0, label: "プロフィール写真を登録する", to: "/staff/mypage/profile#gallery" },
    { done: staff.hasIntroduction, label: "自己紹介を書く", to: "/staff/mypage/profile" },
    { done: staff.hasSns, label: "SNSのアカウントを登録する", to: "/staff/mypage/profile" },
    {
      done: upcoming.length > 0 || todayShift !== null,
      label: "出勤予定を入力する",
      to: "/staff/mypage/schedule",
    },
  ];
  const listed = staff.is_displayed && staff.store_status === "public";

  return (
    <div className="space-y-6">
      <PageHeader title={`${staff.name}さんのマイページ`} lead={staff.liver_name} />

      {live ? <BroadcasterPanel {...live} /> : null}

      <div className="grid gap-3 sm:grid-cols-3">
        <Card className="sm:col-span-2" testId="today-shift">
          <p className="text-slate-500 text-xs">今日の出勤（{dayLabel(today)}）</p>
          {todayShift ? (
            <p className="mt-1 font-bold text-2xl text-brand-700 tabular-nums">
              {shiftLabel(todayShift.start_time, todayShift.end_time)}
            </p>
          ) : (
            <p className="mt-1 font-bold text-lg text-slate-500">お休み</p>
          )}
          <Link
            to="/staff/mypage/schedule"
            className="mt-2 inline-flex min-h-11 items-center text-brand-700 text-sm underline"
          >
            出勤スケジュールを編集
          </Link>
        </Card>
        <Card>
          <p className="text-slate-500 text-xs">フォロワー</p>
          <p className="mt-1 font-bold text-2xl tabular-nums">{formatNumber(staff.follower_number)}</p>
          <div className="mt-2">
            <Badge tone={listed ? "green" : "gray"}>{listed ? "お店のページに掲載中" : "現在は非掲載"}</Badge>
          </div>
        </Card>
      </div>

      <Card
        title="これからの出勤"
        actions={
          <ButtonLink to="/staff/mypage/schedule" variant="secondary">
            入力する
          </ButtonLink>
        }
      >
        {upcoming.length === 0 ? (
          <EmptyState title="この先1週間の出勤予定はありません">
            出勤予定を入れると、お店のページに表示されます。
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {upcoming.map((shift) => (
              <li key={shift.date} className="flex items-center justify-between py-2">
                <span className="font-bold">{dayLabel(shift.date)}</span>
                <span className="rounded-full bg-brand-50 px-3 py-1 font-bold text-brand-700 text-sm tabular-nums">
                  {shiftLabel(shift.start_time, shift.end_time)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card
        id="news"
        title={NEWS_TEXTS.staffSection}
        lead={unreadNews > 0 ? `未読のお知らせが${unreadNews}件あります。` : undefined}
        testId="staff-news"
      >
        <NewsList items={news} hrefOf={(id) => newsPath("staff", id)} />
      </Card>

      {todo.some((item) => !item.done) ? (
        <Card title="プロフィールを充実させましょう">
          <Checklist items={todo} />
        </Card>
      ) : null}

      <SectionLinks label="メニュー" sections={SECTIONS} />
    </div>
  );
}
