import { LAST, OPEN, SHIFT_START_CHOICES, shiftLabel, shiftTimeLabel } from "~/domain/schedule-times";
import { dayLabel, dayOfWeek } from "~/domain/shifts";
import { FieldError, fieldId } from "../form/field";
import { useDayShift } from "./use-day-shift";

/** The option labels: 「OPEN（開店から）」, 「LAST（閉店まで）」, 「20:00」, the next morning 「翌1:00」. */
const timeLabel = (value: string) =>
  value === OPEN ? "OPEN（開店から）" : value === LAST ? "LAST（閉店まで）" : shiftTimeLabel(value);
const START_OPTIONS = SHIFT_START_CHOICES.map((value) => ({ value, label: timeLabel(value) }));

/** Sunday red, Saturday blue, as Japanese calendars print them. */
export function weekdayTone(date: string): string {
  const day = dayOfWeek(date);
  return day === 0 ? "text-red-600" : day === 6 ? "text-blue-600" : "text-slate-800";
}

/** One day of the week form: its name (today marked), the shift it makes, its start and end. */
export function DayRow({
  date,
  today,
  start: initialStart,
  end: initialEnd,
  startError,
  endError,
}: {
  date: string;
  today: string;
  start: string;
  end: string;
  startError?: string;
  endError?: string;
}) {
  const { start, end, ends, off, hydrated, chooseStart, chooseEnd } = useDayShift(initialStart, initialEnd);
  const isToday = date === today;
  const past = date < today;

  return (
    <li
      className={`py-3 ${isToday ? "-mx-2 rounded-lg bg-brand-50 px-2" : ""}`}
      data-testid="schedule-day"
      data-date={date}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <span className={`font-bold ${weekdayTone(date)} ${past ? "opacity-60" : ""}`}>
          {dayLabel(date)}
          {isToday ? (
            <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-white text-xs">今日</span>
          ) : null}
        </span>
        <span className={`text-sm ${off ? "text-slate-400" : "font-bold text-brand-700"}`} aria-live="polite">
          {off ? "休み" : end ? shiftLabel(start, end) : ""}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <StartSelect date={date} value={start} error={startError} onChange={chooseStart} />
        <EndSelect
          date={date}
          value={end}
          choices={ends}
          off={off}
          disabled={hydrated && off}
          error={endError}
          onChange={chooseEnd}
        />
      </div>
    </li>
  );
}

interface TimeSelectProps {
  date: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** The day's start: 休み (blank) or OPEN or a 10-minute step, in the business day's order (05:00 … 翌4:50). */
function StartSelect({ date, value, error, onChange }: TimeSelectProps) {
  const id = fieldId(`shifts.${date}.start_time`);
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {dayLabel(date)}の開始
      </label>
      <select
        id={id}
        name={`shifts.${date}.start_time`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={`block min-h-11 w-full rounded-lg border px-2 text-base ${error ? "border-red-500 bg-red-50" : "border-slate-300"}`}
      >
        <option value="">休み</option>
        {START_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** The day's end, from `choices` (disabled on a day off once the page runs JavaScript). */
function EndSelect({
  date,
  value,
  choices,
  off,
  disabled,
  error,
  onChange,
}: TimeSelectProps & { choices: readonly string[]; off: boolean; disabled: boolean }) {
  const id = fieldId(`shifts.${date}.end_time`);
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {dayLabel(date)}の終了
      </label>
      <select
        id={id}
        name={`shifts.${date}.end_time`}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={`block min-h-11 w-full rounded-lg border px-2 text-base disabled:bg-slate-100 disabled:text-slate-400 ${error ? "border-red-500 bg-red-50" : "border-slate-300"}`}
      >
        <option value="">{off ? "—" : "終了"}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {timeLabel(choice)}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
