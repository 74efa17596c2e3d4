import { data, Link } from "react-router";
import { getViewer } from "~/.server/auth/viewer";
import { getPublicStaff } from "~/.server/services/directory/get-public-staff";
import { liveNowOf } from "~/.server/services/live/read-lives";
import { listPosts } from "~/.server/services/posts/list-posts";
import type { PublicStaff } from "~/.server/services/shared/staff-query";
import { OpenRoomButton } from "~/components/chat/open-room-button";
import { FollowButton } from "~/components/directory/follow-button";
import { ImageGallery } from "~/components/directory/image-gallery";
import { InfoList, PageSection } from "~/components/directory/info-list";
import { LIVE_UI } from "~/components/live/live-texts";
import { LATEST_POSTS, LatestPosts } from "~/components/posts/latest-posts";
import { toPostCard } from "~/components/posts/post-card";
import { ShiftBadge } from "~/components/staff/shift-badge";
import { StoreTypeBadge } from "~/components/store/store-type-badge";
import { areaLabel } from "~/domain/areas";
import { displayName } from "~/domain/display-name";
import { formatNumber } from "~/domain/format";
import { liveWatchPath } from "~/domain/live-paths";
import { MATCHING_TEXTS, matchingAnswerHref } from "~/domain/matching-texts";
import {
  ALCOHOL_TYPES,
  BLOOD_TYPES,
  BUST_TYPES,
  KARAOKE_TYPES,
  labelOf,
  MATCHING_QUESTIONS,
  type MatchingKey,
  PERSONALITY_TYPES,
  SMOKE_TYPES,
  TYPE_TYPES,
} from "~/domain/options";
import { shiftLabel } from "~/domain/schedule-times";
import { shortDateLabel, weekdayOf } from "~/domain/shift-status";
import { absoluteUrl, seoMeta } from "~/seo";
import { pageTitle } from "~/site";
import type { Route } from "./+types/staff-page";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const now = new Date();
  const found = await getPublicStaff({
    db: context.db,
    actor: viewer,
    input: { key: params.id, by: "either" },
    now,
  });
  if (!found.ok) throw data(null, { status: 404 });
  const { staff } = found.detail;
  const baseUrl = context.env.baseUrl;
  // The latest posts and the store's lives are independent reads: at once.
  const [latest, lives] = await Promise.all([
    listPosts({
      db: context.db,
      actor: null,
      input: { source: [], kind: [], staffId: staff.uid, sort: "new", page: 1, pageSize: LATEST_POSTS },
    }),
    liveNowOf({ db: context.db, liverId: staff.liver_id }),
  ]);
  const onAir = lives.find((live) => live.broadcaster_id === staff.uid);
  return {
    ...found.detail,
    // Named here, so the page's JavaScript carries the words instead of the area tree.
    area: areaLabel({ prefecture: staff.store.prefecture, area: staff.store.area }),
    live: onAir ? { title: onAir.title, viewer_count: onAir.viewer_count } : null,
    posts: latest.ok ? latest.items.map(toPostCard) : [],
    postTotal: latest.ok ? latest.total : 0,
    now: now.toISOString(),
    signedInAs: viewer?.type ?? null,
    canonical: absoluteUrl(baseUrl, `/listener/staff/${staff.uid}`),
    storeUrl: absoluteUrl(baseUrl, `/listener/liver/${staff.liver_id}`),
    images: staff.image_urls.map((src) => absoluteUrl(baseUrl, src)),
  };
}

/** Links to the staff member's public SNS accounts (published ids only). */
function snsLinks(staff: PublicStaff): { label: string; href: string; id: string }[] {
  const links: { label: string; href: string; id: string }[] = [];
  if (staff.instagram_id)
    links.push({
      label: "Instagram",
      href: `https://www.instagram.com/${encodeURIComponent(staff.instagram_id)}/`,
      id: staff.instagram_id,
    });
  if (staff.tiktok_id)
    links.push({
      label: "TikTok",
      href: `https://www.tiktok.com/@${encodeURIComponent(staff.tiktok_id)}`,
      id: staff.tiktok_id,
    });
  if (staff.youtube_id) {
    const path = staff.youtube_id.startsWith("UC") ? `channel/${staff.youtube_id}` : `@${staff.youtube_id}`;
    links.push({
      label: "YouTube",
      href: `https://www.youtube.com/${encodeURI(path)}`,
      id: staff.youtube_id,
    });
  }
  return links;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle("キャストが見つかりません") }];
  const { staff, canonical, storeUrl, images, area } = loaderData;
  const name = displayName(staff);
  const intro = staff.introduction ? ` ${staff.introduction}` : "";
  return seoMeta({
    title: pageTitle(`${name}（${staff.store.store_name}）`),
    description: `${area ? `${area}の` : ""}${staff.store.store_name}に在籍の${name}さんのプロフィール・出勤スケジュール。${intro}`,
    canonical,
    image: images[0],
    type: "profile",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Person",
      name,
      url: canonical,
      image: images.length > 0 ? images : undefined,
      description: staff.introduction || undefined,
      worksFor: { "@type": "BarOrPub", name: staff.store.store_name, url: storeUrl },
      sameAs: snsLinks(staff).map((link) => link.href),
    },
  });
}

