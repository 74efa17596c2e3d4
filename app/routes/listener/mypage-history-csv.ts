import { requireViewer } from "~/.server/auth/viewer";
import { listMoneyHistory } from "~/.server/services/ledger/list-money-history";
import { HISTORY_KIND_LABELS, toCsv } from "~/domain/money";
import type { Route } from "./+types/mypage-history-csv";

/** `/listener/mypage/history.csv?month&kind`: the history page's rows as CSV, UTF-8 with a BOM (Excel). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const url = new URL(request.url);
  const history = await listMoneyHistory({
    db: context.db,
    actor: viewer,
    input: { month: url.searchParams.get("month"), kind: url.searchParams.get("kind"), now: new Date() },
  });
  if (!history) throw new Response(null, { status: 403 });
  const csv = toCsv([
    ["日時", "種類", "内容", "コイン", "アイテム", "金額（円）"],
    ...history.rows.map((row) => [
      new Date(row.at).toLocaleString("ja-JP", { timeZone: "Asia/Tokyo" }),
      HISTORY_KIND_LABELS[row.kind],
      row.description,
      row.coins,
      row.items,
      row.yen,
    ]),
  ]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="history-${history.month}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
