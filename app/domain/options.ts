/**
 * Every enumeration of the product with its Japanese label (isomorphic, no dependencies).
 *
 * Each list is an `as const` array of `{ value, label }` (the order is the display order); each has
 * a `*_VALUES` tuple for `z.enum(...)` and a value type. `optionsPayload()` bundles everything as
 * plain JSON for `GET /api/options`.
 */

import { BLANK_CHOICE, BLOOD_TYPES, type Option, STORE_TYPES, valuesOf, withBlank } from "./option-basics";

export * from "./option-basics";

// ---------------------------------------------------------------------------------------------
// Stores (their types, 業種, are in option-basics.ts)

/** Venue types: the values of a store's `services`. */
export const VENUE_TYPES = [
  { value: "luxury", label: "高級店" },
  { value: "cheap", label: "格安・リーズナブル" },
  { value: "morning_cabaret", label: "朝キャバ" },
  { value: "daytime_cabaret", label: "昼キャバ" },
  { value: "sister_line", label: "姉系" },
  { value: "mature_woman", label: "熟女" },
  { value: "foreigner", label: "外国人" },
  { value: "cosplay_bar", label: "コスプレ" },
  { value: "bunny", label: "バニー" },
] as const satisfies readonly Option[];
export const VENUE_TYPE_VALUES = valuesOf(VENUE_TYPES);

/** Venue features: the values of a store's `commitments`. */
export const VENUE_FEATURES = [
  { value: "vip_room", label: "VIPルームあり" },
  { value: "private_room", label: "個室あり" },
  { value: "karaoke_main_floor", label: "カラオケ(フロア)" },
  { value: "karaoke_private_room", label: "カラオケ(個室)" },
  { value: "new_opening", label: "新規オープン" },
  { value: "open_on_sunday", label: "日曜営業" },
  { value: "open_on_holiday", label: "祝日営業" },
  { value: "all_drink", label: "飲み放題あり" },
  { value: "card", label: "カード利用可" },
] as const satisfies readonly Option[];
export const VENUE_FEATURE_VALUES = valuesOf(VENUE_FEATURES);

export const STORE_STATUSES = [
  { value: "public", label: "公開中" },
  { value: "private", label: "非公開" },
  { value: "suspended", label: "停止中" },
  { value: "deleted", label: "削除済み" },
] as const satisfies readonly Option[];
export const STORE_STATUS_VALUES = valuesOf(STORE_STATUSES);
export type StoreStatus = (typeof STORE_STATUS_VALUES)[number];

export const STAFF_STATUSES = [
  { value: "public", label: "公開中" },
  { value: "deleted", label: "削除済み" },
] as const satisfies readonly Option[];
export const STAFF_STATUS_VALUES = valuesOf(STAFF_STATUSES);

/** Bank account types; `saving` (普通) is the default. */
export const ACCOUNT_TYPES = [
  { value: "saving", label: "普通" },
  { value: "checking", label: "当座" },
] as const satisfies readonly Option[];
export const ACCOUNT_TYPE_VALUES = valuesOf(ACCOUNT_TYPES);
export type AccountType = (typeof ACCOUNT_TYPE_VALUES)[number];
export const ACCOUNT_TYPE_DEFAULT: AccountType = "saving";

// ---------------------------------------------------------------------------------------------
// Staff profile. Every profile select is optional: "" (未設定) is stored for "no answer"; it is not
// in the `*_VALUES` tuples, the `*_CHOICES` lists (for forms) start with it. Blood types are in
// option-basics.ts (the cards show them).

export const BUST_TYPES = [
  { value: "small", label: "控えめ" },
  { value: "average", label: "普通" },
  { value: "confident", label: "自信あり" },
] as const satisfies readonly Option[];
export const BUST_TYPE_VALUES = valuesOf(BUST_TYPES);
export const BUST_TYPE_CHOICES = withBlank(BUST_TYPES);

/** Body types (the `type_type` column). */
export const TYPE_TYPES = [
  { value: "slender", label: "スレンダー" },
  { value: "chubby", label: "ぽっちゃり" },
  { value: "petite", label: "小柄" },
  { value: "tall", label: "長身" },
] as const satisfies readonly Option[];
export const TYPE_TYPE_VALUES = valuesOf(TYPE_TYPES);
export const TYPE_TYPE_CHOICES = withBlank(TYPE_TYPES);

export const KARAOKE_TYPES = [
  { value: "sing", label: "歌う" },
  { value: "not_sing", label: "歌わない" },
] as const satisfies readonly Option[];
export const KARAOKE_TYPE_VALUES = valuesOf(KARAOKE_TYPES);
export const KARAOKE_TYPE_CHOICES = withBlank(KARAOKE_TYPES);

export const ALCOHOL_TYPES = [
  { value: "strong", label: "強い" },
  { value: "average", label: "普通" },
  { value: "weak", label: "弱い" },
] as const satisfies readonly Option[];
export const ALCOHOL_TYPE_VALUES = valuesOf(ALCOHOL_TYPES);
export const ALCOHOL_TYPE_CHOICES = withBlank(ALCOHOL_TYPES);