const BIRTHDAY = (date: string | null | undefined) => {
  const m = date ? /^(\d{2})-(\d{2})$/.exec(date) : null;
  return m ? `${Number(m[1])}月${Number(m[2])}日` : null;
};

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const { staff, schedule, matched_keys, now, signedInAs, live, area } = loaderData;
  const name = displayName(staff);
  const sns = snsLinks(staff);
  // Today's shift, or last night's while it still runs past 05:00 (ADR 0059).
  const todayShift = staff.today_shift;
  const here = `/listener/staff/${staff.uid}`;

  return (
    <article className="mx-auto max-w-5xl px-4 py-6">
      <div className="wide:grid wide:grid-cols-[minmax(0,26rem)_1fr] wide:gap-8">
        <div>
          <ImageGallery images={staff.image_urls} alt={name} aspect="aspect-[3/4]" />
        </div>
        <div className="mt-4 wide:mt-0">
          <div className="flex flex-wrap items-center gap-2">
            <ShiftBadge shift={todayShift} store={staff.store} now={now} />
            {todayShift && (
              <span className="text-slate-600 text-sm">
                本日 {shiftLabel(todayShift.start_time, todayShift.end_time)}
              </span>
            )}
          </div>
          <h1 className="mt-2 font-black text-3xl">{name}</h1>
          {live ? (
            <Link
              to={liveWatchPath(staff.uid)}
              data-testid="staff-live-now"
              className="mt-3 flex min-h-12 items-center gap-3 rounded-xl bg-red-600 px-4 py-2 text-white shadow-sm hover:bg-red-700"
            >
              <span className="h-2.5 w-2.5 shrink-0 animate-pulse rounded-full bg-white" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block font-bold text-sm">{LIVE_UI.liveNow}</span>
                <span className="block truncate text-white/90 text-xs">{live.title}</span>
              </span>
              <span className="shrink-0 font-bold text-sm">{LIVE_UI.watchNow} ›</span>
            </Link>
          ) : null}
          {staff.name_kana && <p className="text-slate-500 text-sm">{staff.name_kana}</p>}
          <Link
            to={`/listener/liver/${staff.liver_id}`}
            className="mt-3 flex items-center gap-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 hover:ring-brand-500"
          >
            <StoreTypeBadge value={staff.store.store_type} className="shrink-0" />
            <span className="min-w-0">
              <span className="block truncate font-bold">{staff.store.store_name}</span>
              {area && <span className="block truncate text-slate-500 text-xs">{area}</span>}
            </span>
            <span className="ml-auto text-slate-400" aria-hidden="true">
              ›
            </span>
          </Link>
          <div className="mt-4">
            <FollowButton
              kind="staff"
              targetId={staff.uid}
              targetName={name}
              favoriteId={staff.favorite_id}
              followerNumber={staff.follower_number}
              size="large"
            />
          </div>
          <div className="mt-3">
            <OpenRoomButton staffId={staff.uid} staffName={name} back={here} />
          </div>

          <div className="mt-4">
            <MatchingPanel
              score={staff.matching_score}
              matched={matched_keys}
              answers={staff.matching_info}
              signedInAs={signedInAs}
              from={here}
            />
          </div>
        </div>
      </div>

      <div className="mt-6 grid gap-4 wide:grid-cols-2">
        <PageSection title="プロフィール" id="profile">
          <InfoList
            rows={[
              { label: "年齢", value: staff.age != null ? `${staff.age}歳` : null },
              { label: "身長", value: staff.height != null ? `${staff.height}cm` : null },
              { label: "誕生日", value: BIRTHDAY(staff.birth_of_date) },
              { label: "血液型", value: labelOf(BLOOD_TYPES, staff.blood_type) },
              { label: "体型", value: labelOf(TYPE_TYPES, staff.type_type) },
              { label: "バスト", value: labelOf(BUST_TYPES, staff.bust_type) },
              { label: "お酒", value: labelOf(ALCOHOL_TYPES, staff.alcohol_type) },
              { label: "カラオケ", value: labelOf(KARAOKE_TYPES, staff.karaoke_type) },
              { label: "たばこ", value: labelOf(SMOKE_TYPES, staff.smoke_type) },
              { label: "性格タイプ", value: labelOf(PERSONALITY_TYPES, staff.personality_type) },
              {
                label: "SNSフォロワー",
                value: staff.followers != null ? `${formatNumber(staff.followers)}人` : null,
              },
            ]}
          />
        </PageSection>

        <PageSection title="出勤スケジュール（2週間）" id="schedule">
          <ul className="divide-y divide-slate-100 text-sm" data-testid="schedule">
            {schedule.map((day, index) => {
              const weekday = weekdayOf(day.date);
              const color =
                weekday === 0 ? "text-red-700" : weekday === 6 ? "text-blue-700" : "text-slate-800";
              return (
                <li key={day.date} className="flex items-center justify-between py-2">
                  <span className={`${color} ${index === 0 ? "font-bold" : ""}`}>
                    {shortDateLabel(day.date)}
                    {index === 0 && <span className="ml-1 text-brand-700 text-xs">今日</span>}
                  </span>
                  {day.shift ? (
                    <span className="font-bold tabular-nums">
                      {shiftLabel(day.shift.start_time, day.shift.end_time)}
                    </span>
                  ) : (
                    <span className="text-slate-500">お休み</span>
                  )}
                </li>
              );
            })}
          </ul>
        </PageSection>
      </div>

      {staff.introduction && (
        <div className="mt-4">
          <PageSection title="自己紹介" id="introduction">
            <p className="whitespace-pre-line text-slate-800 text-sm leading-relaxed">{staff.introduction}</p>
          </PageSection>
        </div>
      )}

      <div className="mt-4">
        <LatestPosts
          posts={loaderData.posts}
          total={loaderData.postTotal}
          feedHref={`/listener/staff/${staff.uid}/sns`}
        />
      </div>

      {sns.length > 0 && (
        <div className="mt-4">
          <PageSection title="SNS" id="sns">
            <ul className="flex flex-wrap gap-2">
              {sns.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 px-4 text-sm hover:bg-slate-50"
                  >
                    <span className="font-bold">{link.label}</span>
                    <span className="text-slate-600">@{link.id}</span>
                  </a>
                </li>
              ))}
            </ul>
          </PageSection>
        </div>
      )}
    </article>
  );
}

