import { hiraganaToKatakana } from "./keyword";
import { isReservedSlug, isSlug, SLUG_MAX } from "./store-profile";

/**
 * A slug (the store page's URL key, `/liver/mypage/profile`) suggested from the store's name or its
 * furigana (docs/product.md "The store's URL"). Pure and isomorphic: the profile form calls it as
 * the store types; the server still checks the slug and its uniqueness when the form is saved.
 *
 * Kana are written in revised Hepburn without macrons, as URLs and signs write them:
 * - a long vowel is written once: ー is dropped, おう/おお → o, うう → u (トーキョー, トウキョウ → tokyo);
 *   ei and ii stay as written;
 * - っ doubles the next consonant (ッチ → tchi); at the end, or before a vowel or ン, it is dropped;
 * - ん is n everywhere (also before b, m, p), and n- before a vowel or y (シンオオサカ → shin-osaka;
 *   the hyphen stands for Hepburn's apostrophe, which a URL cannot hold);
 * - katakana's extended sounds (ファ fa, ティ ti, ヴァ va, ウィ wi, シェ she …) as loanwords are written.
 * Latin letters and digits are kept (lower-cased, full-width folded); spaces and punctuation become
 * one hyphen. A text with anything else in it (kanji, emoji) cannot be read aloud by this function:
 * the name is then skipped for the furigana, and with neither there is no suggestion.
 */

/** Kana and their romaji, a row of the table per line ("カキクケコ" ↔ "ka ki ku ke ko"). */
function table(rows: readonly (readonly [string, string])[], split: (kana: string) => string[]) {
  const map: Record<string, string> = {};
  for (const [kana, romaji] of rows) {
    const syllables = romaji.split(" ");
    split(kana).forEach((k, i) => {
      map[k] = syllables[i]!;
    });
  }
  return map;
}

const MONO = table(
  [
    ["アイウエオ", "a i u e o"],
    ["カキクケコ", "ka ki ku ke ko"],
    ["ガギグゲゴ", "ga gi gu ge go"],
    ["サシスセソ", "sa shi su se so"],
    ["ザジズゼゾ", "za ji zu ze zo"],
    ["タチツテト", "ta chi tsu te to"],
    ["ダヂヅデド", "da ji zu de do"],
    ["ナニヌネノ", "na ni nu ne no"],
    ["ハヒフヘホ", "ha hi fu he ho"],
    ["バビブベボ", "ba bi bu be bo"],
    ["パピプペポ", "pa pi pu pe po"],
    ["マミムメモ", "ma mi mu me mo"],
    ["ヤユヨ", "ya yu yo"],
    ["ラリルレロ", "ra ri ru re ro"],
    ["ワヰヱヲヴ", "wa i e o vu"],
    ["ァィゥェォ", "a i u e o"],
    ["ャュョヮヵヶ", "ya yu yo wa ka ke"],
  ],
  (kana) => [...kana],
);

/** Two kana read as one syllable: a consonant + i with a small ャュョ, and the loanword sounds. */
const PAIRS = table(
  [
    ["キャ キュ キョ ギャ ギュ ギョ", "kya kyu kyo gya gyu gyo"],
    ["シャ シュ ショ ジャ ジュ ジョ", "sha shu sho ja ju jo"],
    ["チャ チュ チョ ヂャ ヂュ ヂョ", "cha chu cho ja ju jo"],
    ["ニャ ニュ ニョ ヒャ ヒュ ヒョ", "nya nyu nyo hya hyu hyo"],
    ["ビャ ビュ ビョ ピャ ピュ ピョ", "bya byu byo pya pyu pyo"],
    ["ミャ ミュ ミョ リャ リュ リョ", "mya myu myo rya ryu ryo"],
    ["シェ ジェ チェ ヂェ", "she je che je"],
    ["ファ フィ フェ フォ フュ", "fa fi fe fo fyu"],
    ["ティ ディ トゥ ドゥ テュ デュ", "ti di tu du tyu dyu"],
    ["ウィ ウェ ウォ イェ", "wi we wo ye"],
    ["ヴァ ヴィ ヴェ ヴォ ヴュ", "va vi ve vo vyu"],
    ["ツァ ツィ ツェ ツォ クァ グァ", "tsa tsi tse tso kwa gwa"],
  ],
  (kana) => kana.split(" "),
);

