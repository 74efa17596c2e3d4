import { Form, Link } from "react-router";
import { canonicalEnd, shiftLabel, shiftTimeLabel } from "~/domain/schedule-times";
import {
  dayLabel,
  monthGrid,
  monthLabel,
  rangeLabel,
  type ScheduleView,
  WEEKDAY_LABELS,
  weekDates,
  weekOffsetOf,
} from "~/domain/shifts";
import { FormErrorSummary } from "../form/form-error-summary";
import { SubmitButton } from "../form/submit-button";
import { Card, SMALL_BUTTON } from "../ui/kit";
import { DayRow, weekdayTone } from "./schedule-day-row";

export interface ScheduleItem {
  date: string;
  start_time: string;
  end_time: string;
}

export interface ScheduleResult {
  intent: string;
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
}

/**
 * The schedule of one staff member (docs/product.md): 7 days from today (ADR 0059) to edit day by
 * day (start from OPEN or a 10-minute step, end from the start on through 翌6:00 or LAST; a blank
 * start is a day off), saved as one replacement of those days; or a month to look at, each day
 * leading to its 7 days. `basePath` is the page (with any query it needs, e.g. `?tab=schedule`).
 */
export function ScheduleEditor({
  view,
  today,
  items,
  result,
  basePath,
}: {
  view: ScheduleView;
  today: string;
  items: readonly ScheduleItem[];
  result?: ScheduleResult;
  basePath: string;
}) {
  const link = (params: Record<string, string | number>) => {
    const url = new URL(basePath, "http://x");
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
    return `${url.pathname}${url.search}`;
  };
  const byDate = new Map(items.map((item) => [item.date, item]));
  const week = view.view === "week";
  const step = week ? "week" : "month";
  const title = week ? rangeLabel(view.start, view.end) : monthLabel(view.start);

  return (
    <Card testId="schedule">
      <ScheduleNav week={week} offset={view.offset} link={link} />
      <h2 className="mb-3 font-bold text-lg" data-testid={`schedule-${step}-title`}>
        {title}
      </h2>

      {week ? (
        <WeekForm
          view={view}
          today={today}
          byDate={byDate}
          result={result?.intent === "schedule" ? result : undefined}
        />
      ) : (
        <MonthGrid
          first={view.start}
          today={today}
          byDate={byDate}
          weekLink={(date) => link({ week: weekOffsetOf(today, date) })}
        />
      )}
    </Card>
  );
}

/** 週 / 月, then back, the 7 days from today or this month, and forward: links, so they work without JavaScript. */
function ScheduleNav({
  week,
  offset,
  link,
}: {
  week: boolean;
  offset: number;
  link: (params: Record<string, string | number>) => string;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <nav aria-label="表示の切り替え" className="inline-flex rounded-full bg-slate-100 p-1">
        <Link
          to={link({ week: 0 })}
          aria-current={week ? "page" : undefined}
          className={`inline-flex min-h-11 items-center rounded-full px-5 font-bold text-sm ${week ? "bg-white text-brand-700 shadow" : "text-slate-600"}`}
        >
          週
        </Link>
        <Link
          to={link({ view: "month", month: 0 })}
          aria-current={week ? undefined : "page"}
          className={`inline-flex min-h-11 items-center rounded-full px-5 font-bold text-sm ${week ? "text-slate-600" : "bg-white text-brand-700 shadow"}`}
        >
          月
        </Link>
      </nav>
      <nav aria-label={week ? "週の移動" : "月の移動"} className="flex items-center gap-1">
        <Link
          to={week ? link({ week: offset - 1 }) : link({ view: "month", month: offset - 1 })}
          className={SMALL_BUTTON}
          preventScrollReset
        >
          <span aria-hidden="true">‹</span>
          <span className="sr-only">{week ? "前の週" : "前の月"}</span>
        </Link>
        <Link
          to={week ? link({ week: 0 }) : link({ view: "month", month: 0 })}
          className={SMALL_BUTTON}
          preventScrollReset
        >
          {week ? "今日から" : "今月"}
        </Link>
        <Link
          to={week ? link({ week: offset + 1 }) : link({ view: "month", month: offset + 1 })}
          className={SMALL_BUTTON}
          preventScrollReset
        >
          <span aria-hidden="true">›</span>
          <span className="sr-only">{week ? "次の週" : "次の月"}</span>
        </Link>
      </nav>
    </div>
  );
}

