import { useEffect, useState } from "react";
import { Link } from "react-router";
import { FollowButton } from "~/components/directory/follow-button";
import { liveWatchPath } from "~/domain/live";
import { api } from "./live-client";
import { LIVE_UI } from "./live-texts";

interface LiveNow {
  live_id: string;
  title: string;
  viewer_count: number;
  broadcaster: { id: string; name: string; image_url: string | null; liver_name: string };
}

/**
 * What a viewer sees when the live she watched ends (ADR 0043): the live's figures, a follow
 * button (so the next live reaches her), the performer's next shift, and the other lives on now.
 */
export function ViewerEndScreen({
  broadcaster,
  follow,
  figures,
  nextShift,
}: {
  broadcaster: { type: "staff" | "liver"; id: string; name: string; image_url: string | null };
  follow: { favorite_id: string | null; follower_number: number };
  figures: string | null;
  nextShift: string | null;
}) {
  const [others, setOthers] = useState<LiveNow[] | null>(null);
  useEffect(() => {
    api<{ items: LiveNow[] }>("GET", "/api/lives?status=live&pageSize=6")
      .then((answer) => setOthers(answer.items.filter((l) => l.broadcaster.id !== broadcaster.id)))
      .catch(() => setOthers([]));
  }, [broadcaster.id]);
  return (
    <div className="space-y-4" data-testid="live-end-screen">
      <section role="status" className="rounded-2xl bg-slate-900 px-6 py-8 text-center text-white">
        {broadcaster.image_url ? (
          <img
            src={broadcaster.image_url}
            alt=""
            className="mx-auto mb-3 h-16 w-16 rounded-full object-cover ring-2 ring-pink-400"
          />
        ) : null}
        <p className="font-bold text-xl">{LIVE_UI.endTitle}</p>
        {figures ? (
          <p className="mt-2 text-sm text-white/80" data-testid="live-ended-summary">
            {figures}
          </p>
        ) : null}
        <p className="mt-4 text-sm text-white/90">{LIVE_UI.endFollowLead}</p>
        <div className="mt-3 flex justify-center" data-testid="end-follow">
          <FollowButton
            kind={broadcaster.type}
            targetId={broadcaster.id}
            targetName={broadcaster.name}
            favoriteId={follow.favorite_id}
            followerNumber={follow.follower_number}
            size="large"
            tone="overlay"
          />
        </div>
      </section>
      {nextShift !== null ? (
        <section
          aria-labelledby="end-next-shift"
          className="rounded-2xl border border-slate-200 bg-white p-4"
        >
          <h2 id="end-next-shift" className="font-bold">
            {LIVE_UI.nextShift}
          </h2>
          <p className="mt-1 text-lg" data-testid="next-shift">
            {nextShift}
          </p>
        </section>
      ) : null}
      <section aria-labelledby="end-other-lives" className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="end-other-lives" className="font-bold">
          {LIVE_UI.otherLives}
        </h2>
        {others === null ? (
          <p className="mt-2 text-slate-500 text-sm">読み込み中…</p>
        ) : others.length === 0 ? (
          <p className="mt-2 text-slate-500 text-sm">{LIVE_UI.noOtherLives}</p>
        ) : (
          <ul className="mt-2 grid grid-cols-2 gap-3" data-testid="other-lives">
            {others.map((l) => (
              <li key={l.live_id}>
                <Link
                  to={liveWatchPath(l.broadcaster.id)}
                  className="block rounded-xl bg-slate-50 p-2 hover:bg-slate-100"
                >
                  {l.broadcaster.image_url ? (
                    <img
                      src={l.broadcaster.image_url}
                      alt=""
                      className="aspect-square w-full rounded-lg object-cover"
                    />
                  ) : null}
                  <p className="mt-1 truncate font-bold text-sm">{l.broadcaster.name}</p>
                  <p className="truncate text-slate-500 text-xs">{l.title}</p>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
