import { hiraganaToKatakana } from "./keyword";
import { SMALL_TO_LARGE } from "./zengin";

/**
 * Finding a bank or a branch of the Zengin data (ADR 0054) by what a person types: its name
 * (「みずほ」, 「三菱UFJ銀行」), its reading in hiragana or katakana, full- or half-width
 * (「みつびしゆーえふじぇい」, 「ﾐｽﾞﾎ」), its romaji, or its code (「0005」, 「5」). Pure: the server
 * hands the entries in; the data itself never reaches the browser.
 */

/** A bank or a branch as the data spells it (kana as 全銀 writes it: キヨウ for キョウ, － for ー). */
export interface BankEntry {
  code: string;
  name: string;
  kana: string;
  roma?: string;
}

/** One bank or branch as the API and the pages show it (name and reading narrowed). */
export interface BankChoice {
  code: string;
  name: string;
  kana: string;
}

/** What a search of the payout account form found (no JavaScript): banks, or one bank's branches. */
export type BankSearchFound =
  | { kind: "bank"; items: BankChoice[]; total: number }
  | { kind: "branch"; bank: BankChoice; items: BankChoice[]; total: number };

/** The bank and branch a form holds, with their names when the data has the codes. */
export interface ChosenBankBranch {
  bank: { code: string; name: string } | null;
  branch: { code: string; name: string } | null;
}

/** An entry with the folded forms its search compares (made once per entry). */
export interface IndexedBankEntry extends BankEntry {
  folded: { name: string; kana: string; roma: string };
}

export const BANK_CODE_LENGTH = 4;
export const BRANCH_CODE_LENGTH = 3;
export const BANK_SEARCH_LIMIT_DEFAULT = 20;
export const BANK_SEARCH_LIMIT_MAX = 50;
export const BANK_QUERY_MAX = 50;

/**
 * The banks most stores are paid to, shown before anything is typed: the city banks, ゆうちょ and
 * the online banks (codes of the Zengin data).
 */
export const POPULAR_BANK_CODES = [
  "0001", // みずほ
  "0005", // 三菱UFJ
  "0009", // 三井住友
  "0010", // りそな
  "9900", // ゆうちょ
  "0036", // 楽天
  "0033", // PayPay
  "0038", // 住信SBIネット (ドコモSMTBネット)
  "0039", // auじぶん
  "0310", // GMOあおぞらネット
  "0034", // セブン
  "0040", // イオン
] as const;

/** Readings 全銀 and people write differently: ヂ/ジ, ヅ/ズ, ヲ/オ, ヴ/ブ. */
const SAME_SOUND: Record<string, string> = { ヂ: "ジ", ヅ: "ズ", ヲ: "オ", ヴ: "ブ" };

/**
 * The form both sides of a comparison are brought to: NFKC (half-width kana full, full-width
 * letters narrow), lower case, hiragana as katakana, small kana large and ヂヅヲヴ as ジズオブ
 * (全銀 has neither), and no long-vowel marks, dashes, spaces, dots or brackets (全銀 writes ー as
 * －, and people leave them out or put them in at will).
 */
export function foldBankText(value: string): string {
  return hiraganaToKatakana(value.normalize("NFKC").toLowerCase())
    .replace(/[ァィゥェォッャュョヮヵヶ]/g, (c) => SMALL_TO_LARGE[c] ?? c)
    .replace(/[ヂヅヲヴ]/g, (c) => SAME_SOUND[c] ?? c)
    .replace(/[\s\u30FC\uFF70\-‐‑–—−・.,()（）「」]/g, "");
}

/** Words people add that the data leaves out, by what they are written in (folded), longest first. */
const BANK_SUFFIXES = ["ギンコウ", "銀行", "bank"];
const BRANCH_SUFFIXES = ["シテン", "支店"];
/** Long forms the data abbreviates (folded): 北海道信用金庫 → 北海道信金. */
const BANK_ABBREVIATIONS: [string, string][] = [
  ["信用金庫", "信金"],
  ["シンヨウキンコ", "シンキン"],
  ["信用組合", "信組"],
  ["シンヨウクミアイ", "シンクミ"],
];

export interface BankQuery {
  /** The folded text ("" when nothing was typed). */
  text: string;
  /** The digits typed, when the query is only digits (a code or its start). */
  digits: string | null;
}

/** A typed query, folded, with the words the data leaves out taken off its end. */
export function bankQueryOf(raw: string | null | undefined, kind: "bank" | "branch"): BankQuery {
  let text = foldBankText(String(raw ?? "").slice(0, BANK_QUERY_MAX));
  if (kind === "bank") {
    for (const [long, short] of BANK_ABBREVIATIONS) text = text.replaceAll(long, short);
  }
  for (const suffix of kind === "bank" ? BANK_SUFFIXES : BRANCH_SUFFIXES) {
    if (text.length > suffix.length && text.endsWith(suffix)) {
      text = text.slice(0, -suffix.length);
      break;
    }
  }
  return { text, digits: /^\d+$/.test(text) ? text : null };
}

