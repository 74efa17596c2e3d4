/**
 * Demo data generators (pure: a PRNG and `now` in, plain insert rows out; the same seed gives the
 * same rows). Staff: names, attributes, matching answers, SNS handles, introductions.
 */
import {
  DEFAULT_PUBLISHED_PROFILE,
  MATCHING_QUESTIONS,
  type MatchingInfo,
  type PublishedProfile,
} from "../../../domain/options";
import type { DemoImages } from "../demo-images";
import {
  FEMALE_GIVEN_NAMES,
  katakanaToHiragana,
  ROMAJI_NAMES,
  STAFF_INTRODUCTION_CLOSINGS,
  STAFF_INTRODUCTION_MIDDLES,
  STAFF_INTRODUCTION_OPENERS,
  SURNAMES,
} from "../japanese-data";
import type { Random } from "../random";
import {
  between,
  DAY,
  type GeneratedStaff,
  type GeneratedStore,
  gaussian,
  maybeBlank,
  OPTION_VALUES,
  romanize,
} from "./common";

export interface StaffName {
  name: string;
  name_kana: string;
  /** Katakana reading of the given name alone (for SNS handles). */
  given_kana: string;
}

/** Display names as casts use them: mostly a given name in hiragana, katakana or kanji; sometimes with a surname. */
export function staffName(random: Random): StaffName {
  const given = random.pick(FEMALE_GIVEN_NAMES);
  const style = random.pickWeighted(["hiragana", "katakana", "as-is", "full"], [40, 20, 30, 10]);
  if (style === "full") {
    const surname = random.pick(SURNAMES);
    return {
      name: `${surname.text} ${given.text}`,
      name_kana: `${surname.kana}\u3000${given.kana}`,
      given_kana: given.kana,
    };
  }
  const name =
    style === "hiragana" ? katakanaToHiragana(given.kana) : style === "katakana" ? given.kana : given.text;
  return { name, name_kana: given.kana, given_kana: given.kana };
}

function staffAge(random: Random): number {
  const band = random.pickWeighted(
    [
      [18, 19],
      [20, 24],
      [25, 29],
      [30, 35],
      [36, 40],
    ] as const,
    [7, 45, 28, 15, 5],
  );
  return random.int(band[0], band[1]);
}

function staffHeight(random: Random): number | null {
  if (random.chance(0.05)) return null;
  return Math.max(145, Math.min(175, Math.round(158 + gaussian(random) * 5.5)));
}

/** A birthday consistent with `age` on `now` (YYYY-MM-DD). */
function birthday(random: Random, age: number, now: Date): string {
  const latest = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()));
  return new Date(latest.getTime() - random.int(0, 364) * DAY).toISOString().slice(0, 10);
}

export function randomMatchingInfo(random: Random, answered = 1): Partial<MatchingInfo> {
  const info: Record<string, string> = {};
  for (const question of MATCHING_QUESTIONS) {
    if (answered < 1 && !random.chance(answered)) continue;
    info[question.key] = random.pick<{ value: string }>(question.answers).value;
  }
  return info as Partial<MatchingInfo>;
}

function publishedProfile(random: Random): Partial<PublishedProfile> {
  const profile: Record<string, boolean> = { ...(DEFAULT_PUBLISHED_PROFILE as Record<string, boolean>) };
  if (random.chance(0.1)) {
    const hideable = Object.keys(profile).filter((k) => k !== "name");
    for (const key of random.sample(hideable, random.int(1, 2))) profile[key] = false;
  }
  return profile as Partial<PublishedProfile>;
}

const HANDLE_SUFFIXES = ["", "_", ".", "_official", "_night", "chan", "_x"];

function snsHandle(random: Random, givenKana: string, maxLength: number): string {
  const base = romanize(givenKana) || random.pick(ROMAJI_NAMES);
  const suffix = random.pick(HANDLE_SUFFIXES);
  const digits = random.chance(0.6) ? String(random.int(1, 9999)).padStart(random.pick([2, 3, 4]), "0") : "";
  let handle = `${base}${suffix}${digits}`.replace(/\.$/, "").replace(/_$/, "");
  if (handle.length < 3) handle = `${handle}${random.int(100, 999)}`;
  return handle.slice(0, maxLength);
}

const YOUTUBE_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A YouTube channel id: "UC" and 22 characters of [A-Za-z0-9_-]. */
function youtubeChannelId(random: Random): string {
  let id = "UC";
  for (let i = 0; i < 22; i++) id += YOUTUBE_ID_ALPHABET[random.int(0, YOUTUBE_ID_ALPHABET.length - 1)];
  return id;
}

