import {
  BANK_API_MESSAGES,
  type BankChoice,
  BRANCH_CODE_LENGTH,
  bankQueryOf,
  bankSearchLimit,
  searchBankEntries,
} from "~/domain/bank-search";
import { type BankDirectory, zenginBanks } from "../../integrations/banks/zengin-banks";
import { bankChoiceOf } from "./search-banks";

export type BranchSearchAnswer =
  | { ok: true; bank: BankChoice; items: BankChoice[]; total: number }
  | { ok: false; error: "invalid" | "not_found"; message: string };

/**
 * The branches of one bank answering `q` (name, reading, romaji or code; ADR 0054), best first;
 * with nothing typed, the first ones by code. An unknown bank is `not_found`.
 */
export async function searchBranches({
  banks = zenginBanks,
  input,
}: {
  banks?: BankDirectory;
  input: { bank_code: string; q?: string | null; limit?: string | null };
}): Promise<BranchSearchAnswer> {
  if (!/^\d{4}$/.test(input.bank_code))
    return { ok: false, error: "invalid", message: BANK_API_MESSAGES.bank_code };
  const limit = bankSearchLimit(input.limit);
  if (limit === null) return { ok: false, error: "invalid", message: BANK_API_MESSAGES.limit };
  const bank = await banks.bank(input.bank_code);
  const branches = await banks.branches(input.bank_code);
  if (!bank || !branches) return { ok: false, error: "not_found", message: BANK_API_MESSAGES.bank_not_found };
  const query = bankQueryOf(input.q, "branch");
  const found =
    query.text === ""
      ? { items: branches.slice(0, limit), total: branches.length }
      : searchBankEntries(branches, query, BRANCH_CODE_LENGTH, limit);
  return { ok: true, bank: bankChoiceOf(bank), items: found.items.map(bankChoiceOf), total: found.total };
}
