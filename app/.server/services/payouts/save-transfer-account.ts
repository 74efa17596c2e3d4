import { sql } from "drizzle-orm";
import { zenginEnvGiven } from "~/domain/admin-payouts";
import { changedTransferFields, TRANSFER_ACCOUNT_CONFIG_KEY } from "~/domain/transfer-account";
import { ZENGIN_CONSIGNOR_KEYS, ZENGIN_CONSIGNOR_RULES, type ZenginConsignor } from "~/domain/zengin";
import type { Db } from "../../db/client";
import { remoteConfigValues } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { readStoredTransferAccount } from "./zengin-consignor";

export type SaveTransferAccountResult =
  | { ok: true; changed: boolean }
  | { ok: false; error: "env_set" | "invalid" };

/**
 * The operator saves the platform's transfer account (ADR 0053) in `remote_config_values` under a
 * key of its own that the remote configuration never lists nor serves. Refused while any ZENGIN_*
 * variable is set (the variables win: saving would change nothing the bank sees). Audited with the
 * account before and after and the fields that changed; saving the same account again writes
 * nothing. Concurrent saves queue on one advisory lock, so each audit row's "before" is exact.
 */
export async function saveTransferAccount({
  db,
  actor,
  input,
  env = process.env,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  input: { account: ZenginConsignor };
  env?: Record<string, string | undefined>;
  now?: Date;
}): Promise<SaveTransferAccountResult> {
  if (zenginEnvGiven(env)) return { ok: false, error: "env_set" };
  const { account } = input;
  if (ZENGIN_CONSIGNOR_KEYS.some((key) => !ZENGIN_CONSIGNOR_RULES[key](account[key])))
    return { ok: false, error: "invalid" };
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${TRANSFER_ACCOUNT_CONFIG_KEY}, 53))`);
    const before = (await readStoredTransferAccount(tx)).account;
    const changed = changedTransferFields(before, account);
    if (changed.length === 0) return { ok: true, changed: false } as const;
    // A JSON object, cast in SQL so both drivers store the same jsonb (the column's type is the
    // console's scalar values; this key is read only by readStoredTransferAccount).
    const value = sql`${JSON.stringify(account)}::jsonb`;
    await tx
      .insert(remoteConfigValues)
      .values({ key: TRANSFER_ACCOUNT_CONFIG_KEY, value, updated_by: actor.uid, updated_at: now })
      .onConflictDoUpdate({
        target: remoteConfigValues.key,
        set: { value, updated_by: actor.uid, updated_at: now },
      });
    await writeAudit(tx, actor, {
      action: "transfer_account.update",
      targetType: "transfer_account",
      details: { from: before, to: account, changed },
    });
    return { ok: true, changed: true } as const;
  });
}
