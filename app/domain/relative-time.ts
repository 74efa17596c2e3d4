/**
 * "How long ago" labels. The product shows a distance when it is in minutes, days or years, and
 * otherwise the month/day and time, always in Asia/Tokyo whatever the machine's time zone.
 *
 * With d = now − date (elapsed time, not calendar days; 1 day = 24 h, 1 year = 365 days):
 *   d < 1 min                 → "たった今"
 *   1 min ≤ d < 60 min        → "N分前"        (N = whole minutes)
 *   1 h ≤ d < 24 h            → "M/D H:mm"     (hours are not shown as a distance)
 *   1 day ≤ d < 31 days       → "N日前"        (N = 1…30 whole days)
 *   31 days ≤ d < 365 days    → "M/D H:mm"
 *   d ≥ 365 days              → "N年前"        (N = whole 365-day years)
 *   d < 0 (a future date)     → "M/D H:mm"
 * "M/D H:mm" has no leading zeros on month, day and hour ("11/22 9:05", "1/1 0:00").
 * Dates may be Date objects, epoch milliseconds or date strings (trimmed); an invalid date gives "".
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

const TOKYO_PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: "Asia/Tokyo",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h23",
});

function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  return new Date(typeof value === "string" ? value.trim() : value);
}

/** "M/D H:mm" in Asia/Tokyo ("" for an invalid date). */
export function formatMonthDayTime(value: Date | string | number): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "";
  const parts: Record<string, string> = {};
  for (const part of TOKYO_PARTS.formatToParts(date)) parts[part.type] = part.value;
  const hour = Number(parts.hour) % 24;
  return `${Number(parts.month)}/${Number(parts.day)} ${hour}:${parts.minute}`;
}

export function relativeTime(
  value: Date | string | number,
  now: Date | string | number = new Date(),
): string {
  const date = toDate(value);
  const reference = toDate(now);
  if (Number.isNaN(date.getTime()) || Number.isNaN(reference.getTime())) return "";
  const elapsed = reference.getTime() - date.getTime();
  if (elapsed < 0) return formatMonthDayTime(date);
  if (elapsed < MINUTE) return "たった今";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}分前`;
  if (elapsed < DAY) return formatMonthDayTime(date);
  if (elapsed < 31 * DAY) return `${Math.floor(elapsed / DAY)}日前`;
  if (elapsed < YEAR) return formatMonthDayTime(date);
  return `${Math.floor(elapsed / YEAR)}年前`;
}
