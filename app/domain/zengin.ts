/**
 * 全銀協 fixed-width transfer file, 総合振込 (category 21), as banks' internet banking services
 * accept it: 120-byte records (1 header, 2 data per transfer, 8 trailer, 9 end), Shift_JIS, CRLF
 * after every record. Every character of the file is in the 全銀 character set — digits, upper-case
 * letters, half-width katakana and ( ) - . / , ｢ ｣ \ and space — and all of them are single bytes in
 * Shift_JIS (JIS X 0201), so the encoding is exact and done here: ASCII as is, half-width katakana
 * U+FF61–U+FF9F → 0xA1–0xDF. Pure: the caller gives the consignor and the transfers.
 */

export const ZENGIN_RECORD_LENGTH = 120;
export const ZENGIN_KIND_GENERAL_TRANSFER = "21";

/** The platform's own account, the one the transfers leave from (env ZENGIN_*). */
export interface ZenginConsignor {
  /** 委託者コード, 10 digits, given by the bank. */
  code: string;
  /** 委託者名 (katakana, full- or half-width). */
  name: string;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: ZenginAccountType;
  accountNumber: string;
}

export type ZenginAccountType = "saving" | "checking";

export interface ZenginTransfer {
  bankCode: string;
  branchCode: string;
  accountType: ZenginAccountType;
  accountNumber: string;
  /** 受取人名 as the store entered it (full-width katakana); converted to half-width. */
  holder: string;
  amount: number;
  /** 顧客コード1: ours, to match the bank's statement to the request (digits only, ≤ 10). */
  customerCode?: string;
}

const ACCOUNT_TYPE_CODES: Record<ZenginAccountType, string> = { saving: "1", checking: "2" };

/** Full-width katakana → half-width, voiced ones as base + ﾞ/ﾟ; small kana large (全銀 has none). */
const FULL_KANA =
  "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン";
const HALF_KANA = "ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝ";
/** Small kana as their large form (also the bank search's folding, domain/bank-search.ts). */
export const SMALL_TO_LARGE: Record<string, string> = {
  ァ: "ア",
  ィ: "イ",
  ゥ: "ウ",
  ェ: "エ",
  ォ: "オ",
  ッ: "ツ",
  ャ: "ヤ",
  ュ: "ユ",
  ョ: "ヨ",
  ヮ: "ワ",
  ヵ: "カ",
  ヶ: "ケ",
  ヰ: "イ",
  ヱ: "エ",
};
const DAKUTEN_BASE = "カキクケコサシスセソタチツテトハヒフヘホ";
const DAKUTEN = "ガギグゲゴザジズゼゾダヂヅデドバビブベボ";
const HANDAKUTEN_BASE = "ハヒフヘホ";
const HANDAKUTEN = "パピプペポ";
const SYMBOLS: Record<string, string> = {
  "（": "(",
  "）": ")",
  "．": ".",
  "・": ".",
  ー: "-",
  "－": "-",
  "‐": "-",
  ｰ: "-",
  "／": "/",
  "，": ",",
  "「": "｢",
  "」": "｣",
  "　": " ",
  "￥": "\\",
};

/** The characters a 全銀 field may hold (after conversion). */
const ZENGIN_CHARSET = /^[0-9A-Z ()\-./,\\\uFF62\uFF63\uFF66-\uFF9F]*$/u;

/**
 * A name as the 全銀 character set spells it: katakana half-width (ガ → ｶﾞ, ャ → ﾔ), letters upper
 * case, full-width digits and letters narrowed, ー → -, spaces single. Null when a character cannot
 * be written (kanji, hiragana, emoji): the caller refuses the transfer rather than send a wrong name.
 */
