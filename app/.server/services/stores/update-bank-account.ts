import { eq } from "drizzle-orm";
import { type BankAccountChangeInput, BankAccountChangeSchema } from "~/domain/account-settings";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema/index";
import type { Env } from "../../env";
import { bankAccountChangedMail } from "../../integrations/mail/account-templates";
import type { Mailer } from "../../integrations/mail/mailer";
import { findBankBranch } from "../shared/bank-account-names";
import { isCurrentPassword } from "../shared/is-current-password";

export type UpdateBankAccountResult =
  | { ok: true }
  | { ok: false; error: "forbidden" | "wrong_password" | "unknown_bank" | "unknown_branch" };

/**
 * Saves the account the store is paid to (docs/product.md `account`). Where the money goes is worth a
 * second look: the current password is asked again, so a stolen session alone cannot redirect the
 * payouts, and the store's address is told (with the number masked) whenever it changes. The bank
 * and branch must exist in the Zengin data; their names are saved with the codes (ADR 0054).
 */
export async function updateBankAccount({
  db,
  env,
  mailer,
  actor,
  input,
}: {
  db: Db;
  env: Env;
  mailer: Mailer;
  actor: Viewer;
  input: BankAccountChangeInput;
}): Promise<UpdateBankAccountResult> {
  const refused = roleRefusal(actor, "store.update");
  if (refused) return { ok: false, error: refused };
  const { current_password, ...fields } = BankAccountChangeSchema.parse(input);
  const names = await findBankBranch(fields.bank_code, fields.branch_code);
  if (names.bank === null) return { ok: false, error: "unknown_bank" };
  if (names.branch === null) return { ok: false, error: "unknown_branch" };
  if (!(await isCurrentPassword(db, actor.uid, current_password)))
    return { ok: false, error: "wrong_password" };
  const account = { ...fields, bank_name: names.bank, branch_name: names.branch };
  // The change and its notice to the store's address in one transaction (ADR 0015).
  return db.transaction(async (tx) => {
    const [store] = await tx
      .update(livers)
      .set({ account })
      .where(eq(livers.uid, actor.uid))
      .returning({ email: livers.email, store_name: livers.store_name });
    if (!store) return { ok: false, error: "forbidden" } as const;
    await mailer.send(
      {
        kind: "bank-account-changed",
        to: store.email,
        ...bankAccountChangedMail({
          name: store.store_name,
          bankCode: account.bank_code,
          bankName: account.bank_name,
          branchCode: account.branch_code,
          branchName: account.branch_name,
          accountNumber: account.account_number,
          origin: env.baseUrl,
        }),
        meta: { role: "liver", uid: actor.uid },
      },
      { tx },
    );
    return { ok: true } as const;
  });
}