function WeekForm({
  view,
  today,
  byDate,
  result,
}: {
  view: ScheduleView;
  today: string;
  byDate: Map<string, ScheduleItem>;
  result?: ScheduleResult;
}) {
  const submitted = (result?.values.shifts ?? null) as Record<
    string,
    { start_time?: string; end_time?: string }
  > | null;
  const errors = result?.errors ?? {};
  const labels = Object.fromEntries(
    weekDates(view.start).flatMap((date) => [
      [`shifts.${date}.start_time`, `${dayLabel(date)} 開始`],
      [`shifts.${date}.end_time`, `${dayLabel(date)} 終了`],
    ]),
  );
  return (
    <>
      <FormErrorSummary errors={result?.errors} labels={labels} className="mb-4" />
      <Form method="post" preventScrollReset noValidate>
        <input type="hidden" name="intent" value="schedule" />
        <input type="hidden" name="start" value={view.start} />
        <input type="hidden" name="end" value={view.end} />
        <ul className="divide-y divide-slate-100">
          {weekDates(view.start).map((date) => {
            const stored = byDate.get(date);
            const sent = submitted?.[date];
            return (
              <DayRow
                key={date}
                date={date}
                today={today}
                start={sent ? (sent.start_time ?? "") : (stored?.start_time ?? "")}
                end={sent ? (sent.end_time ?? "") : canonicalEnd(stored?.end_time ?? "")}
                startError={errors[`shifts.${date}.start_time`]}
                endError={errors[`shifts.${date}.end_time`]}
              />
            );
          })}
        </ul>
        <p className="mt-3 text-slate-500 text-xs">
          開始を「休み」にした日は出勤なしになります。保存すると、この週の出勤予定がすべて入れ替わります。
        </p>
        <div className="mt-4">
          <SubmitButton pendingLabel="保存中…">この週の出勤を保存する</SubmitButton>
        </div>
      </Form>
    </>
  );
}

function MonthGrid({
  first,
  today,
  byDate,
  weekLink,
}: {
  first: string;
  today: string;
  byDate: Map<string, ScheduleItem>;
  weekLink: (date: string) => string;
}) {
  const month = first.slice(0, 7);
  const weeks = monthGrid(first);
  const count = [...byDate.values()].length;
  return (
    <>
      <p className="mb-3 text-slate-600 text-sm">
        出勤 <strong className="tabular-nums">{count}</strong> 日。日付を押すとその週を編集できます。
      </p>
      <table className="w-full table-fixed border-collapse text-center">
        <caption className="sr-only">{monthLabel(first)}の出勤予定</caption>
        <thead>
          <tr>
            {WEEKDAY_LABELS.map((label, index) => (
              <th
                key={label}
                scope="col"
                className={`pb-1 font-bold text-xs ${index === 0 ? "text-red-600" : index === 6 ? "text-blue-600" : "text-slate-500"}`}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((days) => (
            <tr key={days[0]}>
              {days.map((date) => {
                const shift = byDate.get(date);
                const inMonth = date.startsWith(month);
                return (
                  <td key={date} className="border border-slate-100 p-0 align-top">
                    {inMonth ? (
                      <Link
                        to={weekLink(date)}
                        className={`flex min-h-16 flex-col items-center gap-0.5 p-1 hover:bg-slate-50 ${date === today ? "bg-brand-50" : ""}`}
                        aria-label={`${dayLabel(date)} ${shift ? shiftLabel(shift.start_time, shift.end_time) : "休み"}`}
                      >
                        <span className={`font-bold text-sm ${weekdayTone(date)}`}>
                          {Number(date.slice(8))}
                        </span>
                        {shift ? (
                          <span className="w-full rounded bg-brand-600 px-0.5 font-bold text-[10px] text-white tracking-tighter leading-tight">
                            {/* "20:00〜" over "翌1:00": each line fits a phone's narrow day cell. */}
                            <span className="block whitespace-nowrap">
                              {shiftTimeLabel(shift.start_time)}〜
                            </span>
                            <span className="block whitespace-nowrap">{shiftTimeLabel(shift.end_time)}</span>
                          </span>
                        ) : null}
                      </Link>
                    ) : (
                      <span className="block min-h-16" />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
