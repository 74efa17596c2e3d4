import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ACCOUNT_TYPE_DEFAULT,
  ACCOUNT_TYPE_VALUES,
  ACCOUNT_TYPES,
  AGE_CHOICES,
  AGE_DEFAULT,
  AGE_MAX,
  AGE_MIN,
  ALCOHOL_TYPE_VALUES,
  ALCOHOL_TYPES,
  BLOOD_TYPE_CHOICES,
  BLOOD_TYPE_VALUES,
  BLOOD_TYPES,
  BUST_TYPE_VALUES,
  BUST_TYPES,
  DEFAULT_MATCHING_INFO,
  DEFAULT_PUBLISHED_PROFILE,
  HEIGHT_CHOICES,
  HEIGHT_DEFAULT,
  HEIGHT_MAX,
  HEIGHT_MIN,
  KARAOKE_TYPE_VALUES,
  KARAOKE_TYPES,
  labelOf,
  MATCHING_KEYS,
  MATCHING_QUESTIONS,
  type Option,
  optionsPayload,
  PERSONALITY_TYPE_CHOICES,
  PERSONALITY_TYPE_VALUES,
  PERSONALITY_TYPES,
  PUBLISHED_PROFILE_ITEMS,
  PUBLISHED_PROFILE_KEYS,
  SMOKE_TYPE_VALUES,
  SMOKE_TYPES,
  STAFF_STATUS_VALUES,
  STAFF_STATUSES,
  STORE_STATUS_VALUES,
  STORE_STATUSES,
  STORE_TYPE_VALUES,
  STORE_TYPES,
  TYPE_TYPE_VALUES,
  TYPE_TYPES,
  VENUE_FEATURE_VALUES,
  VENUE_FEATURES,
  VENUE_TYPE_VALUES,
  VENUE_TYPES,
  withBlank,
} from "~/domain/options";

const LONG = "a".repeat(251);

