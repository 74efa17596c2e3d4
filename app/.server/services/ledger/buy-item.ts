import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { items } from "../../db/schema";
import { accounts, ensureAccounts } from "./accounts";
import { spendCoinsPostings } from "./coin-lots";
import { findReplay, requestHash, runOnce } from "./run-once";
import { InsufficientBalanceError, writeLedgerTransaction } from "./write-ledger-transaction";

export const BuyItemSchema = z.object({
  item_id: z.string({ error: MONEY_TEXTS.itemRequired }).min(1, MONEY_TEXTS.itemRequired),
  quantity: z.coerce
    .number({ error: MONEY_TEXTS.quantityInvalid })
    .int(MONEY_TEXTS.quantityInvalid)
    .min(1, MONEY_TEXTS.quantityInvalid)
    .max(99, MONEY_TEXTS.quantityInvalid),
  idempotency_key: z
    .string({ error: MONEY_TEXTS.keyRequired })
    .min(8, MONEY_TEXTS.keyRequired)
    .max(100, MONEY_TEXTS.keyRequired),
});

export type BuyItemResult =
  | { ok: true; replayed: boolean; result: { item_id: string; quantity: number; coins: number } }
  | { ok: false; error: "forbidden" | "not_found" }
  | {
      ok: false;
      error: "invalid" | "insufficient" | "idempotency_conflict";
      message: string;
      field?: string;
    };

/**
 * Buys items with coins (ADR 0032, `/listener/mypage/purchase`): the coins leave the
 * listener's lots (paid first, oldest first) for the platform, the items come from the platform
 * into the listener's inventory — one ledger transaction under the listener's key.
 */
export async function buyItem({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: unknown;
  now?: Date;
}): Promise<BuyItemResult> {
  const refused = roleRefusal(actor, "item.buy");
  if (refused) return { ok: false, error: refused };
  const parsed = BuyItemSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: "invalid",
      message: issue?.message ?? MONEY_TEXTS.invalid,
      field: String(issue?.path[0] ?? ""),
    };
  }
  const { item_id, quantity, idempotency_key } = parsed.data;
  const key = {
    idempotencyKey: `buy-item:${actor.uid}:${idempotency_key}`,
    requestHash: requestHash({ item_id, quantity }),
  };
  const replay = await findReplay<{ item_id: string; quantity: number; coins: number }>(db, key);
  if (replay?.ok) return { ok: true, replayed: true, result: replay.result };
  if (replay) return { ok: false, error: "idempotency_conflict", message: MONEY_TEXTS.keyReused };
  const [item] = await db
    .select()
    .from(items)
    .where(and(eq(items.item_id, item_id), eq(items.status, "active")));
  if (!item) return { ok: false, error: "not_found" };
  const cost = item.coin_price * quantity;
  try {
    const once = await runOnce(db, key, async (tx) => {
      const spend = await spendCoinsPostings(tx, actor.uid, cost, now);
      if ("insufficient" in spend) return null;
      const inventory = accounts.listenerItems(actor.uid, item.item_id);
      const issued = accounts.platform("items_issued", "items", item.item_id);
      await ensureAccounts(tx, [inventory, issued, accounts.platform("coins_spent", "coins")]);
      const result = { item_id: item.item_id, quantity, coins: cost };
      await writeLedgerTransaction(tx, {
        kind: "item_purchase",
        ...key,
        actorId: actor.uid,
        result,
        postings: [
          ...spend.postings,
          {
            account_id: issued.account_id,
            unit: "items",
            item_id: item.item_id,
            tracked: false,
            amount: -quantity,
          },
          {
            account_id: inventory.account_id,
            unit: "items",
            item_id: item.item_id,
            tracked: true,
            amount: quantity,
          },
        ],
      });
      return result;
    });
    if (!once.ok) return { ok: false, error: "idempotency_conflict", message: MONEY_TEXTS.keyReused };
    if (!once.result)
      return { ok: false, error: "insufficient", message: MONEY_TEXTS.notEnoughCoins, field: "quantity" };
    return { ok: true, replayed: once.replayed, result: once.result };
  } catch (error) {
    if (error instanceof InsufficientBalanceError)
      return { ok: false, error: "insufficient", message: MONEY_TEXTS.notEnoughCoins, field: "quantity" };
    throw error;
  }
}
