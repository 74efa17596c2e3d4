import {
  BANK_API_MESSAGES,
  BANK_CODE_LENGTH,
  type BankChoice,
  type BankEntry,
  bankDisplayName,
  bankQueryOf,
  bankSearchLimit,
  POPULAR_BANK_CODES,
  searchBankEntries,
} from "~/domain/bank-search";
import { type BankDirectory, zenginBanks } from "../../integrations/banks/zengin-banks";

export type BankSearchAnswer =
  | { ok: true; items: BankChoice[]; total: number }
  | { ok: false; error: "invalid"; message: string };

/** An entry as shown: full-width letters narrowed in its name and reading. */
export const bankChoiceOf = ({ code, name, kana }: BankEntry): BankChoice => ({
  code,
  name: bankDisplayName(name),
  kana: bankDisplayName(kana),
});

/**
 * The banks answering `q` (name, reading, romaji or code; ADR 0054), best first; with nothing
 * typed, the banks most stores use. Public reference data: no session needed.
 */
export async function searchBanks({
  banks = zenginBanks,
  input,
}: {
  banks?: BankDirectory;
  input: { q?: string | null; limit?: string | null };
}): Promise<BankSearchAnswer> {
  const limit = bankSearchLimit(input.limit);
  if (limit === null) return { ok: false, error: "invalid", message: BANK_API_MESSAGES.limit };
  const query = bankQueryOf(input.q, "bank");
  if (query.text === "") {
    const popular: BankChoice[] = [];
    for (const code of POPULAR_BANK_CODES.slice(0, limit)) {
      const bank = await banks.bank(code);
      if (bank) popular.push(bankChoiceOf(bank));
    }
    return { ok: true, items: popular, total: popular.length };
  }
  const found = searchBankEntries(await banks.banks(), query, BANK_CODE_LENGTH, limit);
  return { ok: true, items: found.items.map(bankChoiceOf), total: found.total };
}
