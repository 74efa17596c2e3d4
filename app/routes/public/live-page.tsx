import { useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import { getViewer } from "~/.server/auth/viewer";
import { readInventory } from "~/.server/services/ledger/read-purchase-page";
import { getLivePage } from "~/.server/services/live/read-lives";
import { LIVE_UI } from "~/components/live/live-texts";
import { LiveViewer } from "~/components/live/live-viewer";
import { LIVE_TEXTS, liveWatchPath } from "~/domain/live";
import { shiftLabel } from "~/domain/schedule-times";
import { dayLabel } from "~/domain/shifts";
import { pageTitle } from "~/site";
import type { Route } from "./+types/live-page";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const page = await getLivePage({ db: context.db, input: { broadcasterId: params.id } });
  if (!page) throw data(null, { status: 404 });
  const gift =
    viewer?.type === "listener" && page.current
      ? {
          items: (await readInventory(context.db, viewer.uid)).map((line) => ({
            item_id: line.item.item_id,
            name: line.item.name,
            image_url: line.item.image_url,
            quantity: line.quantity,
          })),
          receiver: { type: page.broadcaster.type, id: page.broadcaster.id },
        }
      : null;
  return data(
    {
      ...page,
      canComment: viewer?.type === "listener",
      gift,
      loginPath: `/listener/login?from=${encodeURIComponent(liveWatchPath(page.broadcaster.id))}`,
      media: { mode: context.env.live.media, iceServers: context.env.live.iceServers },
    },
    // Who is live changes by the minute, and the comments with it: never a stale page.
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [{ title: pageTitle("ページが見つかりません") }];
  const name = page.broadcaster.name;
  return [
    {
      title: pageTitle(
        page.current ? `${name}のライブ配信「${page.current.live.title}」` : `${name}のライブ配信`,
      ),
    },
    { name: "description", content: `${name}（${page.broadcaster.liver_name}）のライブ配信ページです。` },
  ];
}

const fullDate = (iso: string) =>
  new Intl.DateTimeFormat("ja-JP", {
    timeZone: "Asia/Tokyo",
    month: "numeric",
    day: "numeric",
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));

/**
 * `/listener/live/{id}` (public; `{id}` is the staff member's or the store's id): the live on now,
 * or 「現在配信していません」 with the next shift and the past lives with their figures.
 */
export default function LivePage({ loaderData }: Route.ComponentProps) {
  const { broadcaster, current, past, nextShift, canComment, loginPath, media, gift } = loaderData;
  const revalidator = useRevalidator();
  const [endedNow, setEndedNow] = useState<{ peak: number; comments: number } | null>(null);
  const profilePath = `/listener/${broadcaster.type}/${broadcaster.id}`;

  if (current && !endedNow)
    return (
      <div className="lg:mx-auto lg:max-w-6xl lg:px-4 lg:py-6">
        <LiveViewer
          key={current.live.live_id}
          live={current.live}
          broadcaster={{ name: broadcaster.name, image_url: broadcaster.image_url, profilePath }}
          comments={current.comments}
          lastEventId={current.lastEventId}
          canComment={canComment}
          loginPath={loginPath}
          media={media}
          gift={gift}
          onEnded={(summary) => {
            setEndedNow(summary);
            revalidator.revalidate();
          }}
        />
      </div>
    );

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <header className="flex items-center gap-3">
        {broadcaster.image_url ? (
          <img src={broadcaster.image_url} alt="" className="h-14 w-14 rounded-full object-cover" />
        ) : null}
        <div className="min-w-0">
          <h1 className="truncate font-bold text-xl">{broadcaster.name}のライブ配信</h1>
          {broadcaster.type === "staff" ? (
            <p className="text-slate-500 text-sm">{broadcaster.liver_name}</p>
          ) : null}
        </div>
      </header>
      <section
        role="status"
        data-testid="live-status"
        className="rounded-2xl bg-slate-900 px-6 py-10 text-center text-white"
      >
        <p className="font-bold text-xl">{endedNow ? LIVE_UI.ended : LIVE_TEXTS.notLive}</p>
        {endedNow ? (
          <p className="mt-2 text-sm text-white/80" data-testid="live-ended-summary">
            {LIVE_UI.pastLiveFigures(endedNow.peak, endedNow.comments)}
          </p>
        ) : null}
      </section>
      {broadcaster.type === "staff" ? (
        <section aria-labelledby="next-shift" className="rounded-2xl border border-slate-200 bg-white p-4">
          <h2 id="next-shift" className="font-bold">
            {LIVE_UI.nextShift}
          </h2>
          <p className="mt-1 text-lg" data-testid="next-shift">
            {nextShift
              ? `${dayLabel(nextShift.date)} ${shiftLabel(nextShift.start_time, nextShift.end_time)}`
              : LIVE_UI.noNextShift}
          </p>
        </section>
      ) : null}
      <section aria-labelledby="past-lives" className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="past-lives" className="font-bold">
          {LIVE_UI.pastLives}
        </h2>
        {past.length === 0 ? (
          <p className="mt-2 text-slate-500 text-sm">{LIVE_UI.noPastLives}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100" data-testid="past-lives">
            {past.map((live) => (
              <li key={live.live_id} className="py-3">
                <p className="font-bold">{live.title}</p>
                <p className="text-slate-500 text-sm">
                  <time dateTime={live.started_at}>{fullDate(live.started_at)}</time>
                  <span className="mx-2" aria-hidden="true">
                    ·
                  </span>
                  {LIVE_UI.pastLiveFigures(live.viewer_peak, live.comment_count)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Link to={profilePath} className="inline-flex min-h-11 items-center text-brand-700 underline">
        {LIVE_UI.profile}
      </Link>
    </div>
  );
}
