import { bankDisplayName } from "~/domain/bank-search";
import { type BankDirectory, zenginBanks } from "../../integrations/banks/zengin-banks";

/** A stored account as the pages read it (a payout request's snapshot may lack any field). */
interface StoredBankAccount {
  bank_code?: string;
  branch_code?: string;
  bank_name?: string;
  branch_name?: string;
}

export type WithBankNames<T> = T & { bank_name: string; branch_name: string };

/**
 * The bank and branch of a code pair in the Zengin data (ADR 0054), as shown: null for a code
 * the data does not hold. What the server checks before it saves an account.
 */
export async function findBankBranch(
  bankCode: string,
  branchCode: string,
  banks: BankDirectory = zenginBanks,
): Promise<{ bank: string | null; branch: string | null }> {
  const bank = await banks.bank(bankCode);
  if (!bank) return { bank: null, branch: null };
  const branch = (await banks.branches(bankCode))?.find((b) => b.code === branchCode);
  return { bank: bankDisplayName(bank.name), branch: branch ? bankDisplayName(branch.name) : null };
}

/**
 * The account with its bank and branch names: the ones saved with it (what the store chose), else
 * the data's for its codes (accounts saved before ADR 0054), else "".
 */
export async function withBankNames<T extends StoredBankAccount>(
  account: T,
  banks: BankDirectory = zenginBanks,
): Promise<WithBankNames<T>> {
  if (account.bank_name && account.branch_name)
    return { ...account, bank_name: account.bank_name, branch_name: account.branch_name };
  const found = await findBankBranch(account.bank_code ?? "", account.branch_code ?? "", banks);
  return {
    ...account,
    bank_name: account.bank_name || found.bank || "",
    branch_name: account.branch_name || found.branch || "",
  };
}