const VOWELS = new Set(["a", "i", "u", "e", "o"]);
/** What separates words: spaces, the middle dot, and the punctuation of names. */
const SEPARATOR = /[\s・･\-‐－_/&+.,:;!?'"()[\]、。「」『』【】〜~*#@]/u;

/**
 * The romaji of a text of kana, Latin letters, digits and separators (words joined by "-"), or
 * null when it holds anything else. Not yet shaped as a slug (see `suggestSlug`).
 */
export function romanize(text: string): string | null {
  const chars = [...hiraganaToKatakana(text.normalize("NFKC").toLowerCase())];
  let out = "";
  /** A small っ waiting for the next syllable. */
  let sokuon = false;
  /** A ん waiting to see whether a vowel or y follows. */
  let pendingN = false;
  /** The last syllable written (to merge long vowels). */
  let last = "";

  const push = (syllable: string) => {
    if (pendingN) {
      out += VOWELS.has(syllable[0]!) || syllable[0] === "y" ? "n-" : "n";
      pendingN = false;
    }
    if (sokuon) {
      const first = syllable[0]!;
      if (!VOWELS.has(first)) out += syllable.startsWith("ch") ? "t" : first;
      sokuon = false;
    }
    const tail = last.at(-1);
    // A long vowel is written once: ou, oo → o; uu → u.
    if ((syllable === "u" || syllable === "o") && tail === "o") return;
    if (syllable === "u" && tail === "u") return;
    out += syllable;
    last = syllable;
  };
  const boundary = () => {
    if (pendingN) out += "n";
    pendingN = false;
    sokuon = false;
    last = "";
    if (out !== "" && !out.endsWith("-")) out += "-";
  };

  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const pair = PAIRS[char + (chars[i + 1] ?? "")];
    if (pair) {
      push(pair);
      i++;
    } else if (char === "ン") {
      if (pendingN) out += "n";
      sokuon = false;
      pendingN = true;
      last = "n";
    } else if (char === "ッ") {
      if (pendingN) {
        out += "n";
        pendingN = false;
      }
      sokuon = true;
    } else if (char === "ー") {
      // A long vowel mark lengthens what is already written.
    } else if (MONO[char]) {
      push(MONO[char]!);
    } else if (/[a-z0-9]/.test(char)) {
      if (pendingN) out += "n";
      pendingN = false;
      sokuon = false;
      out += char;
      last = "";
    } else if (SEPARATOR.test(char)) {
      boundary();
    } else {
      return null;
    }
  }
  if (pendingN) out += "n";
  return out.replace(/-+/g, "-").replace(/^-|-$/g, "");
}

/** A romanized text cut to SLUG_MAX at a word's end when it can be, without a dangling hyphen. */
function fitSlug(text: string): string {
  if (text.length <= SLUG_MAX) return text;
  const cut = text.slice(0, SLUG_MAX + 1);
  const lastHyphen = cut.lastIndexOf("-");
  const fitted = lastHyphen >= 3 ? cut.slice(0, lastHyphen) : text.slice(0, SLUG_MAX);
  return fitted.replace(/-+$/, "");
}

/**
 * The slug suggested for a store named `name` with furigana `kana`: the name's romaji when every
 * character of it can be read (kana, Latin letters, digits), else the furigana's; null when
 * neither gives a valid, unreserved slug (kanji-only name and no furigana yet, or too short).
 */
export function suggestSlug({ name, kana }: { name: string; kana: string }): string | null {
  for (const source of [name, kana]) {
    if (source.trim() === "") continue;
    const romaji = romanize(source);
    if (romaji === null) continue;
    const slug = fitSlug(romaji);
    if (isSlug(slug) && !isReservedSlug(slug)) return slug;
  }
  return null;
}

/** The slug registration gives a store (`store-` and hex, services/accounts/register-liver.ts). */
export function isAutomaticSlug(slug: string): boolean {
  return /^store-[0-9a-f]{8}(?:[0-9a-f]{24})?$/.test(slug);
}