/** WCAG 2 relative luminance and contrast, computed independently of the module. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("store types", () => {
  it.each([
    [0, "girls_bar", "ガールズバー", "pink"],
    [1, "hostess_bar", "キャバクラ・ホステス", "red"],
    [2, "club", "クラブ", "yellow"],
    [3, "lounge", "ラウンジ", "purple"],
    [4, "new_club", "ニュークラブ", "lightblue"],
    [5, "snack", "スナック", "orange"],
    [6, "con_cafe", "コンカフェ", "blue"],
    [7, "other", "その他", "black"],
  ])("#%i is %s (%s) in %s", (index, value, label, color) => {
    expect(STORE_TYPES[index]).toMatchObject({ value, label, color });
    expect(STORE_TYPE_VALUES[index]).toBe(value);
  });

  it("has exactly eight types", () => {
    expect(STORE_TYPES).toHaveLength(8);
    expect(STORE_TYPE_VALUES).toEqual([
      "girls_bar",
      "hostess_bar",
      "club",
      "lounge",
      "new_club",
      "snack",
      "con_cafe",
      "other",
    ]);
  });

  it.each(STORE_TYPES.map((t) => [t.value, t.hex, t.textOnColor] as const))(
    "%s: text %s on %s has a contrast of at least 4.5:1",
    (_value, hex, textOnColor) => {
      expect(hex).toMatch(/^#[0-9A-F]{6}$/);
      const text = textOnColor === "white" ? "#FFFFFF" : "#000000";
      expect(contrast(hex, text)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each([
    ["#FFFFFF", "#000000", 21],
    ["#777777", "#FFFFFF", 4.48],
  ])("the test's own contrast formula gives %s on %s ≈ %d", (a, b, expected) => {
    expect(contrast(a, b)).toBeCloseTo(expected, 1);
  });
});

describe("value tuples", () => {
  it.each<[string, readonly string[], readonly string[]]>([
    [
      "venue types",
      VENUE_TYPE_VALUES,
      [
        "luxury",
        "cheap",
        "morning_cabaret",
        "daytime_cabaret",
        "sister_line",
        "mature_woman",
        "foreigner",
        "cosplay_bar",
        "bunny",
      ],
    ],
    [
      "venue features",
      VENUE_FEATURE_VALUES,
      [
        "vip_room",
        "private_room",
        "karaoke_main_floor",
        "karaoke_private_room",
        "new_opening",
        "open_on_sunday",
        "open_on_holiday",
        "all_drink",
        "card",
      ],
    ],
    ["blood types", BLOOD_TYPE_VALUES, ["O", "A", "B", "AB"]],
    ["bust types", BUST_TYPE_VALUES, ["small", "average", "confident"]],
    ["body types", TYPE_TYPE_VALUES, ["slender", "chubby", "petite", "tall"]],
    ["karaoke types", KARAOKE_TYPE_VALUES, ["sing", "not_sing"]],
    ["alcohol types", ALCOHOL_TYPE_VALUES, ["strong", "average", "weak"]],
    ["smoke types", SMOKE_TYPE_VALUES, ["not_smoke", "paper", "electronic"]],
    ["store statuses", STORE_STATUS_VALUES, ["public", "private", "suspended", "deleted"]],
    ["staff statuses", STAFF_STATUS_VALUES, ["public", "deleted"]],
    ["account types", ACCOUNT_TYPE_VALUES, ["saving", "checking"]],
    [
      "personality types",
      PERSONALITY_TYPE_VALUES,
      [
        "architect",
        "logician",
        "commander",
        "debater",
        "advocate",
        "mediator",
        "protagonist",
        "campaigner",
        "logistician",
        "defender",
        "executive",
        "consul",
        "virtuoso",
        "adventurer",
        "entrepreneur",
        "entertainer",
      ],
    ],
  ])("%s", (_name, values, expected) => {
    expect(values).toEqual(expected);
  });
});

describe("labels", () => {
  it.each<[readonly Option[], string, string]>([
    [VENUE_TYPES, "luxury", "高級店"],
    [VENUE_TYPES, "cheap", "格安・リーズナブル"],
    [VENUE_TYPES, "morning_cabaret", "朝キャバ"],
    [VENUE_TYPES, "daytime_cabaret", "昼キャバ"],
    [VENUE_TYPES, "sister_line", "姉系"],
    [VENUE_TYPES, "mature_woman", "熟女"],
    [VENUE_TYPES, "foreigner", "外国人"],
    [VENUE_TYPES, "cosplay_bar", "コスプレ"],
    [VENUE_TYPES, "bunny", "バニー"],
    [VENUE_FEATURES, "vip_room", "VIPルームあり"],
    [VENUE_FEATURES, "private_room", "個室あり"],
    [VENUE_FEATURES, "karaoke_main_floor", "カラオケ(フロア)"],
    [VENUE_FEATURES, "karaoke_private_room", "カラオケ(個室)"],
    [VENUE_FEATURES, "new_opening", "新規オープン"],
    [VENUE_FEATURES, "open_on_sunday", "日曜営業"],
    [VENUE_FEATURES, "open_on_holiday", "祝日営業"],
    [VENUE_FEATURES, "all_drink", "飲み放題あり"],
    [VENUE_FEATURES, "card", "カード利用可"],
    [BLOOD_TYPES, "O", "O型"],
    [BLOOD_TYPES, "AB", "AB型"],
    [BLOOD_TYPE_CHOICES, "", "未設定"],
    [BUST_TYPES, "small", "控えめ"],
    [BUST_TYPES, "average", "普通"],
    [BUST_TYPES, "confident", "自信あり"],
    [TYPE_TYPES, "slender", "スレンダー"],
    [TYPE_TYPES, "chubby", "ぽっちゃり"],
    [TYPE_TYPES, "petite", "小柄"],
    [TYPE_TYPES, "tall", "長身"],
    [KARAOKE_TYPES, "sing", "歌う"],
    [KARAOKE_TYPES, "not_sing", "歌わない"],
    [ALCOHOL_TYPES, "strong", "強い"],
    [ALCOHOL_TYPES, "weak", "弱い"],
    [SMOKE_TYPES, "not_smoke", "吸わない"],
    [SMOKE_TYPES, "paper", "紙たばこ"],
    [SMOKE_TYPES, "electronic", "電子たばこ"],
    [PERSONALITY_TYPES, "architect", "建築家"],
    [PERSONALITY_TYPES, "logistician", "管理者"],
    [PERSONALITY_TYPES, "entertainer", "エンターテイナー"],
    [STORE_STATUSES, "public", "公開中"],
    [STORE_STATUSES, "private", "非公開"],
    [STORE_STATUSES, "suspended", "停止中"],
    [STORE_STATUSES, "deleted", "削除済み"],
    [STAFF_STATUSES, "public", "公開中"],
    [STAFF_STATUSES, "deleted", "削除済み"],
    [ACCOUNT_TYPES, "saving", "普通"],
    [ACCOUNT_TYPES, "checking", "当座"],
    [STORE_TYPES, "hostess_bar", "キャバクラ・ホステス"],
  ])("labelOf(…, %j) is %s", (list, value, label) => {
    expect(labelOf(list, value)).toBe(label);
  });

  it.each<[string, unknown]>([
    ["empty string (not in the list without blank)", ""],
    ["full-width value", "ｇｉｒｌｓ＿ｂａｒ"],
    ["half-width katakana", "ｶﾞｰﾙｽﾞﾊﾞｰ"],
    ["the label instead of the value", "ガールズバー"],
    ["emoji", "🍸"],
    ["250+ characters", LONG],
    ["surrounding whitespace", " girls_bar "],
    ["upper case", "GIRLS_BAR"],
    ["null", null],
    ["undefined", undefined],
    ["a number", 1],
  ])('labelOf gives "" for %s', (_name, value) => {
    expect(labelOf(STORE_TYPES, value)).toBe("");
  });

  it("has unique values and non-empty labels in every list", () => {
    for (const list of [
      STORE_TYPES,
      VENUE_TYPES,
      VENUE_FEATURES,
      BLOOD_TYPES,
      BUST_TYPES,
      TYPE_TYPES,
      KARAOKE_TYPES,
      ALCOHOL_TYPES,
      SMOKE_TYPES,
      PERSONALITY_TYPES,
      STORE_STATUSES,
      STAFF_STATUSES,
      ACCOUNT_TYPES,
      PUBLISHED_PROFILE_ITEMS,
    ] as readonly (readonly Option[])[]) {
      const values = list.map((o) => o.value);
      expect(new Set(values).size).toBe(values.length);
      for (const option of list) expect(option.label.trim()).not.toBe("");
    }
  });

  it("has 16 personality types with distinct labels and codes", () => {
    expect(PERSONALITY_TYPES).toHaveLength(16);
    expect(new Set(PERSONALITY_TYPES.map((p) => p.label)).size).toBe(16);
    expect(new Set(PERSONALITY_TYPES.map((p) => p.code)).size).toBe(16);
  });
});

describe("blank choices", () => {
  it("keeps the blank out of the blood type tuple but offers it first for forms", () => {
    expect(BLOOD_TYPE_VALUES).not.toContain("");
    expect(BLOOD_TYPE_CHOICES.map((c) => c.value)).toEqual(["", "O", "A", "B", "AB"]);
    expect(BLOOD_TYPE_CHOICES[0]).toEqual({ value: "", label: "未設定" });
  });

  it("prefixes any list", () => {
    expect(withBlank(KARAOKE_TYPES).map((c) => c.label)).toEqual(["未設定", "歌う", "歌わない"]);
    expect(PERSONALITY_TYPE_CHOICES).toHaveLength(17);
  });

  it("defaults bank accounts to 普通", () => {
    expect(ACCOUNT_TYPE_DEFAULT).toBe("saving");
  });
});

describe("z.enum over the value tuples", () => {
  const storeType = z.enum(STORE_TYPE_VALUES);
  const bloodType = z.enum(BLOOD_TYPE_VALUES);

  it.each<[unknown, boolean]>([
    ["girls_bar", true],
    ["other", true],
    ["", false],
    ["ｇｉｒｌｓ＿ｂａｒ", false],
    ["ｶﾞｰﾙｽﾞﾊﾞｰ", false],
    ["🍸", false],
    [LONG, false],
    [" snack", false],
    [null, false],
  ])("store type %j → %s", (value, ok) => {
    expect(storeType.safeParse(value).success).toBe(ok);
  });

  it.each<[unknown, boolean]>([
    ["AB", true],
    ["", false],
    ["ＡＢ", false],
    ["ab", false],
  ])("blood type %j → %s", (value, ok) => {
    expect(bloodType.safeParse(value).success).toBe(ok);
  });
});

describe("matching questions", () => {
  it.each([
    [0, "animal", "dog", "cat"],
    [1, "study", "like", "dislike"],
    [2, "season", "summer", "winter"],
    [3, "food", "first", "last"],
    [4, "highend_brands", "like", "not_interested"],
    [5, "space", "outdoor", "indoor"],
    [6, "style", "urban", "natural"],
    [7, "restaurant", "stylish", "unpretentious"],
    [8, "drink", "noisy", "moist"],
    [9, "work_priority", "work", "friends_lovers"],
    [10, "interacting", "wide_and_shallow", "narrow_and_deep"],
    [11, "think_and_act", "think_and_act", "act_immediately"],
    [12, "character", "optimistic", "cautious"],
  ])("#%i %s: %s (default) / %s", (index, key, first, second) => {
    const question = MATCHING_QUESTIONS[index]!;
    expect(question.key).toBe(key);
    expect(MATCHING_KEYS[index]).toBe(key);
    expect(question.answers.map((a) => a.value)).toEqual([first, second]);
    expect(question.question).toMatch(/？$/);
    for (const answer of question.answers) expect(answer.label).not.toBe("");
  });

  it.each([
    ["animal", "犬派？猫派？", "犬派", "猫派"],
    ["food", "好きな物は先に食べる？最後に食べる？", "好きな物を先に食べる", "好きな物を最後に食べる"],
    ["drink", "お酒はワイワイ飲む？しっぽり飲む？", "ワイワイ飲む", "しっぽり飲む"],
    ["think_and_act", "考えてから動く？すぐ動く？", "考えてから動く", "すぐ動く"],
  ])("%s reads %s", (key, question, first, second) => {
    const q = MATCHING_QUESTIONS.find((x) => x.key === key)!;
    expect(q.question).toBe(question);
    expect(q.answers.map((a) => a.label)).toEqual([first, second]);
  });

  it("has 13 questions and defaults to every first answer", () => {
    expect(MATCHING_KEYS).toHaveLength(13);
    expect(DEFAULT_MATCHING_INFO).toEqual({
      animal: "dog",
      study: "like",
      season: "summer",
      food: "first",
      highend_brands: "like",
      space: "outdoor",
      style: "urban",
      restaurant: "stylish",
      drink: "noisy",
      work_priority: "work",
      interacting: "wide_and_shallow",
      think_and_act: "think_and_act",
      character: "optimistic",
    });
  });
});

describe("published profile", () => {
  it("lists the 15 keys, all public by default", () => {
    const keys = [
      "age",
      "height",
      "birth_of_date",
      "blood_type",
      "bust_type",
      "type_type",
      "karaoke_type",
      "alcohol_type",
      "smoke_type",
      "personality_type",
      "followers",
      "name",
      "instagram_id",
      "tiktok_id",
      "youtube_id",
    ];
    expect(PUBLISHED_PROFILE_KEYS).toEqual(keys);
    expect(DEFAULT_PUBLISHED_PROFILE).toEqual(Object.fromEntries(keys.map((k) => [k, true])));
  });
});

describe("ranges", () => {
  it.each<[string, readonly number[], number, number, number, number, number]>([
    ["age", AGE_CHOICES, AGE_MIN, AGE_MAX, AGE_DEFAULT, 83, 18],
    ["height", HEIGHT_CHOICES, HEIGHT_MIN, HEIGHT_MAX, HEIGHT_DEFAULT, 100, 150],
  ])("%s choices run from min to max", (_name, choices, min, max, def, length, expectedDefault) => {
    expect(choices).toHaveLength(length);
    expect(choices[0]).toBe(min);
    expect(choices.at(-1)).toBe(max);
    expect(def).toBe(expectedDefault);
    expect(choices).toContain(def);
    expect(choices.every((v, i) => i === 0 || v === choices[i - 1]! + 1)).toBe(true);
  });

  it("uses the contract's bounds", () => {
    expect([AGE_MIN, AGE_MAX, HEIGHT_MIN, HEIGHT_MAX]).toEqual([18, 100, 100, 199]);
  });
});

describe("optionsPayload", () => {
  it("is plain JSON holding every list", () => {
    const payload = optionsPayload();
    expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
    expect(Object.keys(payload).sort()).toEqual(
      [
        "store_types",
        "services",
        "commitments",
        "store_statuses",
        "staff_statuses",
        "account_types",
        "account_type_default",
        "blood_types",
        "bust_types",
        "type_types",
        "karaoke_types",
        "alcohol_types",
        "smoke_types",
        "personality_types",
        "blank_choice",
        "matching_questions",
        "default_matching_info",
        "published_profile_items",
        "default_published_profile",
        "age",
        "height",
      ].sort(),
    );
    expect(payload.store_types[0]).toEqual({
      value: "girls_bar",
      label: "ガールズバー",
      color: "pink",
      hex: "#D81B60",
      textOnColor: "white",
    });
    expect(payload.services).toHaveLength(9);
    expect(payload.commitments).toHaveLength(9);
    expect(payload.matching_questions[12]?.answers[1]).toEqual({ value: "cautious", label: "慎重" });
    expect(payload.age).toMatchObject({ min: 18, max: 100, default: 18 });
    expect(payload.height).toMatchObject({ min: 100, max: 199, default: 150 });
    expect(payload.account_type_default).toBe("saving");
  });

  it("returns a fresh copy each time", () => {
    const payload = optionsPayload() as unknown as { store_types: { label: string }[] };
    payload.store_types[0]!.label = "changed";
    expect(STORE_TYPES[0].label).toBe("ガールズバー");
    expect(optionsPayload().store_types[0].label).toBe("ガールズバー");
  });
});
