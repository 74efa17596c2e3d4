import type { ReactNode } from "react";
import { requireViewer } from "~/.server/auth/viewer";
import { liveSettings } from "~/.server/services/live/live-settings";
import { readLiveRecord } from "~/.server/services/live-records/read-live-record";
import { FanBadge } from "~/components/fans/fan-badge";
import { Badge, ButtonLink, Card, EmptyState, PageHeader } from "~/components/ui/kit";
import { roleOfPath } from "~/domain/account-roles";
import { liveWatchPath } from "~/domain/live-paths";
import {
  formatLiveDuration,
  formatLiveSpan,
  liveRecordsPath,
  LIVE_RECORD_TEXTS as T,
} from "~/domain/live-records";
import { formatCoins } from "~/domain/money";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-live-summary";

/**
 * `/staff/mypage/lives/{id}` and `/liver/mypage/lives/{id}` (ADR 0043): what a live
 * came to, for its broadcaster and her store. Another's live is a 404 (the use case decides).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const role = roleOfPath(new URL(request.url).pathname);
  if (role !== "staff" && role !== "liver") throw new Response(null, { status: 404 });
  const viewer = await requireViewer(request, context, role);
  const result = await readLiveRecord({
    db: context.db,
    actor: viewer,
    input: { liveId: params.id },
    settings: await liveSettings(context),
  });
  if (!result.ok) throw new Response(null, { status: result.error === "not_found" ? 404 : 403 });
  return { role, record: result.record, summary: result.summary };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: pageTitle(data ? `${data.record.title}｜${T.summaryTitle}` : T.summaryTitle) },
    { name: "robots", content: "noindex" },
  ];
}

/** One figure: its label small, the number large. */
function Figure({
  label,
  value,
  unit,
  note,
}: {
  label: string;
  value: string;
  unit?: string;
  note?: ReactNode;
}) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="summary-figure">
      <dt className="font-bold text-slate-600 text-xs">{label}</dt>
      <dd className="mt-1">
        <span className="font-bold text-3xl text-slate-900 tabular-nums">{value}</span>
        {unit ? <span className="ml-1 text-slate-600 text-sm">{unit}</span> : null}
        {note ? <span className="mt-0.5 block text-slate-500 text-xs">{note}</span> : null}
      </dd>
    </div>
  );
}

const count = (n: number) => n.toLocaleString("ja-JP");

export default function MypageLiveSummary({ loaderData }: Route.ComponentProps) {
  const { role, record, summary } = loaderData;
  const ended = summary.status === "ended";
  return (
    <div className="space-y-5">
      <PageHeader title={T.summaryTitle} back={{ to: liveRecordsPath(role), label: T.backToList }} />
      <section
        aria-labelledby="summary-heading"
        className="rounded-2xl bg-gradient-to-br from-brand-600 to-pink-500 p-5 text-white shadow sm:p-6"
        data-testid="summary-hero"
      >
        {ended ? (
          <p className="font-bold text-2xl leading-snug sm:text-3xl">{T.celebrate}</p>
        ) : (
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone="red">{T.onAir}</Badge>
            <span className="text-sm text-white/90">{T.onAirLead}</span>
          </p>
        )}
        <h2 id="summary-heading" className="mt-3 break-words font-bold text-lg">
          {summary.title}
        </h2>
        <p className="mt-1 text-sm text-white/90">
          <time dateTime={summary.started_at}>{formatLiveSpan(summary.started_at, summary.ended_at)}</time>
        </p>
        {role === "liver" ? (
          <p className="mt-1 text-sm text-white/90">{T.broadcaster(record.broadcaster.name)}</p>
        ) : null}
      </section>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label={T.duration} value={formatLiveDuration(summary.duration_seconds)} />
        <Figure label={T.peakViewers} value={count(summary.viewers.peak)} unit="人" />
        <Figure label={T.uniqueViewers} value={count(summary.viewers.unique)} unit="人" />
        <Figure label={T.comments} value={count(summary.comments)} unit="件" />
        <Figure
          label={T.gifts}
          value={count(summary.gifts.count)}
          unit="件"
          note={`${T.items(summary.gifts.items)}・${formatCoins(summary.gifts.coins)}`}
        />
        <Figure label={T.points} value={count(summary.points)} unit="pt" />
        <Figure label={T.newFollowers} value={count(summary.new_followers)} unit="人" />
      </dl>

      <Card title={T.topFans} lead={T.topFansLead} testId="summary-top-fans">
        {summary.top_fans.length === 0 ? (
          <EmptyState title={T.topFansEmpty} />
        ) : (
          <ol className="divide-y divide-slate-100">
            {summary.top_fans.map((fan) => (
              <li key={fan.rank} className="flex items-center gap-3 py-2.5" data-testid="summary-fan">
                <span className="w-10 shrink-0 font-bold text-brand-700">{T.rank(fan.rank)}</span>
                <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="break-all font-bold">{fan.listener.nickname}</span>
                  <FanBadge level={fan.listener.fan_level} />
                </span>
                <span className="shrink-0 text-slate-700 text-sm tabular-nums">{formatCoins(fan.coins)}</span>
              </li>
            ))}
          </ol>
        )}
      </Card>

      <nav aria-label={T.summaryTitle} className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={`/${role}/mypage`}>{T.backToMypage}</ButtonLink>
        {record.broadcaster.listed ? (
          <ButtonLink to={liveWatchPath(record.broadcaster.id)} variant="secondary">
            {T.publicPage}
          </ButtonLink>
        ) : null}
      </nav>
    </div>
  );
}
