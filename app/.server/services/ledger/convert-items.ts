import { and, eq, gt, sql } from "drizzle-orm";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { items, ledgerAccounts, livers } from "../../db/schema";
import { accounts, ensureAccounts } from "./accounts";
import { requestHash, runOnce } from "./run-once";
import { type Posting, writeLedgerTransaction } from "./write-ledger-transaction";

export interface ConversionAnswer {
  points: number;
  items: { item_id: string; quantity: number; points: number }[];
}

export type ConvertItemsResult =
  | { ok: true; replayed: boolean; conversion: ConversionAnswer }
  | { ok: false; error: "forbidden" }
  | { ok: false; error: "nothing" | "idempotency_conflict" | "invalid"; message: string };

/**
 * `/liver/mypage/item/convert`: the store turns every item it holds (its own and its staff's)
 * into points at each item's `point_value` (ADR 0032). The item rows are locked, so what is
 * converted is exactly what the balances said; `livers.point` follows the points account.
 */
export async function convertItems({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { idempotencyKey: string };
}): Promise<ConvertItemsResult> {
  const refused = roleRefusal(actor, "items.convert");
  if (refused) return { ok: false, error: refused };
  if (!/^[\w-]{8,100}$/.test(input.idempotencyKey))
    return { ok: false, error: "invalid", message: MONEY_TEXTS.keyRequired };
  const key = {
    idempotencyKey: `convert:${actor.uid}:${input.idempotencyKey}`,
    requestHash: requestHash({}),
  };
  const once = await runOnce<ConversionAnswer | null>(db, key, async (tx) => {
    const held = await tx
      .select({
        account_id: ledgerAccounts.account_id,
        item_id: items.item_id,
        balance: ledgerAccounts.balance,
        point_value: items.point_value,
      })
      .from(ledgerAccounts)
      .innerJoin(items, eq(items.item_id, ledgerAccounts.item_id))
      .where(
        and(
          eq(ledgerAccounts.owner_type, "liver"),
          eq(ledgerAccounts.owner_id, actor.uid),
          eq(ledgerAccounts.unit, "items"),
          gt(ledgerAccounts.balance, 0),
        ),
      )
      .orderBy(ledgerAccounts.account_id)
      .for("update", { of: ledgerAccounts });
    if (held.length === 0) return null;
    const points = held.reduce((sum, row) => sum + row.balance * row.point_value, 0);
    const storePoints = accounts.storePoints(actor.uid);
    const issued = accounts.platform("points_issued", "points");
    const converted = held.map((row) => accounts.platform("items_converted", "items", row.item_id));
    await ensureAccounts(tx, [storePoints, issued, ...converted]);
    const postings: Posting[] = held.flatMap((row) => [
      {
        account_id: row.account_id,
        unit: "items" as const,
        item_id: row.item_id,
        tracked: true,
        amount: -row.balance,
      },
      {
        account_id: accounts.platform("items_converted", "items", row.item_id).account_id,
        unit: "items" as const,
        item_id: row.item_id,
        tracked: false,
        amount: row.balance,
      },
    ]);
    if (points > 0)
      postings.push(
        { account_id: issued.account_id, unit: "points", tracked: false, amount: -points },
        { account_id: storePoints.account_id, unit: "points", tracked: true, amount: points },
      );
    const answer: ConversionAnswer = {
      points,
      items: held.map((row) => ({
        item_id: row.item_id,
        quantity: row.balance,
        points: row.balance * row.point_value,
      })),
    };
    await writeLedgerTransaction(tx, {
      kind: "conversion",
      ...key,
      actorId: actor.uid,
      result: answer,
      postings,
    });
    await tx
      .update(livers)
      .set({ point: sql`${livers.point} + ${points}` })
      .where(eq(livers.uid, actor.uid));
    return answer;
  });
  if (!once.ok) return { ok: false, error: "idempotency_conflict", message: MONEY_TEXTS.keyReused };
  if (!once.result) return { ok: false, error: "nothing", message: MONEY_TEXTS.noItemsToConvert };
  return { ok: true, replayed: once.replayed, conversion: once.result };
}
