import { Form, Link } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { listMoneyHistory } from "~/.server/services/ledger/list-money-history";
import { Card, EmptyState, PageHeader } from "~/components/ui/kit";
import { formatYen, HISTORY_KIND_LABELS, HISTORY_KINDS } from "~/domain/money";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-history";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const url = new URL(request.url);
  const history = await listMoneyHistory({
    db: context.db,
    actor: viewer,
    input: { month: url.searchParams.get("month"), kind: url.searchParams.get("kind"), now: new Date() },
  });
  if (!history) throw new Response(null, { status: 403 });
  return history;
}

export function meta() {
  return [{ title: pageTitle("購入・利用履歴") }, { name: "robots", content: "noindex" }];
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("ja-JP", {
    timeZone: "Asia/Tokyo",
    month: "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

/** Coins with their sign (+1,000 in, −300 out). */
const signed = (coins: number) => `${coins > 0 ? "+" : "−"}${Math.abs(coins).toLocaleString("ja-JP")}`;

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

export default function History({ loaderData }: Route.ComponentProps) {
  const { month, kind, rows } = loaderData;
  const query = (m: string) => `?month=${m}${kind ? `&kind=${kind}` : ""}`;
  return (
    <div className="space-y-5">
      <PageHeader
        title="購入・利用履歴"
        lead="コインの購入、アイテムの購入、ギフト、有効期限切れの記録です。"
      />
      <Card>
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to={query(shiftMonth(month, -1))}
            className="inline-flex min-h-11 items-center px-2 text-brand-700"
          >
            ‹ 前の月
          </Link>
          <strong data-testid="history-month">{month.replace("-", "年")}月</strong>
          <Link
            to={query(shiftMonth(month, 1))}
            className="inline-flex min-h-11 items-center px-2 text-brand-700"
          >
            次の月 ›
          </Link>
          <Form method="get" className="flex items-center gap-2">
            <input type="hidden" name="month" value={month} />
            <label className="text-sm">
              種類{" "}
              <select
                name="kind"
                defaultValue={kind ?? ""}
                className="min-h-11 rounded-lg border border-slate-300 px-2 py-1"
              >
                <option value="">すべて</option>
                {HISTORY_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {HISTORY_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="min-h-11 rounded-lg border border-slate-300 px-3 text-sm">
              表示
            </button>
          </Form>
          <a
            href={`/listener/mypage/history.csv${query(month)}`}
            className="ml-auto inline-flex min-h-11 items-center rounded-lg bg-slate-800 px-3 text-sm text-white"
            download
          >
            CSVダウンロード
          </a>
        </div>
      </Card>
      <Card>
        {rows.length === 0 ? (
          <EmptyState title="この月の履歴はありません" />
        ) : (
          <>
            {/* A phone reads one card per entry; the table from the wide layout (1024 px). */}
            <ul className="divide-y divide-slate-100 wide:hidden" data-testid="history-cards">
              {rows.map((row) => (
                <li key={row.id} className="py-3" data-testid="history-card">
                  <div className="flex items-center justify-between gap-3">
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 font-bold text-slate-700 text-xs">
                      {HISTORY_KIND_LABELS[row.kind]}
                    </span>
                    <time dateTime={row.at} className="text-slate-500 text-xs tabular-nums">
                      {when(row.at)}
                    </time>
                  </div>
                  <p className="mt-1 break-words font-bold text-sm">{row.description}</p>
                  {row.coins || row.yen ? (
                    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                      {row.coins ? (
                        <div className="flex gap-1">
                          <dt className="text-slate-500">コイン</dt>
                          <dd className="tabular-nums">{signed(row.coins)}</dd>
                        </div>
                      ) : null}
                      {row.yen ? (
                        <div className="flex gap-1">
                          <dt className="text-slate-500">金額</dt>
                          <dd className="tabular-nums">{formatYen(row.yen)}</dd>
                        </div>
                      ) : null}
                    </dl>
                  ) : null}
                </li>
              ))}
            </ul>
            <table className="hidden w-full text-sm wide:table" data-testid="history-table">
              <thead>
                <tr className="text-left text-slate-500">
                  <th className="py-2">日時</th>
                  <th>種類</th>
                  <th>内容</th>
                  <th className="text-right">コイン</th>
                  <th className="text-right">金額</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-slate-100 border-t">
                    <td className="py-2 pr-2 whitespace-nowrap">{when(row.at)}</td>
                    <td className="pr-2 whitespace-nowrap">{HISTORY_KIND_LABELS[row.kind]}</td>
                    <td className="pr-2">{row.description}</td>
                    <td className="text-right tabular-nums">
                      {row.coins ? row.coins.toLocaleString("ja-JP") : "―"}
                    </td>
                    <td className="text-right tabular-nums">{row.yen ? formatYen(row.yen) : "―"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </Card>
    </div>
  );
}