function MatchingPanel({
  score,
  matched,
  answers,
  signedInAs,
  from,
}: {
  score: number | null | undefined;
  matched: MatchingKey[] | null;
  answers: PublicStaff["matching_info"];
  signedInAs: string | null;
  from: string;
}) {
  if (score === null) {
    // A listener who has not saved an answer yet: the form, not a score (ADR 0060).
    return (
      <div
        className="rounded-2xl bg-gradient-to-br from-night-900 to-night-800 p-4 text-white"
        data-testid="matching-panel"
      >
        <p className="font-bold">相性診断</p>
        <p className="mt-1 text-slate-200 text-sm">{MATCHING_TEXTS.answerLead}</p>
        <Link
          to={matchingAnswerHref(from)}
          className="mt-3 inline-flex min-h-11 items-center rounded-full bg-white px-5 font-bold text-night-900 text-sm"
        >
          {MATCHING_TEXTS.answer}
        </Link>
      </div>
    );
  }
  if (score === undefined || !matched) {
    return (
      <div className="rounded-2xl bg-gradient-to-br from-night-900 to-night-800 p-4 text-white">
        <p className="font-bold">相性診断</p>
        <p className="mt-1 text-slate-200 text-sm">
          {signedInAs && signedInAs !== "listener"
            ? "相性診断はユーザーアカウントでご利用いただけます。"
            : MATCHING_TEXTS.loginLead}
        </p>
        <Link
          to={`/listener/login?from=${encodeURIComponent(from)}`}
          className="mt-3 inline-flex min-h-11 items-center rounded-full bg-white px-5 font-bold text-night-900 text-sm"
        >
          ログインして相性をチェック
        </Link>
      </div>
    );
  }
  const matchedSet = new Set(matched);
  return (
    <div
      className="rounded-2xl bg-gradient-to-br from-night-900 to-night-800 p-4 text-white"
      data-testid="matching-panel"
    >
      <details className="group">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 [&::-webkit-details-marker]:hidden">
          <span>
            <span className="block font-bold text-sm">あなたとの相性</span>
            <span className="text-slate-300 text-xs">13問中{matched.length}問が同じ回答</span>
          </span>
          <span className="font-black text-4xl tabular-nums" data-testid="matching-score">
            {score}
            <span className="text-lg">%</span>
          </span>
        </summary>
        <ul className="mt-3 space-y-1.5 border-white/15 border-t pt-3 text-sm">
          {MATCHING_QUESTIONS.map((question) => {
            const answer = question.answers.find((a) => a.value === answers[question.key])?.label ?? "";
            const same = matchedSet.has(question.key);
            return (
              <li key={question.key} className="flex items-start justify-between gap-3">
                <span className="text-slate-300">{question.question}</span>
                <span className={`shrink-0 ${same ? "font-bold text-pink-200" : "text-slate-300"}`}>
                  {answer}
                  <span className="ml-1" aria-hidden="true">
                    {same ? "○" : "×"}
                  </span>
                  <span className="sr-only">{same ? "（同じ回答）" : "（違う回答）"}</span>
                </span>
              </li>
            );
          })}
        </ul>
        <Link
          to={matchingAnswerHref(from)}
          className="mt-3 inline-flex min-h-11 items-center text-pink-200 text-xs underline"
        >
          自分の回答を見直す
        </Link>
      </details>
      <p className="mt-2 text-slate-300 text-xs" data-testid="matching-explanation">
        {MATCHING_TEXTS.explanation}
      </p>
    </div>
  );
}
