import { type SQL, sql } from "drizzle-orm";
import type { CoinLotKind, LedgerUnit } from "~/domain/money";
import type { Db } from "../../db/client";
import { ledgerAccounts } from "../../db/schema";

/**
 * Ledger accounts by rule, so an id names its account and "get or create" is one insert that
 * ignores a conflict (ADR 0032). Holdings of listeners and stores are tracked (a balance row that
 * never goes below zero); the platform's and the provider's counter-accounts are not.
 */
export interface AccountSpec {
  account_id: string;
  owner_type: "listener" | "liver" | "platform" | "provider";
  owner_id: string | null;
  purpose: string;
  unit: LedgerUnit;
  item_id?: string | null;
  lot_kind?: CoinLotKind | null;
  acquired_at?: Date | null;
  expires_at?: Date | null;
  tracked: boolean;
}

export const accounts = {
  coinLot: (
    listenerId: string,
    lotId: string,
    kind: CoinLotKind,
    acquiredAt: Date,
    expiresAt: Date | null,
  ): AccountSpec => ({
    account_id: `listener:${listenerId}:coins:${lotId}`,
    owner_type: "listener",
    owner_id: listenerId,
    purpose: "coins",
    unit: "coins",
    lot_kind: kind,
    acquired_at: acquiredAt,
    expires_at: expiresAt,
    tracked: true,
  }),
  listenerItems: (listenerId: string, itemId: string): AccountSpec => ({
    account_id: `listener:${listenerId}:item:${itemId}`,
    owner_type: "listener",
    owner_id: listenerId,
    purpose: "items",
    unit: "items",
    item_id: itemId,
    tracked: true,
  }),
  storeItems: (liverId: string, itemId: string): AccountSpec => ({
    account_id: `liver:${liverId}:item:${itemId}`,
    owner_type: "liver",
    owner_id: liverId,
    purpose: "items",
    unit: "items",
    item_id: itemId,
    tracked: true,
  }),
  storePoints: (liverId: string): AccountSpec => ({
    account_id: `liver:${liverId}:points`,
    owner_type: "liver",
    owner_id: liverId,
    purpose: "points",
    unit: "points",
    tracked: true,
  }),
  /** Yen the platform owes the store for its pending and approved payouts. */
  storePayable: (liverId: string): AccountSpec => ({
    account_id: `liver:${liverId}:payout`,
    owner_type: "liver",
    owner_id: liverId,
    purpose: "payout",
    unit: "yen",
    tracked: true,
  }),
  platform: (purpose: PlatformPurpose, unit: LedgerUnit, itemId?: string): AccountSpec => ({
    account_id: `platform:${purpose}${itemId ? `:${itemId}` : ""}`,
    owner_type: "platform",
    owner_id: null,
    purpose,
    unit,
    item_id: itemId ?? null,
    tracked: false,
  }),
  /** Money the payment provider collected for us (settled later). */
  provider: (provider: string): AccountSpec => ({
    account_id: `provider:${provider}:yen`,
    owner_type: "provider",
    owner_id: provider,
    purpose: "receivable",
    unit: "yen",
    tracked: false,
  }),
};

/** `accounts.listenerItems(...).account_id` for an item id that a statement knows (an SQL expression). */
export const listenerItemsAccountSql = (listenerId: string, itemId: SQL): SQL =>
  sql`'listener:' || ${listenerId} || ':item:' || ${itemId}`;

/** `accounts.storeItems(...).account_id` for a store id that a statement knows (an SQL expression). */
export const storeItemsAccountSql = (liverId: SQL, itemId: string): SQL =>
  sql`'liver:' || ${liverId} || ':item:' || ${itemId}`;

export type PlatformPurpose =
  | "coin_sales"
  | "coins_issued"
  | "coins_spent"
  | "coins_expired"
  | "coins_refunded"
  | "coin_refunds"
  | "items_issued"
  | "items_converted"
  | "points_issued"
  | "points_redeemed"
  | "payout_expense"
  | "payout_fees"
  | "withholding_payable";

/** Creates the accounts that do not exist yet (sorted, so concurrent callers never deadlock). */
export async function ensureAccounts(db: Db, specs: readonly AccountSpec[]): Promise<void> {
  const unique = [...new Map(specs.map((s) => [s.account_id, s])).values()].sort((a, b) =>
    a.account_id < b.account_id ? -1 : 1,
  );
  if (unique.length === 0) return;
  await db
    .insert(ledgerAccounts)
    .values(
      unique.map((s) => ({
        account_id: s.account_id,
        owner_type: s.owner_type,
        owner_id: s.owner_id,
        purpose: s.purpose,
        unit: s.unit,
        item_id: s.item_id ?? null,
        lot_kind: s.lot_kind ?? null,
        acquired_at: s.acquired_at ?? null,
        expires_at: s.expires_at ?? null,
        tracked: s.tracked,
      })),
    )
    .onConflictDoNothing({ target: ledgerAccounts.account_id });
}
