import { Link } from "react-router";
import { liveWatchPath } from "~/domain/live-paths";
import { LIVE_NOW_UI as LIVE_UI } from "./live-now-texts";

export interface LiveNowItem {
  live_id: string;
  title: string;
  viewer_count: number;
  broadcaster: {
    id: string;
    name: string;
    image_url: string | null;
    liver_name: string;
    type: "staff" | "liver";
  };
}

/** Viewers, as an eye (emoji are not on every phone's font). */
export function ViewersBadge({ count, className = "" }: { count: number; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 tabular-nums ${className}`}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="h-3.5 w-3.5 fill-none stroke-current stroke-2">
        <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
        <circle cx="12" cy="12" r="3" />
      </svg>
      <span>
        <span className="sr-only">視聴者 </span>
        {count}
      </span>
    </span>
  );
}

/**
 * Who is live now (ADR 0031): the top page, a store's page (the store and its staff) and a
 * staff member's page. Nothing at all when nobody is live.
 */
export function LiveNow({ lives, title = LIVE_UI.liveNow }: { lives: LiveNowItem[]; title?: string }) {
  if (lives.length === 0) return null;
  return (
    <section aria-labelledby="live-now-title" data-testid="live-now" className="space-y-2">
      <h2 id="live-now-title" className="flex items-center gap-2 font-bold text-lg">
        <span className="h-2.5 w-2.5 animate-pulse rounded-full bg-red-600" aria-hidden="true" />
        {title}
      </h2>
      <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2">
        {lives.map((live) => (
          <li key={live.live_id} className="w-40 shrink-0 snap-start">
            <Link to={liveWatchPath(live.broadcaster.id)} className="group block">
              <div className="relative aspect-[3/4] overflow-hidden rounded-xl bg-slate-800">
                {live.broadcaster.image_url ? (
                  <img
                    src={live.broadcaster.image_url}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-cover transition group-hover:scale-105"
                  />
                ) : null}
                <span className="absolute top-2 left-2 rounded bg-red-600 px-1.5 py-0.5 font-bold text-[11px] text-white">
                  {LIVE_UI.live}
                </span>
                <ViewersBadge
                  count={live.viewer_count}
                  className="absolute top-2 right-2 rounded bg-black/60 px-1.5 py-0.5 text-[11px] text-white"
                />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-2 text-white text-xs">
                  <span className="line-clamp-2">{live.title}</span>
                </span>
              </div>
              <p className="mt-1 truncate font-bold text-sm">{live.broadcaster.name}</p>
              {live.broadcaster.type === "staff" ? (
                <p className="truncate text-slate-500 text-xs">{live.broadcaster.liver_name}</p>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
