/**
 * The dashboard of the operator's console (ADR 0033): the calendar days of its
 * figures (Asia/Tokyo, midnight to midnight) and the geometry of its 30-day chart. Pure.
 */

const TOKYO_OFFSET_MS = 9 * 3_600_000; // Japan has no daylight saving time.
const DAY_MS = 24 * 3_600_000;

/** How many days the chart shows, today included. */
export const DASHBOARD_DAYS = 30;

export interface TokyoDays {
  /** YYYY-MM-DD, oldest first, today (in Tokyo) last. */
  days: string[];
  /** The instant the first day starts (00:00 in Tokyo). */
  from: Date;
  /** The instant after the last day (00:00 of tomorrow in Tokyo). */
  to: Date;
}

/** The last `count` calendar days in Tokyo up to and including the one `now` falls on. */
export function tokyoDays(now: Date, count: number = DASHBOARD_DAYS): TokyoDays {
  const todayStart = Math.floor((now.getTime() + TOKYO_OFFSET_MS) / DAY_MS) * DAY_MS - TOKYO_OFFSET_MS;
  const days = Array.from({ length: count }, (_, i) =>
    new Date(todayStart - (count - 1 - i) * DAY_MS + TOKYO_OFFSET_MS).toISOString().slice(0, 10),
  );
  return { days, from: new Date(todayStart - (count - 1) * DAY_MS), to: new Date(todayStart + DAY_MS) };
}

/** "11/25" of a YYYY-MM-DD. */
export function monthDay(day: string): string {
  const [, m, d] = day.split("-");
  return `${Number(m)}/${Number(d)}`;
}

/**
 * The top of a chart's scale: the smallest of 1, 2, 4 × 10ⁿ (n ≥ 1 for 1) at or above `max`, at
 * least `minimum`, so the gridlines (the half and the top) fall on whole, round numbers.
 */
export function niceCeiling(max: number, minimum = 4): number {
  const target = Math.max(max, minimum, 1);
  const power = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 4, 10].find((m) => m * power >= target && (m * power) % 2 === 0) ?? 10;
  return step * power;
}

export interface ChartBar {
  day: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** Where the plot starts (room for the scale's labels on the left, the days below). */
  plot: { left: number; top: number; right: number; bottom: number };
  top: number;
  bars: ChartBar[];
  /** Horizontal gridlines with their values: 0, half, top. */
  grid: { y: number; value: number }[];
  /** The days labelled under the axis: today (flush right) and every seventh day before it. */
  ticks: { x: number; label: string; anchor: "middle" | "end" }[];
}

/** Bars of a daily series in a `width` × `height` box (SVG units). */
export function chartGeometry(
  series: readonly { day: string; value: number }[],
  { width = 360, height = 150 }: { width?: number; height?: number } = {},
): ChartGeometry {
  const plot = { left: 34, top: 8, right: width - 6, bottom: height - 20 };
  const top = niceCeiling(Math.max(0, ...series.map((p) => p.value)));
  const slot = (plot.right - plot.left) / Math.max(series.length, 1);
  const gap = Math.min(2, slot * 0.2);
  const scale = (value: number) => ((plot.bottom - plot.top) * value) / top;
  const bars = series.map((point, i) => {
    const h = scale(Math.max(0, point.value));
    return {
      day: point.day,
      value: point.value,
      x: plot.left + i * slot + gap / 2,
      y: plot.bottom - h,
      width: slot - gap,
      height: h,
    };
  });
  const grid = [0, top / 2, top].map((value) => ({ y: plot.bottom - scale(value), value }));
  const last = series.length - 1;
  const ticks = series
    .map((point, i) => ({ i, point }))
    .filter(({ i }) => (last - i) % 7 === 0)
    .map(({ i, point }) =>
      i === last
        ? { x: plot.right, label: monthDay(point.day), anchor: "end" as const }
        : { x: plot.left + i * slot + slot / 2, label: monthDay(point.day), anchor: "middle" as const },
    );
  return { width, height, plot, top, bars, grid, ticks };
}