/** An entry with its folded forms, for `searchBankEntries`. */
export function indexBankEntry(entry: BankEntry): IndexedBankEntry {
  return {
    ...entry,
    folded: {
      name: foldBankText(entry.name),
      kana: foldBankText(entry.kana),
      roma: (entry.roma ?? "").toLowerCase().replace(/[^a-z]/g, ""),
    },
  };
}

/**
 * How well an entry answers a query, lower is better; null when it does not. The code typed in
 * full (or without its leading zeros) first, then a name or reading that is the query, then one
 * that starts with it, then one that holds it.
 */
export function bankMatchRank(entry: IndexedBankEntry, query: BankQuery, codeLength: number): number | null {
  const { text, digits } = query;
  if (text === "") return null;
  if (digits !== null) {
    if (digits.length <= codeLength && entry.code === digits.padStart(codeLength, "0")) return 0;
    if (entry.code.startsWith(digits)) return 2;
  }
  const { name, kana, roma } = entry.folded;
  if (name === text || kana === text) return 1;
  if (name.startsWith(text) || kana.startsWith(text) || (roma !== "" && roma.startsWith(text))) return 2;
  if (name.includes(text) || kana.includes(text) || (roma !== "" && roma.includes(text))) return 3;
  return null;
}

export interface BankSearchResult<E extends BankEntry> {
  items: E[];
  /** How many entries match (the items are the best `limit` of them). */
  total: number;
}

/** The entries that answer `query`, best first, then by code; at most `limit`. */
export function searchBankEntries<E extends IndexedBankEntry>(
  entries: readonly E[],
  query: BankQuery,
  codeLength: number,
  limit: number,
): BankSearchResult<E> {
  const matches: { entry: E; rank: number }[] = [];
  for (const entry of entries) {
    const rank = bankMatchRank(entry, query, codeLength);
    if (rank !== null) matches.push({ entry, rank });
  }
  matches.sort((a, b) => a.rank - b.rank || (a.entry.code < b.entry.code ? -1 : 1));
  return { items: matches.slice(0, limit).map((m) => m.entry), total: matches.length };
}

/** A search limit from a query parameter: the default when absent, else 1 … BANK_SEARCH_LIMIT_MAX. */
export function bankSearchLimit(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || raw === "") return BANK_SEARCH_LIMIT_DEFAULT;
  if (!/^\d{1,3}$/.test(raw)) return null;
  const limit = Number(raw);
  return limit >= 1 && limit <= BANK_SEARCH_LIMIT_MAX ? limit : null;
}

/** A name as the pages show it: full-width letters and digits narrowed (三菱ＵＦＪ → 三菱UFJ). */
export function bankDisplayName(name: string): string {
  return name.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/** Every Japanese word of the bank and branch chooser, in one place for review. */
export const BANK_SEARCH_TEXTS = {
  bankLabel: "金融機関",
  branchLabel: "支店",
  bankHint: "銀行名・よみがな・金融機関コード（4桁）で検索できます（例：みずほ、ゆうちょ、0005）",
  branchHint: "支店名・よみがな・支店コード（3桁）で検索できます（例：渋谷、しぶや、018）",
  bankPlaceholder: "例：みずほ",
  branchPlaceholder: "例：渋谷",
  branchNeedsBank: "先に金融機関を選んでください",
  searchBank: "金融機関を検索",
  searchBranch: "支店を検索",
  results: (total: number, shown: number) =>
    total > shown
      ? `${total}件中${shown}件を表示しています。さらに絞り込んでください`
      : `${total}件見つかりました`,
  none: "見つかりませんでした。名前・よみがな・コードを確かめてください",
  loading: "検索中…",
  failed: "検索できませんでした。時間をおいてもう一度お試しください",
  chosen: "選択中",
  nothingChosen: "未選択",
  clear: "入力を消す",
  noJsLead: "名前やコードで検索して、結果から選んでください。ほかの入力内容はそのまま残ります。",
  branchAfterBank: "金融機関を選んだら、支店も検索して選んでください。",
} as const;

/** What the bank API answers when it cannot (`GET /api/banks…`). */
export const BANK_API_MESSAGES = {
  limit: `limit は1〜${BANK_SEARCH_LIMIT_MAX}の整数で指定してください`,
  bank_code: "金融機関コードは4桁の数字で指定してください",
  bank_not_found: "指定された金融機関が見つかりません",
} as const;
