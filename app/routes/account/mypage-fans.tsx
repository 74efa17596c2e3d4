import { Form, useSubmit } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { listFans } from "~/.server/services/fans/read-fans";
import { liveSettings } from "~/.server/services/live/live-settings";
import { FanBadge } from "~/components/fans/fan-badge";
import { SelectInput } from "~/components/form/select-input";
import { SubmitButton } from "~/components/form/submit-button";
import { Card, EmptyState, PageHeader } from "~/components/ui/kit";
import { roleOfPath } from "~/domain/account-roles";
import { chosenFanMonth, fanMonthChoices, formatFanMonth, FANS_PAGE_TEXTS as T } from "~/domain/fans-page";
import { formatPoints } from "~/domain/money";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-fans";

/**
 * `/staff/mypage/fans` and `/liver/mypage/fans` (ADR 0043): the month's fans with
 * their levels and how their points were earned; the store's page names each fan's performer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const role = roleOfPath(url.pathname);
  if (role !== "staff" && role !== "liver") throw new Response(null, { status: 404 });
  const viewer = await requireViewer(request, context, role);
  const now = new Date();
  const fans = await listFans({
    db: context.db,
    actor: viewer,
    input: { month: chosenFanMonth(url.searchParams.get("month"), now) },
    thresholds: (await liveSettings(context)).fanThresholds,
    now,
  });
  if (!fans) throw new Response(null, { status: 403 });
  return { role, month: fans.month, months: fanMonthChoices(now), items: fans.items };
}

export function meta() {
  return [{ title: pageTitle(T.title) }, { name: "robots", content: "noindex" }];
}

const RANK_TONES = ["bg-amber-400 text-white", "bg-slate-400 text-white", "bg-orange-400 text-white"];

export default function MypageFans({ loaderData }: Route.ComponentProps) {
  const { role, month, months, items } = loaderData;
  const submit = useSubmit();
  const current = month === months[0];
  return (
    <div className="space-y-5">
      <PageHeader title={T.title} lead={T.howPoints} />
      <Form method="get" className="flex items-end gap-2" data-testid="fans-month">
        <SelectInput
          name="month"
          label={T.monthLabel}
          options={months.map((value) => ({ value, label: formatFanMonth(value) }))}
          defaultValue={month}
          className="min-w-0 flex-1"
          // With JavaScript the list follows the choice at once; without it, the button sends it.
          onChange={(event) => submit(event.currentTarget.form)}
        />
        <SubmitButton block={false} variant="secondary">
          {T.show}
        </SubmitButton>
      </Form>
      <Card
        title={current ? T.thisMonth : T.monthTitle(month)}
        lead={items.length > 0 ? T.count(items.length) : undefined}
        testId="fans"
      >
        {items.length === 0 ? (
          <EmptyState title={current ? T.empty : T.pastEmpty(month)} />
        ) : (
          <ol className="divide-y divide-slate-100" data-testid="fan-list">
            {items.map((fan) => (
              <li key={fan.rank} className="flex items-start gap-3 py-3" data-testid="fan-row">
                <span
                  className={`flex size-8 shrink-0 items-center justify-center rounded-full font-bold text-sm ${RANK_TONES[fan.rank - 1] ?? "bg-slate-100 text-slate-700"}`}
                >
                  <span className="sr-only">{T.rank(fan.rank)}</span>
                  <span aria-hidden="true">{fan.rank}</span>
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="break-all font-bold">{fan.listener.nickname}</span>
                    <FanBadge level={fan.level} />
                  </p>
                  {role === "liver" ? (
                    <p className="mt-0.5 text-slate-600 text-xs">{T.fanOf(fan.broadcaster.name)}</p>
                  ) : null}
                  <p className="mt-0.5 text-slate-500 text-xs">
                    {T.breakdown(fan.coins, fan.comments, fan.minutes)}
                  </p>
                </div>
                <span className="shrink-0 font-bold text-brand-700 text-lg tabular-nums">
                  {formatPoints(fan.points)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
