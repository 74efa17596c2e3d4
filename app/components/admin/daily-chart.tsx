import { useId } from "react";
import { chartGeometry, monthDay } from "~/domain/admin-dashboard";
import { formatNumber, formatYen } from "~/domain/format";

/**
 * A daily figure over the last 30 days as a bar chart drawn on the server (SVG, no library, no
 * script). For screen readers the picture is one image with a summary (`role="img"`, its title
 * and description), and the numbers themselves are a table under 「数値を表で見る」; each bar also
 * carries its day and value as a tooltip.
 */
export function DailyChart({
  label,
  unit,
  series,
}: {
  label: string;
  unit: string;
  series: readonly { day: string; value: number }[];
}) {
  const id = useId();
  const g = chartGeometry(series);
  const format = (value: number) => (unit === "yen" ? formatYen(value) : `${formatNumber(value)}${unit}`);
  const total = series.reduce((sum, point) => sum + point.value, 0);
  const peak = series.reduce(
    (best, point) => (point.value > best.value ? point : best),
    series[0] ?? { day: "", value: 0 },
  );
  const first = series[0]?.day ?? "";
  const last = series.at(-1)?.day ?? "";
  const summary =
    total === 0
      ? `${monthDay(first)}から${monthDay(last)}まで、${label}はありません。`
      : `${monthDay(first)}から${monthDay(last)}までの合計 ${format(total)}。最も多い日は${monthDay(peak.day)}の${format(peak.value)}、今日は${format(series.at(-1)?.value ?? 0)}。`;
  return (
    <figure className="min-w-0">
      <svg
        viewBox={`0 0 ${g.width} ${g.height}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{`${label}（過去30日）`}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {g.grid.map((line) => (
          <g key={line.value}>
            <line
              x1={g.plot.left}
              x2={g.plot.right}
              y1={line.y}
              y2={line.y}
              className={line.value === 0 ? "stroke-slate-400" : "stroke-slate-200"}
              strokeWidth={1}
            />
            <text
              x={g.plot.left - 6}
              y={line.y}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-slate-500 text-[11px]"
            >
              {unit === "yen" ? yenAxisLabel(line.value) : formatNumber(line.value)}
            </text>
          </g>
        ))}
        {g.bars.map((bar, i) => (
          <rect
            key={bar.day}
            x={bar.x}
            y={bar.value > 0 ? Math.min(bar.y, g.plot.bottom - 1.5) : g.plot.bottom}
            width={bar.width}
            height={bar.value > 0 ? Math.max(bar.height, 1.5) : 0}
            rx={1.5}
            className={i === g.bars.length - 1 ? "fill-brand-600" : "fill-night-800"}
          >
            <title>{`${monthDay(bar.day)}：${format(bar.value)}`}</title>
          </rect>
        ))}
        {g.ticks.map((tick) => (
          <text
            key={tick.label}
            x={tick.x}
            y={g.height - 6}
            textAnchor={tick.anchor}
            className="fill-slate-500 text-[11px]"
          >
            {tick.label}
          </text>
        ))}
      </svg>
      <details className="mt-1 text-xs">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-brand-700">
          数値を表で見る
        </summary>
        <div className="max-h-64 overflow-y-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{`${label}（日別）`}</caption>
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="py-1 font-normal">
                  日付
                </th>
                <th scope="col" className="py-1 text-right font-normal">
                  {label}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...series].reverse().map((point) => (
                <tr key={point.day} className="border-slate-100 border-t">
                  <th scope="row" className="py-1 font-normal">
                    {monthDay(point.day)}
                  </th>
                  <td className="py-1 text-right">{format(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** The y axis has room for about six characters: ¥5,000, then 1万, 2.5万 (money figures, ADR 0033). */
function yenAxisLabel(value: number): string {
  return value >= 10_000 ? `${formatNumber(value / 10_000)}万` : formatYen(value);
}
