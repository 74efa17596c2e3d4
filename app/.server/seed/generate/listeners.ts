/**
 * Demo data generators (pure: a PRNG and `now` in, plain insert rows out; the same seed gives the
 * same rows). Listeners: nicknames and accounts.
 */
import {
  FEMALE_GIVEN_NAMES,
  katakanaToHiragana,
  MALE_GIVEN_NAMES,
  NICKNAME_PATTERNS,
  type Reading,
  ROMAJI_NAMES,
  SURNAMES,
} from "../japanese-data";
import type { Random } from "../random";
import { between, DAY, type GeneratedListener, romanize } from "./common";
import { PREFECTURE_ENTRIES } from "./places";
import { randomMatchingInfo } from "./staff";

const SHORT_PREFECTURE = (name: string) => (name === "北海道" ? name : name.replace(/[都府県]$/, ""));

export function listenerNickname(random: Random): string {
  const person: Reading = random.chance(0.8)
    ? random.pick(MALE_GIVEN_NAMES)
    : random.pick(FEMALE_GIVEN_NAMES);
  const pattern = random.pick(NICKNAME_PATTERNS);
  const prefecture = random.pickWeighted(
    PREFECTURE_ENTRIES,
    PREFECTURE_ENTRIES.map((e) => e.weight),
  ).prefecture;
  return pattern
    .replace("{name}", person.text)
    .replace("{hira}", katakanaToHiragana(person.kana))
    .replace("{kata}", person.kana)
    .replace("{pref}", SHORT_PREFECTURE(prefecture.name))
    .replace("{surname}", `${random.pick(SURNAMES).text}`)
    .replace("{romaji}", `${romanize(person.kana) || random.pick(ROMAJI_NAMES)}_${random.int(1, 9999)}`);
}

export function generateListener(
  random: Random,
  input: { uid: string; email: string; now: Date; nickname?: string },
): GeneratedListener {
  const createdAt = between(random, input.now.getTime() - 730 * DAY, input.now.getTime() - DAY);
  const answered = random.pickWeighted([1, 0.6, 0], [70, 20, 10]);
  const quiet = random.chance(0.2);
  return {
    uid: input.uid,
    email: input.email,
    image_url: "",
    nickname: input.nickname ?? listenerNickname(random),
    created_at: createdAt,
    updated_at: createdAt,
    mail_setting: {
      following_live: !quiet,
      following_instagram: !quiet || random.chance(0.5),
      following_tiktok: !quiet || random.chance(0.5),
      official_information: random.chance(0.8),
    },
    matching_info: answered === 0 ? {} : randomMatchingInfo(random, answered),
  };
}
