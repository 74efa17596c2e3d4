import { and, eq, gte, lt, sql } from "drizzle-orm";
import { HISTORY_KINDS, type HistoryKind, tokyoMonth } from "~/domain/money";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { coinOrders, coinRefunds, gifts, items, ledgerTransactions, livers, staffs } from "../../db/schema";

export interface HistoryRow {
  id: string;
  kind: HistoryKind;
  at: string;
  /** What it was, in Japanese. */
  description: string;
  /** Coins in (+) or out (−); 0 for a gift (items move, not coins). */
  coins: number;
  /** Yen paid (coin purchases). */
  yen: number;
  items: number;
}

/** The first instant of a Tokyo month `YYYY-MM` and of the next one. */
function monthRange(month: string): [Date, Date] {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1, 1) - 9 * 3_600_000);
  const end = new Date(Date.UTC(y, m, 1) - 9 * 3_600_000);
  return [start, end];
}

/**
 * `/listener/mypage/history` (ADR 0032): coin purchases, item purchases, gifts, expiries and refunds (ADR 0038) of
 * one Tokyo month, newest first, optionally of one kind. The same rows make the CSV.
 */
export async function listMoneyHistory({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { month?: string | null; kind?: string | null; now: Date };
}): Promise<{ month: string; kind: HistoryKind | null; rows: HistoryRow[] } | null> {
  if (roleRefusal(actor, "coin.buy")) return null;
  const month =
    input.month && /^\d{4}-(0[1-9]|1[0-2])$/.test(input.month) ? input.month : tokyoMonth(input.now);
  const kind = HISTORY_KINDS.includes(input.kind as HistoryKind) ? (input.kind as HistoryKind) : null;
  const [start, end] = monthRange(month);
  const wants = (k: HistoryKind) => kind === null || kind === k;
  const [orders, purchases, sent, expiries, refunds] = await Promise.all([
    wants("coin_purchase")
      ? db
          .select()
          .from(coinOrders)
          .where(
            and(
              eq(coinOrders.listener_id, actor.uid),
              eq(coinOrders.status, "paid"),
              gte(coinOrders.paid_at, start),
              lt(coinOrders.paid_at, end),
            ),
          )
      : [],
    wants("item_purchase")
      ? db
          .select({
            id: ledgerTransactions.tx_id,
            at: ledgerTransactions.created_at,
            result: ledgerTransactions.result,
            name: items.name,
          })
          .from(ledgerTransactions)
          .leftJoin(items, eq(items.item_id, sql`${ledgerTransactions.result}->>'item_id'`))
          .where(
            and(
              eq(ledgerTransactions.actor_id, actor.uid),
              eq(ledgerTransactions.kind, "item_purchase"),
              gte(ledgerTransactions.created_at, start),
              lt(ledgerTransactions.created_at, end),
            ),
          )
      : [],
    wants("gift")
      ? db
          .select({
            id: gifts.gift_id,
            at: gifts.created_at,
            quantity: gifts.quantity,
            name: items.name,
            staff: staffs.name,
            store: livers.store_name,
          })
          .from(gifts)
          .innerJoin(items, eq(items.item_id, gifts.item_id))
          .innerJoin(livers, eq(livers.uid, gifts.liver_id))
          .leftJoin(staffs, eq(staffs.uid, gifts.staff_id))
          .where(
            and(eq(gifts.listener_id, actor.uid), gte(gifts.created_at, start), lt(gifts.created_at, end)),
          )
      : [],
    wants("coin_expiry")
      ? db
          .select({
            id: ledgerTransactions.tx_id,
            at: ledgerTransactions.created_at,
            result: ledgerTransactions.result,
          })
          .from(ledgerTransactions)
          .where(
            and(
              eq(ledgerTransactions.actor_id, actor.uid),
              eq(ledgerTransactions.kind, "coin_expiry"),
              gte(ledgerTransactions.created_at, start),
              lt(ledgerTransactions.created_at, end),
            ),
          )
      : [],
    wants("coin_refund")
      ? db
          .select({ refund: coinRefunds })
          .from(coinRefunds)
          .innerJoin(coinOrders, eq(coinOrders.order_id, coinRefunds.order_id))
          .where(
            and(
              eq(coinOrders.listener_id, actor.uid),
              gte(coinRefunds.created_at, start),
              lt(coinRefunds.created_at, end),
            ),
          )
      : [],
  ]);
  const rows: HistoryRow[] = [
    ...orders.map((o) => ({
      id: o.order_id,
      kind: "coin_purchase" as const,
      at: (o.paid_at ?? o.created_at).toISOString(),
      description: `コイン ${o.coins.toLocaleString("ja-JP")}${o.bonus_coins ? `（ボーナス ${o.bonus_coins.toLocaleString("ja-JP")}）` : ""}`,
      coins: o.coins + o.bonus_coins,
      yen: o.price_jpy,
      items: 0,
    })),
    ...purchases.map((p) => {
      const result = p.result as { quantity?: number; coins?: number };
      return {
        id: p.id,
        kind: "item_purchase" as const,
        at: p.at.toISOString(),
        description: `${p.name ?? "アイテム"} ×${result.quantity ?? 0}`,
        coins: -(result.coins ?? 0),
        yen: 0,
        items: result.quantity ?? 0,
      };
    }),
    ...sent.map((g) => ({
      id: g.id,
      kind: "gift" as const,
      at: g.at.toISOString(),
      description: `${g.name} ×${g.quantity} → ${g.staff ? `${g.staff}（${g.store}）` : g.store}`,
      coins: 0,
      yen: 0,
      items: -g.quantity,
    })),
    ...expiries.map((e) => ({
      id: e.id,
      kind: "coin_expiry" as const,
      at: e.at.toISOString(),
      description: "有償コインの有効期限切れ",
      coins: -Number((e.result as { coins?: number }).coins ?? 0),
      yen: 0,
      items: 0,
    })),
    ...refunds.map(({ refund: r }) => {
      const spent = r.paid_due - r.paid_taken + (r.bonus_due - r.bonus_taken);
      return {
        id: r.refund_id,
        kind: "coin_refund" as const,
        at: r.created_at.toISOString(),
        description: `コイン購入の返金${spent > 0 ? `（使用済み・期限切れで取り消せなかったコイン ${spent.toLocaleString("ja-JP")}）` : ""}`,
        coins: -(r.paid_taken + r.bonus_taken),
        yen: -r.refund_jpy,
        items: 0,
      };
    }),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { month, kind, rows };
}
