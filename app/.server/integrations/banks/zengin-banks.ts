import { type BankEntry, type IndexedBankEntry, indexBankEntry } from "~/domain/bank-search";

/**
 * The bank and branch directory (ADR 0054): a port, and its implementation on the `zengin-code`
 * package (MIT, the Zengin codes of every bank and branch, 5 MB of JavaScript). The data is loaded
 * on first use, once per process, and stays on the server: pages and the browser get only the few
 * entries a search answers (`GET /api/banks`, `GET /api/banks/{code}/branches`).
 */
export interface BankDirectory {
  /** Every bank, by code. */
  banks(): Promise<readonly IndexedBankEntry[]>;
  bank(code: string): Promise<IndexedBankEntry | null>;
  /** The branches of a bank, by code; null for an unknown bank. */
  branches(bankCode: string): Promise<readonly IndexedBankEntry[] | null>;
}

interface Loaded {
  banks: IndexedBankEntry[];
  byCode: Map<string, IndexedBankEntry>;
  rawBranches: Map<string, Record<string, BankEntry>>;
  /** Branch lists are folded the first time their bank is asked about (most banks never are). */
  branches: Map<string, IndexedBankEntry[]>;
}

const byCode = (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

function entryOf({ code, name, kana, roma }: BankEntry): BankEntry {
  return { code, name, kana, roma };
}

async function load(): Promise<Loaded> {
  const { default: data } = await import("zengin-code");
  const banks = Object.values(data)
    .map((bank) => indexBankEntry(entryOf(bank)))
    .sort(byCode);
  return {
    banks,
    byCode: new Map(banks.map((bank) => [bank.code, bank])),
    rawBranches: new Map(Object.values(data).map((bank) => [bank.code, bank.branches])),
    branches: new Map(),
  };
}

let loading: Promise<Loaded> | null = null;
const loaded = () => {
  loading ??= load();
  return loading;
};

export const zenginBanks: BankDirectory = {
  async banks() {
    return (await loaded()).banks;
  },
  async bank(code) {
    return (await loaded()).byCode.get(code) ?? null;
  },
  async branches(bankCode) {
    const data = await loaded();
    const cached = data.branches.get(bankCode);
    if (cached) return cached;
    const raw = data.rawBranches.get(bankCode);
    if (!raw) return null;
    const list = Object.values(raw)
      .map((branch) => indexBankEntry(entryOf(branch)))
      .sort(byCode);
    data.branches.set(bankCode, list);
    return list;
  },
};