export const SMOKE_TYPES = [
  { value: "not_smoke", label: "吸わない" },
  { value: "paper", label: "紙たばこ" },
  { value: "electronic", label: "電子たばこ" },
] as const satisfies readonly Option[];
export const SMOKE_TYPE_VALUES = valuesOf(SMOKE_TYPES);
export const SMOKE_TYPE_CHOICES = withBlank(SMOKE_TYPES);

/** The 16 personality types: stable English values, Japanese nicknames, and the 4-letter code. */
export const PERSONALITY_TYPES = [
  { value: "architect", label: "建築家", code: "INTJ" },
  { value: "logician", label: "論理学者", code: "INTP" },
  { value: "commander", label: "指揮官", code: "ENTJ" },
  { value: "debater", label: "討論者", code: "ENTP" },
  { value: "advocate", label: "提唱者", code: "INFJ" },
  { value: "mediator", label: "仲介者", code: "INFP" },
  { value: "protagonist", label: "主人公", code: "ENFJ" },
  { value: "campaigner", label: "運動家", code: "ENFP" },
  { value: "logistician", label: "管理者", code: "ISTJ" },
  { value: "defender", label: "擁護者", code: "ISFJ" },
  { value: "executive", label: "幹部", code: "ESTJ" },
  { value: "consul", label: "領事", code: "ESFJ" },
  { value: "virtuoso", label: "巨匠", code: "ISTP" },
  { value: "adventurer", label: "冒険家", code: "ISFP" },
  { value: "entrepreneur", label: "起業家", code: "ESTP" },
  { value: "entertainer", label: "エンターテイナー", code: "ESFP" },
] as const satisfies readonly (Option & { code: string })[];
export const PERSONALITY_TYPE_VALUES = valuesOf(PERSONALITY_TYPES);
export const PERSONALITY_TYPE_CHOICES = withBlank(PERSONALITY_TYPES);

// ---------------------------------------------------------------------------------------------
// Ranges

export const AGE_MIN = 18;
export const AGE_MAX = 100;
export const AGE_DEFAULT = 18;
export const HEIGHT_MIN = 100;
export const HEIGHT_MAX = 199;
export const HEIGHT_DEFAULT = 150;

function range(min: number, max: number): readonly number[] {
  return Object.freeze(Array.from({ length: max - min + 1 }, (_, i) => min + i));
}

/** 18, 19, …, 100. */
export const AGE_CHOICES = range(AGE_MIN, AGE_MAX);
/** 100, 101, …, 199 (cm). */
export const HEIGHT_CHOICES = range(HEIGHT_MIN, HEIGHT_MAX);

// ---------------------------------------------------------------------------------------------
// Matching questions. The first answer of each question is its default: an unanswered question
// counts as the first answer (also in SQL, see `matchingMaskExpression`).

export const MATCHING_QUESTIONS = [
  {
    key: "animal",
    question: "犬派？猫派？",
    answers: [
      { value: "dog", label: "犬派" },
      { value: "cat", label: "猫派" },
    ],
  },
  {
    key: "study",
    question: "勉強は好き？嫌い？",
    answers: [
      { value: "like", label: "好き" },
      { value: "dislike", label: "嫌い" },
    ],
  },
  {
    key: "season",
    question: "夏派？冬派？",
    answers: [
      { value: "summer", label: "夏派" },
      { value: "winter", label: "冬派" },
    ],
  },
  {
    key: "food",
    question: "好きな物は先に食べる？最後に食べる？",
    answers: [
      { value: "first", label: "好きな物を先に食べる" },
      { value: "last", label: "好きな物を最後に食べる" },
    ],
  },
  {
    key: "highend_brands",
    question: "ハイブランドは好き？",
    answers: [
      { value: "like", label: "好き" },
      { value: "not_interested", label: "興味がない" },
    ],
  },
  {
    key: "space",
    question: "アウトドア派？インドア派？",
    answers: [
      { value: "outdoor", label: "アウトドア派" },
      { value: "indoor", label: "インドア派" },
    ],
  },
  {
    key: "style",
    question: "都会派？自然派？",
    answers: [
      { value: "urban", label: "都会派" },
      { value: "natural", label: "自然派" },
    ],
  },
  {
    key: "restaurant",
    question: "行くならおしゃれなお店？気取らないお店？",
    answers: [
      { value: "stylish", label: "おしゃれなお店" },
      { value: "unpretentious", label: "気取らないお店" },
    ],
  },
  {
    key: "drink",
    question: "お酒はワイワイ飲む？しっぽり飲む？",
    answers: [
      { value: "noisy", label: "ワイワイ飲む" },
      { value: "moist", label: "しっぽり飲む" },
    ],
  },
  {
    key: "work_priority",
    question: "仕事と友達・恋人、優先するのは？",
    answers: [
      { value: "work", label: "仕事" },
      { value: "friends_lovers", label: "友達・恋人" },
    ],
  },
  {
    key: "interacting",
    question: "人付き合いは広く浅く？狭く深く？",
    answers: [
      { value: "wide_and_shallow", label: "広く浅く" },
      { value: "narrow_and_deep", label: "狭く深く" },
    ],
  },
  {
    key: "think_and_act",
    question: "考えてから動く？すぐ動く？",
    answers: [
      { value: "think_and_act", label: "考えてから動く" },
      { value: "act_immediately", label: "すぐ動く" },
    ],
  },
  {
    key: "character",
    question: "楽観的？慎重？",
    answers: [
      { value: "optimistic", label: "楽観的" },
      { value: "cautious", label: "慎重" },
    ],
  },
] as const satisfies readonly {
  key: string;
  question: string;
  answers: readonly [Option, Option];
}[];