export function toZenginText(value: string): string | null {
  let out = "";
  for (const raw of value.normalize("NFKC").normalize("NFC")) {
    // NFKC made half-width kana full-width and full-width ASCII narrow; take it back down.
    const char = SMALL_TO_LARGE[raw] ?? raw;
    const plain = FULL_KANA.indexOf(char);
    if (plain >= 0) {
      out += HALF_KANA[plain];
      continue;
    }
    const voiced = DAKUTEN.indexOf(char);
    if (voiced >= 0) {
      out += `${HALF_KANA[FULL_KANA.indexOf(DAKUTEN_BASE[voiced] ?? "")]}ﾞ`;
      continue;
    }
    const semi = HANDAKUTEN.indexOf(char);
    if (semi >= 0) {
      out += `${HALF_KANA[FULL_KANA.indexOf(HANDAKUTEN_BASE[semi] ?? "")]}ﾟ`;
      continue;
    }
    if (char === "ヴ") {
      out += "ｳﾞ";
      continue;
    }
    if (char === "゛") {
      out += "ﾞ";
      continue;
    }
    if (char === "゜") {
      out += "ﾟ";
      continue;
    }
    const symbol = SYMBOLS[char];
    if (symbol !== undefined) {
      out += symbol;
      continue;
    }
    const upper = char.toUpperCase();
    if (upper.length === 1 && ZENGIN_CHARSET.test(upper)) {
      out += upper;
      continue;
    }
    return null;
  }
  return out.replace(/ {2,}/g, " ").trim();
}

/** Shift_JIS bytes of a 全銀 string (single-byte only; anything else is a programming error). */
export function zenginBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code <= 0x7e) bytes[i] = code;
    else if (code >= 0xff61 && code <= 0xff9f) bytes[i] = code - 0xff61 + 0xa1;
    else throw new Error(`not a 全銀 character: U+${code.toString(16)}`);
  }
  return bytes;
}

/** Left-aligned, space-padded, cut to `width` (a name longer than its field is shortened). */
function alpha(value: string, width: number): string {
  return value.slice(0, width).padEnd(width, " ");
}

/** Right-aligned, zero-padded digits; more digits than the field holds is an error. */
function numeric(value: number | string, width: number): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > width) throw new Error(`${text} does not fit ${width} digits`);
  return text.padStart(width, "0");
}

function record(fields: string[]): string {
  const line = fields.join("");
  if (line.length !== ZENGIN_RECORD_LENGTH) throw new Error(`record of ${line.length} characters`);
  return line;
}

/**
 * What each field of the platform's account must be for the file to be written (ADR 0036). One
 * table for the three places that check it: the file itself (`zenginProblems`), the ZENGIN_*
 * variables at start (`zenginConsignorFromEnv`) and the operator's settings form (ADR 0053).
 */
export const ZENGIN_CONSIGNOR_RULES: Record<keyof ZenginConsignor, (value: string) => boolean> = {
  code: (value) => /^\d{10}$/.test(value),
  name: (value) => Boolean(toZenginText(value)),
  bankCode: (value) => /^\d{4}$/.test(value),
  bankName: (value) => toZenginText(value) !== null,
  branchCode: (value) => /^\d{3}$/.test(value),
  branchName: (value) => toZenginText(value) !== null,
  accountType: (value) => value === "saving" || value === "checking",
  accountNumber: (value) => /^\d{7}$/.test(value),
};

/** The fields of the account in the order the header record writes them. */
export const ZENGIN_CONSIGNOR_KEYS = [
  "code",
  "name",
  "bankCode",
  "bankName",
  "branchCode",
  "branchName",
  "accountType",
  "accountNumber",
] as const satisfies readonly (keyof ZenginConsignor)[];

export type ZenginProblem =
  | { field: "consignor"; key: keyof ZenginConsignor }
  | { field: "transfer"; index: number; key: keyof ZenginTransfer };

/** Why the consignor or a transfer cannot be written (empty when everything can). */
export function zenginProblems(
  consignor: ZenginConsignor,
  transfers: readonly ZenginTransfer[],
): ZenginProblem[] {
  const problems: ZenginProblem[] = [];
  const bad = (ok: boolean, problem: ZenginProblem) => {
    if (!ok) problems.push(problem);
  };
  for (const key of ZENGIN_CONSIGNOR_KEYS)
    bad(ZENGIN_CONSIGNOR_RULES[key](consignor[key]), { field: "consignor", key });
  transfers.forEach((t, index) => {
    bad(/^\d{4}$/.test(t.bankCode), { field: "transfer", index, key: "bankCode" });
    bad(/^\d{3}$/.test(t.branchCode), { field: "transfer", index, key: "branchCode" });
    bad(/^\d{7}$/.test(t.accountNumber), { field: "transfer", index, key: "accountNumber" });
    bad(Boolean(toZenginText(t.holder)), { field: "transfer", index, key: "holder" });
    bad(Number.isInteger(t.amount) && t.amount > 0 && t.amount < 10_000_000_000, {
      field: "transfer",
      index,
      key: "amount",
    });
    bad(t.customerCode === undefined || /^\d{0,10}$/.test(t.customerCode), {
      field: "transfer",
      index,
      key: "customerCode",
    });
  });
  return problems;
}

