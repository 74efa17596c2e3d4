/**
 * The contact-detail filter of chat messages (ADR 0029) and, later, live comments (ADR 0031): a
 * message that carries a phone number, an e-mail address, a URL or a LINE / X / Instagram / TikTok
 * id is refused. Pure. ADR 0029 says where the line is drawn:
 *
 * - The text is NFKC-normalised first (full-width digits, letters, ＠, ：, ．, half-width kana all
 *   fold), lower-cased, and zero-width characters are dropped.
 * - A phone number is a run of digits, possibly broken by spaces, hyphens (also ー, ‐, −), dots or
 *   parentheses, that holds 10 or 11 digits and starts with 0 (Japanese numbers), or that starts
 *   with +81. Shorter runs pass: 「090」 alone, prices, times, dates, ages and counts are ordinary
 *   talk. Kanji numerals are not looked at.
 * - An e-mail address: `local@domain.tld`, spaces around the @ allowed; `(at)` / `[at]` /
 *   アットマーク stand for @ and `(dot)` / `[dot]` for a dot.
 * - A URL: `http(s)://`, `www.`, or a bare domain ending in a common top-level domain
 *   (`example.com`, `line.me`, `tiktok.com/@abc`).
 * - An SNS id: an `@handle` of two or more ASCII characters; or the name of a service (LINE /
 *   ライン, X / Twitter / ツイッター, Instagram / インスタ, TikTok / ティックトック, or a bare `ID`)
 *   followed, with only separators in between, by an ASCII id of three or more characters.
 *   A service named without an id (「LINEで話そう」「インスタ見てね」) passes.
 */

export type ContactKind = "phone" | "email" | "url" | "sns";

/** The fixed refusal (ADR 0029), shown next to the message field. */
export const CONTACT_REFUSAL = "連絡先（電話番号・メールアドレス・SNSのIDやURL）はメッセージで送信できません";

const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;

/** NFKC, lower case, no zero-width characters, dash-like characters as "-". */
export function normalizeForContactCheck(text: string): string {
  return text
    .normalize("NFKC")
    .replace(ZERO_WIDTH, "")
    .toLowerCase()
    .replace(/[‐‑‒–—―−ｰ]/g, "-");
}

// Between two digits of a phone number: up to three separators (space, hyphen, ー, dot, brackets).
const PHONE_SEPARATOR = String.raw`[\s\-ー.()（）]{0,3}`;
const DIGIT_RUN = new RegExp(String.raw`\+?\d(?:${PHONE_SEPARATOR}\d)*`, "g");

function hasPhoneNumber(text: string): boolean {
  for (const match of text.matchAll(DIGIT_RUN)) {
    const run = match[0];
    const digits = run.replace(/\D/g, "");
    if (run.startsWith("+81") && digits.length >= 11 && digits.length <= 13) return true;
    if (digits.startsWith("0") && digits.length >= 10 && digits.length <= 11) return true;
  }
  return false;
}

const TLDS = [
  "com",
  "net",
  "org",
  "jp",
  "me",
  "io",
  "app",
  "info",
  "biz",
  "tv",
  "ly",
  "gl",
  "cc",
  "to",
  "link",
  "page",
  "site",
  "xyz",
  "gg",
  "co",
  "us",
  "uk",
  "asia",
  "tokyo",
  "online",
  "shop",
  "club",
  "dev",
];
const LABEL = `[a-z0-9](?:[a-z0-9-]*[a-z0-9])?`;
const DOMAIN = String.raw`(?:youtu\.be|${LABEL}(?:\.${LABEL})*\.(?:${TLDS.join("|")}))(?![a-z0-9])`;

const EMAIL = new RegExp(String.raw`[a-z0-9._%+-]+\s*@\s*${DOMAIN}`);
const URL_SCHEME = /(?:https?|ftp):\/\/|\bwww\s?\.\s?[a-z0-9]/;
// A bare domain: not glued to a preceding letter/digit part (that would be a longer token).
const BARE_DOMAIN = new RegExp(`(?<![a-z0-9._-])${DOMAIN}`);

// "@abc_12" anywhere that is not the @ of an e-mail address (the local part would precede it).
// Digits alone after @ are a unit price (「ドリンク@1000円」), not a handle.
const HANDLE = /(?<![a-z0-9._%+-])@\s?(?=[a-z0-9_.]*[a-z_])[a-z0-9_][a-z0-9_.]{1,}/;
// Names written in kana may touch the id (「ラインabc」); names in ASCII need a separator or "ID"
// before it, or "xmas" would be X's id "mas". A kana name inside a longer katakana word
// (オンライン, ガイドライン) is not the service.
const KANA_SERVICE = `(?<![ァ-ヶー])(?:ライン|らいん|ツイッター|ついったー|エックス|インスタグラム|インスタ|いんすた|ティックトック|ティックトク|てぃっくとっく|カカオ)`;
const ASCII_SERVICE = `(?<![a-z0-9])(?:line|twitter|x|instagram|insta|tiktok|tik tok|kakao)`;
const ID_WORD = `(?:id|アイディー?|アカウント|垢)`;
const GAP_CHARS = String.raw`[\s:=@は→⇒「『(（\-]`;
const ID = `[a-z0-9_][a-z0-9._-]{2,}`;
const SERVICE_ID = new RegExp(
  [
    String.raw`${KANA_SERVICE}(?:\s*${ID_WORD})?${GAP_CHARS}*${ID}`,
    String.raw`${ASCII_SERVICE}(?:\s*${ID_WORD}${GAP_CHARS}*|${GAP_CHARS}+)${ID}`,
    // A bare "ID: abc" names some account too.
    String.raw`(?<![a-z0-9])${ID_WORD}\s*[:=は→⇒]${GAP_CHARS}*${ID}`,
  ].join("|"),
);

/** The first kind of contact detail found in the text, or null when it carries none. */
export function findContactDetails(text: string): ContactKind | null {
  const normalized = normalizeForContactCheck(text)
    .replace(/\s*(?:\(at\)|\[at\]|アットマーク|あっとまーく)\s*/g, "@")
    .replace(/\s*(?:\(dot\)|\[dot\]|ドット)\s*/g, ".");
  if (hasPhoneNumber(normalized)) return "phone";
  if (EMAIL.test(normalized)) return "email";
  if (URL_SCHEME.test(normalized) || BARE_DOMAIN.test(normalized)) return "url";
  if (HANDLE.test(normalized) || SERVICE_ID.test(normalized)) return "sns";
  return null;
}

/** Whether the text carries contact details (chat messages, live comments). */
export function containsContactDetails(text: string): boolean {
  return findContactDetails(text) !== null;
}
