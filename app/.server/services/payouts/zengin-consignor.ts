import { eq } from "drizzle-orm";
import {
  parseStoredTransferAccount,
  TRANSFER_ACCOUNT_CONFIG_KEY,
  type TransferAccountInForce,
  transferAccountInForce,
} from "~/domain/transfer-account";
import type { ZenginConsignor } from "~/domain/zengin";
import type { Db, Tx } from "../../db/client";
import { remoteConfigValues } from "../../db/schema/index";

/**
 * The platform's own bank account for 全銀 transfer files (ADR 0036, ADR 0053): the ZENGIN_*
 * variables when any is set (docs/deployment.md), else the account the operator saved at
 * `/admin/settings/transfer`. Read when asked — the variables from `env` (the process's by
 * default), the saved account from its row — so the payouts page tells the operator what is
 * missing and the export writes whichever applies; `missing` is empty when a file can be written.
 */
export async function currentZenginConsignor(
  db: Db | Tx,
  env: Record<string, string | undefined> = process.env,
): Promise<TransferAccountInForce> {
  return transferAccountInForce(env, (await readStoredTransferAccount(db)).account);
}

/** The saved account (null when none, or when its row no longer reads as one) and who saved it. */
export async function readStoredTransferAccount(
  db: Db | Tx,
  { lock = false }: { lock?: boolean } = {},
): Promise<{ account: ZenginConsignor | null; updated_at: Date | null; updated_by: string | null }> {
  const query = db
    .select({
      value: remoteConfigValues.value,
      updated_at: remoteConfigValues.updated_at,
      updated_by: remoteConfigValues.updated_by,
    })
    .from(remoteConfigValues)
    .where(eq(remoteConfigValues.key, TRANSFER_ACCOUNT_CONFIG_KEY));
  const [row] = await (lock ? query.for("update") : query);
  return {
    account: row ? parseStoredTransferAccount(row.value) : null,
    updated_at: row?.updated_at ?? null,
    updated_by: row?.updated_by ?? null,
  };
}
