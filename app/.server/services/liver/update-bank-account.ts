import { eq } from "drizzle-orm";
import { type BankAccountInput, BankAccountSchema } from "~/domain/bank-account";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema";

export type UpdateBankAccountResult = { ok: true } | { ok: false; error: "forbidden" };

/** Saves the account the store is paid to (spec §3 `account`). */
export async function updateBankAccount({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: BankAccountInput;
}): Promise<UpdateBankAccountResult> {
  if (actor.type !== "liver") return { ok: false, error: "forbidden" };
  const account = BankAccountSchema.parse(input);
  const rows = await db
    .update(livers)
    .set({ account })
    .where(eq(livers.uid, actor.uid))
    .returning({ uid: livers.uid });
  return rows.length > 0 ? { ok: true } : { ok: false, error: "forbidden" };
}
