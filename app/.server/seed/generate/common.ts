/**
 * Demo data generators (pure: a PRNG and `now` in, plain insert rows out; the same seed gives the
 * same rows). Types of the generated rows, the option values and small helpers every generator shares.
 */
import {
  ALCOHOL_TYPE_VALUES,
  BLOOD_TYPE_VALUES,
  BUST_TYPE_VALUES,
  KARAOKE_TYPE_VALUES,
  PERSONALITY_TYPE_VALUES,
  SMOKE_TYPE_VALUES,
  STORE_TYPE_VALUES,
  TYPE_TYPE_VALUES,
  VENUE_FEATURE_VALUES,
  VENUE_TYPE_VALUES,
} from "../../../domain/options";
import type { favorites, listeners, NewLiver, NewStaff, schedules } from "../../db/schema";
import type { Random } from "../random";

export type NewListener = typeof listeners.$inferInsert;
export type NewFavorite = typeof favorites.$inferInsert;
export type NewSchedule = typeof schedules.$inferInsert;

/** A liver row with the columns the generators always fill. */
export type GeneratedStore = NewLiver & {
  uid: string;
  store_name: string;
  store_type: string;
  status: NonNullable<NewLiver["status"]>;
  created_at: Date;
  email: string;
  limit_staff: number;
};
export type GeneratedStaff = NewStaff & {
  uid: string;
  name: string;
  status: NonNullable<NewStaff["status"]>;
  is_displayed: boolean;
  created_at: Date;
  login_id: string;
  login_email: string;
};
export type GeneratedListener = NewListener & {
  uid: string;
  email: string;
  nickname: string;
  created_at: Date;
};

export interface PlanChoice {
  id: string;
  limit_staff: number;
}

/** Used when the plan catalogue cannot be read (it is normally data of a migration). */
export const DEFAULT_PLANS: readonly PlanChoice[] = [
  { id: "light", limit_staff: 3 },
  { id: "standard", limit_staff: 15 },
  { id: "premium", limit_staff: 50 },
];

export const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Option values (the domain's lists; "" = no answer is not among them).

export const OPTION_VALUES = {
  storeTypes: [...STORE_TYPE_VALUES] as string[],
  venueTypes: [...VENUE_TYPE_VALUES] as string[],
  venueFeatures: [...VENUE_FEATURE_VALUES] as string[],
  blood: [...BLOOD_TYPE_VALUES] as string[],
  bust: [...BUST_TYPE_VALUES] as string[],
  body: [...TYPE_TYPE_VALUES] as string[],
  karaoke: [...KARAOKE_TYPE_VALUES] as string[],
  alcohol: [...ALCOHOL_TYPE_VALUES] as string[],
  smoke: [...SMOKE_TYPE_VALUES] as string[],
  personality: [...PERSONALITY_TYPE_VALUES] as string[],
};

// ---------------------------------------------------------------------------------------------
// Small helpers.

export const pad2 = (n: number) => String(n).padStart(2, "0");

/** "HH:MM" of minutes after midnight. */
export const hhmm = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;

/** The calendar date in Asia/Tokyo, `days` after the one containing `now`, as YYYY-MM-DD. */
export function tokyoDate(now: Date, days = 0): string {
  const d = new Date(now.getTime() + 9 * 3_600_000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A standard normal deviate (Box–Muller). */
export function gaussian(random: Random): number {
  const u = 1 - random.next();
  const v = random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A time between `from` and `to` (ms), uniformly. */
export function between(random: Random, from: number, to: number): Date {
  return new Date(from + Math.floor(random.next() * Math.max(0, to - from)));
}

export function maybeBlank(random: Random, values: readonly string[], blank = 0.05): string {
  if (values.length === 0 || random.chance(blank)) return "";
  return random.pick(values);
}

const ROMAJI: Record<string, string> = {
  ア: "a",
  イ: "i",
  ウ: "u",
  エ: "e",
  オ: "o",
  カ: "ka",
  キ: "ki",
  ク: "ku",
  ケ: "ke",
  コ: "ko",
  サ: "sa",
  シ: "shi",
  ス: "su",
  セ: "se",
  ソ: "so",
  タ: "ta",
  チ: "chi",
  ツ: "tsu",
  テ: "te",
  ト: "to",
  ナ: "na",
  ニ: "ni",
  ヌ: "nu",
  ネ: "ne",
  ノ: "no",
  ハ: "ha",
  ヒ: "hi",
  フ: "fu",
  ヘ: "he",
  ホ: "ho",
  マ: "ma",
  ミ: "mi",
  ム: "mu",
  メ: "me",
  モ: "mo",
  ヤ: "ya",
  ユ: "yu",
  ヨ: "yo",
  ラ: "ra",
  リ: "ri",
  ル: "ru",
  レ: "re",
  ロ: "ro",
  ワ: "wa",
  ヲ: "o",
  ン: "n",
  ガ: "ga",
  ギ: "gi",
  グ: "gu",
  ゲ: "ge",
  ゴ: "go",
  ザ: "za",
  ジ: "ji",
  ズ: "zu",
  ゼ: "ze",
  ゾ: "zo",
  ダ: "da",
  ヂ: "ji",
  ヅ: "zu",
  デ: "de",
  ド: "do",
  バ: "ba",
  ビ: "bi",
  ブ: "bu",
  ベ: "be",
  ボ: "bo",
  パ: "pa",
  ピ: "pi",
  プ: "pu",
  ペ: "pe",
  ポ: "po",
  ヴ: "vu",
  ァ: "a",
  ィ: "i",
  ゥ: "u",
  ェ: "e",
  ォ: "o",
};
const ROMAJI_DIGRAPHS: Record<string, string> = { ャ: "a", ュ: "u", ョ: "o" };

/** Hepburn-ish romanisation of a katakana reading, for SNS handles ("ミサキ" → "misaki"). */
export function romanize(kana: string): string {
  let out = "";
  let double = false;
  for (const ch of kana) {
    if (ch === "ッ") {
      double = true;
      continue;
    }
    if (ch === "ー" || ch === "\u3000" || ch === " ") continue;
    let syllable = ROMAJI[ch];
    const glide = ROMAJI_DIGRAPHS[ch];
    if (glide) {
      // キャ → kya, シャ → sha, チュ → chu, ジョ → jo
      if (/(shi|chi|ji)$/.test(out)) out = `${out.slice(0, -1)}${glide}`;
      else if (out.endsWith("i")) out = `${out.slice(0, -1)}y${glide}`;
      else out += `y${glide}`;
      continue;
    }
    if (["ァ", "ィ", "ゥ", "ェ", "ォ"].includes(ch) && out.length > 0) {
      // ティ → ti, ファ → fa: replace the previous vowel.
      out = `${out.replace(/[aiueo]$/, "")}${syllable}`;
      continue;
    }
    if (!syllable) continue;
    if (double) {
      syllable = syllable.startsWith("ch") ? `t${syllable}` : `${syllable[0]}${syllable}`;
      double = false;
    }
    out += syllable;
  }
  return out;
}