export function staffIntroduction(random: Random, name: string): string {
  const opener = random.pick(STAFF_INTRODUCTION_OPENERS).replace("{name}", name);
  const middles = random.sample(STAFF_INTRODUCTION_MIDDLES, random.int(1, 2));
  const parts = [opener, ...middles];
  if (parts.length < 3 && random.chance(0.7)) parts.push(random.pick(STAFF_INTRODUCTION_CLOSINGS));
  return parts.join("");
}

export interface StaffInput {
  uid: string;
  store: Pick<GeneratedStore, "uid" | "store_name" | "created_at">;
  order: number;
  images: DemoImages;
  now: Date;
  loginIds: Set<string>;
  /** A fixed login_id (demo accounts); otherwise "cast_xxxxxx". */
  loginId?: string;
  /** Force a publicly listed staff member (demo accounts). */
  listed?: boolean;
}

function uniqueLoginId(random: Random, used: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    const id = `cast_${random.id().slice(0, 6 + Math.floor(attempt / 10))}`;
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

export function generateStaff(random: Random, input: StaffInput): GeneratedStaff {
  const { now } = input;
  const nowMs = now.getTime();
  const loginId = input.loginId ?? uniqueLoginId(random, input.loginIds);
  input.loginIds.add(loginId.toLowerCase());
  const { name, name_kana, given_kana } = staffName(random);
  const age = staffAge(random);
  const createdAt = between(random, input.store.created_at.getTime(), nowMs - DAY / 2);
  const deleted = !input.listed && random.chance(0.03);
  const displayed = input.listed || random.chance(0.95);
  const hasInstagram = random.chance(0.4);
  const hasTiktok = random.chance(0.25);
  const hasYoutube = random.chance(0.06);
  const lastPost = random.chance(0.6)
    ? between(random, Math.max(createdAt.getTime(), nowMs - 30 * DAY), nowMs)
    : null;
  const imageCount = random.int(1, 3);

  return {
    uid: input.uid,
    liver_id: input.store.uid,
    liver_name: input.store.store_name,
    slug: `cast-${loginId
      .replace(/^cast_/, "")
      .replace(/[^a-z0-9-]/gi, "-")
      .toLowerCase()}`,
    status: deleted ? "deleted" : "public",
    is_displayed: displayed,
    created_at: createdAt,
    updated_at: lastPost && lastPost > createdAt ? lastPost : createdAt,
    updated_display_at: displayed ? null : between(random, createdAt.getTime(), nowMs),
    delete_at: deleted ? between(random, createdAt.getTime(), nowMs) : null,
    order: input.order,
    follower_number: 0,
    last_post_at: lastPost,
    last_instagram_at: hasInstagram ? lastPost : null,
    last_tiktok_at: hasTiktok && lastPost && random.chance(0.5) ? lastPost : null,
    last_live_at: lastPost && random.chance(0.1) ? lastPost : null,
    last_youtube_at: hasYoutube && lastPost && random.chance(0.3) ? lastPost : null,
    age,
    height: staffHeight(random),
    birth_of_date: random.chance(0.4) ? birthday(random, age, now) : null,
    blood_type: maybeBlank(random, OPTION_VALUES.blood),
    bust_type: maybeBlank(random, OPTION_VALUES.bust),
    type_type: maybeBlank(random, OPTION_VALUES.body),
    karaoke_type: maybeBlank(random, OPTION_VALUES.karaoke),
    alcohol_type: maybeBlank(random, OPTION_VALUES.alcohol),
    smoke_type: maybeBlank(random, OPTION_VALUES.smoke),
    personality_type: maybeBlank(random, OPTION_VALUES.personality),
    name,
    name_kana,
    image_urls:
      input.images.staffImages.length > 0 ? random.sample(input.images.staffImages, imageCount) : [],
    introduction: staffIntroduction(random, name),
    instagram_id: hasInstagram ? snsHandle(random, given_kana, 30) : "",
    tiktok_id: hasTiktok ? snsHandle(random, given_kana, 24) : "",
    youtube_id: hasYoutube ? youtubeChannelId(random) : "",
    followers: hasInstagram ? Math.round(Math.exp(5 + random.next() * 5.5)) : null,
    matching_info: randomMatchingInfo(random),
    published_profile: publishedProfile(random),
    login_email: `${loginId.toLowerCase()}@staff.invalid`,
    login_id: loginId,
  };
}