export type MatchingQuestion = (typeof MATCHING_QUESTIONS)[number];
export type MatchingKey = MatchingQuestion["key"];
/** The two answers of the question `K`. */
export type MatchingAnswer<K extends MatchingKey = MatchingKey> = Extract<
  MatchingQuestion,
  { key: K }
>["answers"][number]["value"];
export type MatchingInfo = { [K in MatchingKey]: MatchingAnswer<K> };

type KeysOf<T extends readonly { key: string }[]> = { readonly [I in keyof T]: T[I]["key"] };
/** The 13 keys in question order (bit i of a matching mask is question i). */
export const MATCHING_KEYS = Object.freeze(MATCHING_QUESTIONS.map((q) => q.key)) as unknown as KeysOf<
  typeof MATCHING_QUESTIONS
>;

/** Every question answered with its first answer. */
export const DEFAULT_MATCHING_INFO: Readonly<MatchingInfo> = Object.freeze(
  Object.fromEntries(MATCHING_QUESTIONS.map((q) => [q.key, q.answers[0].value])) as MatchingInfo,
);

// ---------------------------------------------------------------------------------------------
// Published profile: which profile items a staff member shows publicly.

export const PUBLISHED_PROFILE_ITEMS = [
  { value: "age", label: "年齢" },
  { value: "height", label: "身長" },
  { value: "birth_of_date", label: "誕生日" },
  { value: "blood_type", label: "血液型" },
  { value: "bust_type", label: "バスト" },
  { value: "type_type", label: "体型" },
  { value: "karaoke_type", label: "カラオケ" },
  { value: "alcohol_type", label: "お酒" },
  { value: "smoke_type", label: "たばこ" },
  { value: "personality_type", label: "性格タイプ" },
  { value: "followers", label: "フォロワー数" },
  { value: "name", label: "名前" },
  { value: "instagram_id", label: "Instagram" },
  { value: "tiktok_id", label: "TikTok" },
  { value: "youtube_id", label: "YouTube" },
] as const satisfies readonly Option[];
export const PUBLISHED_PROFILE_KEYS = valuesOf(PUBLISHED_PROFILE_ITEMS);
export type PublishedProfileKey = (typeof PUBLISHED_PROFILE_KEYS)[number];
export type PublishedProfile = Record<PublishedProfileKey, boolean>;
/** Everything public. */
export const DEFAULT_PUBLISHED_PROFILE: Readonly<PublishedProfile> = Object.freeze(
  Object.fromEntries(PUBLISHED_PROFILE_KEYS.map((key) => [key, true])) as PublishedProfile,
);

// ---------------------------------------------------------------------------------------------

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * Every list and range above as a fresh plain JSON object (the body of `GET /api/options`).
 * The lists keep their display order; `matching_questions[i].answers[0]` is the default answer.
 */
export function optionsPayload() {
  return plain({
    store_types: STORE_TYPES,
    services: VENUE_TYPES,
    commitments: VENUE_FEATURES,
    store_statuses: STORE_STATUSES,
    staff_statuses: STAFF_STATUSES,
    account_types: ACCOUNT_TYPES,
    account_type_default: ACCOUNT_TYPE_DEFAULT,
    blood_types: BLOOD_TYPES,
    bust_types: BUST_TYPES,
    type_types: TYPE_TYPES,
    karaoke_types: KARAOKE_TYPES,
    alcohol_types: ALCOHOL_TYPES,
    smoke_types: SMOKE_TYPES,
    personality_types: PERSONALITY_TYPES,
    blank_choice: BLANK_CHOICE,
    matching_questions: MATCHING_QUESTIONS,
    default_matching_info: DEFAULT_MATCHING_INFO,
    published_profile_items: PUBLISHED_PROFILE_ITEMS,
    default_published_profile: DEFAULT_PUBLISHED_PROFILE,
    age: { min: AGE_MIN, max: AGE_MAX, default: AGE_DEFAULT, choices: AGE_CHOICES },
    height: { min: HEIGHT_MIN, max: HEIGHT_MAX, default: HEIGHT_DEFAULT, choices: HEIGHT_CHOICES },
  });
}