/**
 * The file's records as text (each exactly 120 characters), for a transfer date `MMDD`. Throws
 * when `zenginProblems` is not empty (check it first and tell the operator).
 */
export function zenginRecords(
  consignor: ZenginConsignor,
  transfers: readonly ZenginTransfer[],
  transferDate: { month: number; day: number },
): string[] {
  if (zenginProblems(consignor, transfers).length > 0) throw new Error("zengin input has problems");
  const text = (value: string) => toZenginText(value) ?? "";
  const header = record([
    "1", // データ区分 (1)
    ZENGIN_KIND_GENERAL_TRANSFER, // 種別コード (2–3)
    "0", // コード区分: JIS/SJIS (4)
    numeric(consignor.code, 10), // 委託者コード (5–14)
    alpha(text(consignor.name), 40), // 委託者名 (15–54)
    numeric(transferDate.month, 2) + numeric(transferDate.day, 2), // 取組日 MMDD (55–58)
    numeric(consignor.bankCode, 4), // 仕向銀行番号 (59–62)
    alpha(text(consignor.bankName), 15), // 仕向銀行名 (63–77)
    numeric(consignor.branchCode, 3), // 仕向支店番号 (78–80)
    alpha(text(consignor.branchName), 15), // 仕向支店名 (81–95)
    ACCOUNT_TYPE_CODES[consignor.accountType], // 預金種目 (96)
    numeric(consignor.accountNumber, 7), // 口座番号 (97–103)
    alpha("", 17), // ダミー (104–120)
  ]);
  const data = transfers.map((t) =>
    record([
      "2", // データ区分 (1)
      numeric(t.bankCode, 4), // 被仕向銀行番号 (2–5)
      alpha("", 15), // 被仕向銀行名 (6–20), optional
      numeric(t.branchCode, 3), // 被仕向支店番号 (21–23)
      alpha("", 15), // 被仕向支店名 (24–38), optional
      alpha("", 4), // 手形交換所番号 (39–42), unused
      ACCOUNT_TYPE_CODES[t.accountType], // 預金種目 (43)
      numeric(t.accountNumber, 7), // 口座番号 (44–50)
      alpha(text(t.holder), 30), // 受取人名 (51–80)
      numeric(t.amount, 10), // 振込金額 (81–90)
      "0", // 新規コード (91)
      alpha(t.customerCode ?? "", 10), // 顧客コード1 (92–101)
      alpha("", 10), // 顧客コード2 (102–111)
      "7", // 振込指定区分: 電信 (112)
      " ", // 識別表示 (113)
      alpha("", 7), // ダミー (114–120)
    ]),
  );
  const total = transfers.reduce((sum, t) => sum + t.amount, 0);
  const trailer = record([
    "8", // データ区分 (1)
    numeric(transfers.length, 6), // 合計件数 (2–7)
    numeric(total, 12), // 合計金額 (8–19)
    alpha("", 101), // ダミー (20–120)
  ]);
  const end = record(["9", alpha("", 119)]);
  return [header, ...data, trailer, end];
}

/** The file's bytes: Shift_JIS records, each followed by CRLF. */
export function zenginFile(
  consignor: ZenginConsignor,
  transfers: readonly ZenginTransfer[],
  transferDate: { month: number; day: number },
): Uint8Array {
  const records = zenginRecords(consignor, transfers, transferDate);
  const out = new Uint8Array(records.length * (ZENGIN_RECORD_LENGTH + 2));
  records.forEach((text, index) => {
    const offset = index * (ZENGIN_RECORD_LENGTH + 2);
    out.set(zenginBytes(text), offset);
    out.set([0x0d, 0x0a], offset + ZENGIN_RECORD_LENGTH);
  });
  return out;
}

/** The file name banks' upload screens accept (ASCII), by transfer date and batch. */
export function zenginFileName(transferDate: string, batchId: string): string {
  return `zengin-${transferDate.replaceAll("-", "")}-${batchId.slice(0, 8)}.txt`;
}
