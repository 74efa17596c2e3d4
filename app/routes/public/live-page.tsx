import { useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import { getViewer } from "~/.server/auth/viewer";
import { followStateOf } from "~/.server/services/favorites/follow-state";
import { readGiftWallet } from "~/.server/services/gifts/read-gift-wallet";
import { liveSettings } from "~/.server/services/live/live-settings";
import { getLivePage } from "~/.server/services/live/read-lives";
import { LIVE_UI } from "~/components/live/live-texts";
import { LiveViewer } from "~/components/live/live-viewer";
import { ViewerEndScreen } from "~/components/live/viewer-end-screen";
import { LIVE_TEXTS, liveWatchPath } from "~/domain/live";
import { shiftLabel } from "~/domain/schedule-times";
import { dayLabel } from "~/domain/shifts";
import { pageTitle } from "~/site";
import type { Route } from "./+types/live-page";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const settings = await liveSettings(context);
  const page = await getLivePage({ db: context.db, input: { broadcasterId: params.id }, settings });
  if (!page) throw data(null, { status: 404 });
  const listener = viewer?.type === "listener" ? viewer : null;
  const [follow, wallet] = await Promise.all([
    followStateOf(context.db, {
      kind: page.broadcaster.type,
      targetId: page.broadcaster.id,
      listenerId: listener?.uid ?? null,
    }),
    listener && page.current ? readGiftWallet({ db: context.db, actor: listener }) : null,
  ]);
  const here = liveWatchPath(page.broadcaster.id);
  return data(
    {
      ...page,
      follow,
      canComment: Boolean(listener),
      /** The signed-in listener (her own `fan-level` events), null for anyone else. */
      listenerId: listener?.uid ?? null,
      wallet,
      giftRules: { confirmCoins: settings.confirmCoins, tierThresholds: settings.tierThresholds },
      loginPath: `/listener/login?from=${encodeURIComponent(here)}`,
      chargePath: `/listener/coin?return=${encodeURIComponent(here)}`,
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
  const { broadcaster, current, past, nextShift, follow, listenerId, wallet, giftRules, media } = loaderData;
  const revalidator = useRevalidator();
  const [endedNow, setEndedNow] = useState<{ peak: number; comments: number } | null>(null);
  const profilePath = `/listener/${broadcaster.type}/${broadcaster.id}`;
  const shift = nextShift
    ? `${dayLabel(nextShift.date)} ${shiftLabel(nextShift.start_time, nextShift.end_time)}`
    : null;

  if (current && !endedNow)
    return (
      <div className="lg:mx-auto lg:max-w-6xl lg:px-4 lg:py-6">
        <LiveViewer
          key={current.live.live_id}
          live={current.live}
          room={{
            liveId: current.live.live_id,
            lastEventId: current.lastEventId,
            comments: current.comments,
            gifts: current.gifts,
            pinned: current.pinned,
            points: current.points,
            ranking: current.ranking,
            viewers: { count: current.live.viewer_count, peak: current.live.viewer_peak },
          }}
          broadcaster={{ ...broadcaster, profilePath }}
          follow={follow}
          listenerId={listenerId}
          loginPath={loaderData.loginPath}
          chargePath={loaderData.chargePath}
          media={media}
          wallet={wallet}
          confirmCoins={giftRules.confirmCoins}
          onEnded={(summary) => {
            setEndedNow(summary);
            revalidator.revalidate();
          }}
        />
      </div>
    );

  if (endedNow)
    return (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <ViewerEndScreen
          broadcaster={broadcaster}
          follow={follow}
          figures={LIVE_UI.pastLiveFigures(endedNow.peak, endedNow.comments)}
          nextShift={broadcaster.type === "staff" ? (shift ?? LIVE_UI.noNextShift) : null}
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
        <p className="font-bold text-xl">{LIVE_TEXTS.notLive}</p>
      </section>
      {broadcaster.type === "staff" ? (
        <section aria-labelledby="next-shift" className="rounded-2xl border border-slate-200 bg-white p-4">
          <h2 id="next-shift" className="font-bold">
            {LIVE_UI.nextShift}
          </h2>
          <p className="mt-1 text-lg" data-testid="next-shift">
            {shift ?? LIVE_UI.noNextShift}
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
