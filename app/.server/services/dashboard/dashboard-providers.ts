import { and, count, eq, gte, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { TokyoDays } from "~/domain/admin-dashboard";
import type { Db } from "../../db/client";
import {
  ageVerifications,
  contactMessages,
  listeners,
  liveCommentReports,
  livers,
  mailOutbox,
  roomReports,
  shopEntryRequests,
  staffs,
  storeReviews,
} from "../../db/schema/index";
import { MONEY_ACTION_COUNTS, MONEY_DAILY_FIGURES } from "./money-dashboard-providers";

/**
 * What the dashboard of the console shows (ADR 0033), as two lists of small
 * providers: a new count or figure is one entry here (the reports queue adds its open reports,
 * money its coin sales, gifts and payouts due), and the dashboard, the menu badges and the chart
 * pick it up.
 */

/** A count of things waiting for an operator: a tile on the dashboard, a badge in the menu. */
export interface AdminActionCount {
  /** Names the count for the menu's badge (`ADMIN_NAV[].badge`). */
  key: string;
  label: string;
  body: string;
  /** The page where they are handled. */
  to: string;
  testId: string;
  count(db: Db): Promise<number>;
}

/** A figure per day (Asia/Tokyo): today's value on the dashboard and its 30-day chart. */
export interface AdminDailyFigure {
  key: string;
  label: string;
  /** The unit after a count ("人", "件"); yen figures say `yen` and are shown as ¥1,000. */
  unit: string | "yen";
  /** The value of each day of `range` that has one (YYYY-MM-DD → value); missing days are 0. */
  perDay(db: Db, range: TokyoDays): Promise<Map<string, number>>;
}

async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * Rows of `table` per Tokyo calendar day of `column` inside the range (and `where`): one grouped
 * query over the range, the days cut in the database in Asia/Tokyo.
 */
export async function countPerTokyoDay(
  db: Db,
  table: PgTable,
  column: AnyPgColumn,
  range: TokyoDays,
  where?: SQL,
): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${column} at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, n: count() })
    .from(table)
    .where(and(gte(column, range.from), lt(column, range.to), where))
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, row.n]));
}

export const ADMIN_ACTION_COUNTS: readonly AdminActionCount[] = [
  {
    key: "openReports",
    label: "未対応の通報",
    body: "メッセージとライブコメントの通報",
    to: "/admin/reports",
    testId: "count-reports",
    count: async (db) =>
      (await countWhere(db, roomReports, eq(roomReports.status, "open"))) +
      (await countWhere(db, liveCommentReports, eq(liveCommentReports.status, "open"))),
  },
  {
    key: "pendingAgeVerifications",
    label: "確認待ちの年齢確認",
    body: "リスナーが送った本人確認書類（ADR 0055）",
    to: "/admin/age-verifications",
    testId: "count-age-verifications",
    count: (db) => countWhere(db, ageVerifications, eq(ageVerifications.status, "pending")),
  },
  {
    key: "newShopEntryRequests",
    label: "未対応の掲載リクエスト",
    body: "掲載を希望する店舗からのリクエスト",
    to: "/admin/shop_entry",
    testId: "count-shop-entry",
    count: (db) => countWhere(db, shopEntryRequests, eq(shopEntryRequests.status, "new")),
  },
  {
    key: "newContactMessages",
    label: "未対応のお問い合わせ",
    body: "お問い合わせフォームからのメッセージ",
    to: "/admin/contact",
    testId: "count-contact",
    count: (db) => countWhere(db, contactMessages, eq(contactMessages.status, "new")),
  },
  {
    key: "failedMails",
    label: "送信に失敗したメール",
    body: "届かなかったメールは再送信できます",
    to: "/admin/mail?status=failed",
    testId: "count-failed-mails",
    count: (db) => countWhere(db, mailOutbox, eq(mailOutbox.status, "failed")),
  },
  {
    key: "storesAwaitingReview",
    label: "未確認の新規店舗",
    body: "登録された店舗の掲載内容を確認してください",
    to: "/admin/stores?review=waiting",
    testId: "count-stores-waiting",
    count: async (db) => {
      const [row] = await db
        .select({ n: count() })
        .from(livers)
        .leftJoin(storeReviews, eq(storeReviews.liver_id, livers.uid))
        .where(and(isNull(storeReviews.liver_id), ne(livers.status, "deleted")));
      return row?.n ?? 0;
    },
  },
  ...MONEY_ACTION_COUNTS,
];

export const ADMIN_DAILY_FIGURES: readonly AdminDailyFigure[] = [
  {
    key: "newListeners",
    label: "新規リスナー",
    unit: "人",
    perDay: (db, range) => countPerTokyoDay(db, listeners, listeners.created_at, range),
  },
  {
    key: "newStores",
    label: "新規店舗",
    unit: "店",
    perDay: (db, range) => countPerTokyoDay(db, livers, livers.created_at, range),
  },
  {
    key: "newStaff",
    label: "新規キャスト",
    unit: "人",
    perDay: (db, range) => countPerTokyoDay(db, staffs, staffs.created_at, range),
  },
  ...MONEY_DAILY_FIGURES,
];
