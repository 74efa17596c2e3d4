import { and, count, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { TokyoDays } from "~/domain/admin-dashboard";
import type { Db } from "../../db/client";
import { coinOrders, gifts, payoutRequests } from "../../db/schema/index";
import type { AdminActionCount, AdminDailyFigure } from "./dashboard-providers";

/**
 * The money entries of the console's dashboard (ADR 0033's provider seams): payout
 * requests an operator still has to approve, export or mark paid; coin sales, gifts and payout
 * requests per Tokyo day. Self-contained (no import of the list they join, which imports this).
 */

const OPEN_PAYOUT_STATUSES = ["pending", "approved", "exported"] as const;

export const MONEY_ACTION_COUNTS: readonly AdminActionCount[] = [
  {
    key: "payoutsDue",
    label: "未処理の出金申請",
    body: "承認・振込データの作成・振込済みの記録を待つ出金申請",
    to: "/admin/payouts",
    testId: "count-payouts-due",
    count: async (db) => {
      const [row] = await db
        .select({ n: count() })
        .from(payoutRequests)
        .where(inArray(payoutRequests.status, OPEN_PAYOUT_STATUSES));
      return row?.n ?? 0;
    },
  },
];

/** `value` summed (or rows counted) per Tokyo day of `column`, one grouped query. */
async function perTokyoDay(
  db: Db,
  range: TokyoDays,
  column: AnyPgColumn,
  value: SQL<number>,
  from: PgTable,
  where?: SQL,
): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${column} at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, n: value })
    .from(from)
    .where(and(gte(column, range.from), lt(column, range.to), where))
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}

export const MONEY_DAILY_FIGURES: readonly AdminDailyFigure[] = [
  {
    key: "coinSales",
    label: "コイン売上",
    unit: "yen",
    perDay: (db, range) =>
      perTokyoDay(
        db,
        range,
        coinOrders.paid_at,
        sql<number>`coalesce(sum(${coinOrders.price_jpy}), 0)`,
        coinOrders,
        eq(coinOrders.status, "paid"),
      ),
  },
  {
    key: "gifts",
    label: "ギフト",
    unit: "件",
    perDay: (db, range) => perTokyoDay(db, range, gifts.created_at, sql<number>`count(*)`, gifts),
  },
  {
    key: "payoutRequests",
    label: "出金申請額",
    unit: "yen",
    perDay: (db, range) =>
      perTokyoDay(
        db,
        range,
        payoutRequests.created_at,
        sql<number>`coalesce(sum(${payoutRequests.gross_yen}), 0)`,
        payoutRequests,
      ),
  },
];
