import { useState } from "react";
import { Link } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { Card, EmptyState, PageHeader } from "~/components/ui/kit";
import { roleOfPath } from "~/domain/account-roles";
import { type ManualVideo, manualVideosFor, youtubeEmbedUrl } from "~/domain/manual-videos";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-manual";

/** The first steps of each kind of account, in writing (useful with or without videos). */
const GUIDES = {
  liver: [
    {
      title: "店舗情報を整える",
      body: "店舗画像・営業時間・業態とこだわり条件を登録します。",
      to: "/liver/mypage/profile",
    },
    {
      title: "料金システムを登録する",
      body: "セット料金・指名料・ドリンクなどを入力すると、お店のページに料金表が表示されます。",
      to: "/liver/mypage/price",
    },
    {
      title: "キャストを登録する",
      body: "ログインIDとパスワードを決めて登録するか、招待リンクをキャストに送ります。",
      to: "/liver/mypage/staff",
    },
    {
      title: "出勤を入れる",
      body: "キャスト本人か、キャスト管理の「出勤」から週ごとに入力します。",
      to: "/liver/mypage/staff",
    },
  ],
  staff: [
    {
      title: "プロフィールを作る",
      body: "写真・自己紹介・SNS・相性診断の回答を登録します。公開したくない項目は公開設定で隠せます。",
      to: "/staff/mypage/profile",
    },
    {
      title: "出勤予定を入れる",
      body: "週ごとに開始と終了を選んで保存します。OPENは開店から、LASTは閉店までです。",
      to: "/staff/mypage/schedule",
    },
    {
      title: "パスワードを変える",
      body: "設定からいつでも変更できます。忘れたときはお店に再設定を依頼してください。",
      to: "/staff/mypage/setting",
    },
  ],
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const role = roleOfPath(new URL(request.url).pathname);
  if (role !== "liver" && role !== "staff") throw new Response(null, { status: 404 });
  await requireViewer(request, context, role);
  return { role, videos: manualVideosFor(context.env.manualVideos, role) };
}

export function meta() {
  return [{ title: pageTitle("マニュアル") }, { name: "robots", content: "noindex" }];
}

export default function MypageManual({ loaderData }: Route.ComponentProps) {
  const { role, videos } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader title="マニュアル" lead="管理画面の使い方を動画と手順で説明します。" />
      <Card title="使い方の動画" testId="manual-videos">
        {videos.length === 0 ? (
          <EmptyState title="動画は準備中です">下の「はじめての方へ」の手順をご覧ください。</EmptyState>
        ) : (
          <ul className="grid gap-5 wide:grid-cols-2">
            {videos.map((video) => (
              <li key={video.youtube_id}>
                <VideoPlayer video={video} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="はじめての方へ">
        <ol className="space-y-3">
          {GUIDES[role].map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <Link to={step.to} className="font-bold text-brand-700 hover:underline">
                  {step.title}
                </Link>
                <p className="text-slate-600 text-sm leading-relaxed">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}

/**
 * A video that loads YouTube only when asked to (no third-party request on page load). Without
 * JavaScript the button is a link to the video on YouTube.
 */
function VideoPlayer({ video }: { video: ManualVideo }) {
  const [playing, setPlaying] = useState(false);
  return (
    <figure>
      <div className="relative aspect-video overflow-hidden rounded-xl bg-night-900">
        {playing ? (
          <iframe
            src={`${youtubeEmbedUrl(video.youtube_id)}&autoplay=1`}
            title={video.title}
            allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            className="absolute inset-0 size-full"
          />
        ) : (
          <a
            href={`https://www.youtube.com/watch?v=${video.youtube_id}`}
            target="_blank"
            rel="noreferrer"
            onClick={(event) => {
              event.preventDefault();
              setPlaying(true);
            }}
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-white hover:bg-white/5"
          >
            <span
              className="flex size-16 items-center justify-center rounded-full bg-brand-600 shadow-lg"
              aria-hidden="true"
            >
              <svg viewBox="0 0 24 24" className="ml-1 size-8" fill="currentColor" aria-hidden="true">
                <path d="M8 5v14l11-7z" />
              </svg>
            </span>
            <span className="px-4 text-center font-bold text-sm">{video.title}を再生</span>
          </a>
        )}
      </div>
      <figcaption className="mt-2">
        <span className="block font-bold">{video.title}</span>
        {video.description ? <span className="block text-slate-600 text-sm">{video.description}</span> : null}
      </figcaption>
    </figure>
  );
}
