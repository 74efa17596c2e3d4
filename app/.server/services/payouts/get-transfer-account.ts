import { eq } from "drizzle-orm";
import { type TransferAccountInForce, transferAccountInForce } from "~/domain/transfer-account";
import type { ZenginConsignor } from "~/domain/zengin";
import type { Db } from "../../db/client";
import { user } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { readStoredTransferAccount } from "./zengin-consignor";

export interface TransferAccountSettings {
  /** The account the next file is written with, and where it comes from. */
  inForce: TransferAccountInForce;
  /** The account saved at `/admin/settings/transfer` (null when none), whether in force or not. */
  stored: ZenginConsignor | null;
  updated_at: Date | null;
  updated_by_email: string | null;
}

/**
 * `/admin/settings/transfer` (ADR 0053): the platform's transfer account in force — from the
 * ZENGIN_* variables when any is set, else the saved one — and the saved one with who saved it.
 */
export async function getTransferAccount({
  db,
  actor,
  env = process.env,
}: {
  db: Db;
  actor: SignedInOperator;
  env?: Record<string, string | undefined>;
}): Promise<TransferAccountSettings> {
  await assertOperator(db, actor);
  const stored = await readStoredTransferAccount(db);
  const [by] = stored.updated_by
    ? await db.select({ email: user.email }).from(user).where(eq(user.id, stored.updated_by))
    : [];
  return {
    inForce: transferAccountInForce(env, stored.account),
    stored: stored.account,
    updated_at: stored.updated_at,
    updated_by_email: by?.email ?? null,
  };
}
