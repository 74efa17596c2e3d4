import { Link } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { listLiveRecords } from "~/.server/services/live-records/list-live-records";
import { Badge, Card, EmptyState, PageHeader } from "~/components/ui/kit";
import { roleOfPath } from "~/domain/account-roles";
import {
  formatLiveDuration,
  formatLiveSpan,
  liveRecordPath,
  LIVE_RECORD_TEXTS as T,
} from "~/domain/live-records";
import { formatPoints } from "~/domain/money";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-lives";

/**
 * `/staff/mypage/lives` and `/liver/mypage/lives` (ADR 0043): the account's past
 * lives (a store: its own and its staff's), each leading to its summary.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const role = roleOfPath(new URL(request.url).pathname);
  if (role !== "staff" && role !== "liver") throw new Response(null, { status: 404 });
  const viewer = await requireViewer(request, context, role);
  const result = await listLiveRecords({ db: context.db, actor: viewer });
  if (!result.ok) throw new Response(null, { status: 403 });
  return { role, items: result.items };
}

export function meta() {
  return [{ title: pageTitle(T.listTitle) }, { name: "robots", content: "noindex" }];
}

export default function MypageLives({ loaderData }: Route.ComponentProps) {
  const { role, items } = loaderData;
  return (
    <div className="space-y-5">
      <PageHeader title={T.listTitle} lead={T.listLead} />
      <Card testId="live-records">
        {items.length === 0 ? (
          <EmptyState title={T.listEmpty}>{T.listEmptyLead}</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((live) => {
              // A live still on has no length yet (its summary counts it up to now).
              const seconds = live.ended_at
                ? (Date.parse(live.ended_at) - Date.parse(live.started_at)) / 1000
                : null;
              return (
                <li key={live.live_id}>
                  <Link
                    to={liveRecordPath(role, live.live_id)}
                    className="-mx-2 block min-h-11 rounded-lg px-2 py-3 hover:bg-slate-50"
                    data-testid="live-record"
                  >
                    <span className="flex items-start gap-2">
                      <span className="min-w-0 flex-1 break-words font-bold text-brand-700">
                        {live.title}
                      </span>
                      {live.status === "live" ? <Badge tone="red">{T.onAir}</Badge> : null}
                    </span>
                    <span className="mt-0.5 block text-slate-600 text-xs">
                      {formatLiveSpan(live.started_at, live.ended_at)}
                      {seconds !== null ? `（${formatLiveDuration(seconds)}）` : ""}
                    </span>
                    {role === "liver" ? (
                      <span className="mt-0.5 block text-slate-600 text-xs">
                        {T.broadcaster(live.broadcaster.name)}
                      </span>
                    ) : null}
                    <span className="mt-1 block text-slate-700 text-sm">
                      {T.peakViewers} {T.people(live.viewer_peak)} ・ {T.comments}{" "}
                      {T.count(live.comment_count)} ・ {formatPoints(live.points)}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </div>
  );
}
