import { and, eq } from "drizzle-orm";
import { CATALOGUE_ID } from "~/domain/admin-catalogue";
import { coinTermsKey } from "~/domain/final-confirmation";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type CoinPack, coinPacks } from "../../db/schema";

export type CoinConfirmation =
  | {
      ok: true;
      pack: Pick<CoinPack, "pack_id" | "name" | "coins" | "bonus_coins" | "price_jpy">;
      /** The key the confirmation's form carries (ADR 0052); `startCoinCheckout` compares it. */
      terms: string;
    }
  | { ok: false; error: "forbidden" | "not_found" };

/**
 * `/listener/coin/confirm` (ADR 0052): the pack on sale as it will be charged, and the key of
 * those terms. A hidden or unknown pack is not found.
 */
export async function readCoinConfirmation({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { packId: string };
}): Promise<CoinConfirmation> {
  const refused = roleRefusal(actor, "coin.buy");
  if (refused) return { ok: false, error: refused };
  // `?pack=` as typed: what cannot be a pack id is not looked up (a NUL would fail the query).
  if (!CATALOGUE_ID.test(input.packId)) return { ok: false, error: "not_found" };
  const [pack] = await db
    .select({
      pack_id: coinPacks.pack_id,
      name: coinPacks.name,
      coins: coinPacks.coins,
      bonus_coins: coinPacks.bonus_coins,
      price_jpy: coinPacks.price_jpy,
    })
    .from(coinPacks)
    .where(and(eq(coinPacks.pack_id, input.packId), eq(coinPacks.status, "active")));
  if (!pack) return { ok: false, error: "not_found" };
  return { ok: true, pack, terms: coinTermsKey(pack) };
}
