import { and, desc, eq } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { ledgerTransactions, payoutRequests } from "../../db/schema/index";

/** The store's conversions and payout requests, newest first (`/liver/mypage/item/convert`). */
export async function listConversionsAndPayouts({ db, actor }: { db: Db; actor: Viewer }) {
  const [conversions, payouts] = await Promise.all([
    db
      .select({
        tx_id: ledgerTransactions.tx_id,
        result: ledgerTransactions.result,
        created_at: ledgerTransactions.created_at,
      })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.actor_id, actor.uid), eq(ledgerTransactions.kind, "conversion")))
      .orderBy(desc(ledgerTransactions.created_at))
      .limit(50),
    db
      .select()
      .from(payoutRequests)
      .where(eq(payoutRequests.liver_id, actor.uid))
      .orderBy(desc(payoutRequests.created_at))
      .limit(50),
  ]);
  return {
    conversions: conversions.map((c) => ({
      id: c.tx_id,
      points: Number((c.result as { points?: number }).points ?? 0),
      created_at: c.created_at.toISOString(),
    })),
    payouts: payouts.map((p) => ({
      id: p.request_id,
      gross: p.gross_yen,
      fee: p.fee_yen,
      withholding: p.withholding_yen,
      net: p.net_yen,
      status: p.status,
      created_at: p.created_at.toISOString(),
    })),
  };
}
