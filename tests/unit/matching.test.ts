import { describe, expect, it } from "vitest";
import {
  chosenAnswers,
  classWindow,
  hasMatchingAnswers,
  type MatchingInput,
  masksInClasses,
  matchedKeys,
  matchingClass,
  matchingMask,
  matchingScore,
  normalizeMatchingInfo,
  scoreFromEqualCount,
  scoreFromMasks,
} from "~/domain/matching";
import { MATCHING_PROFILE_MESSAGES, MatchingProfileSchema } from "~/domain/matching-profile";
import { TEXT_FIELD_MESSAGES } from "~/domain/text-fields";

/** Keys and answers written out by hand, in question order: [key, default, other]. */
const QUESTIONS = [
  ["animal", "dog", "cat"],
  ["study", "like", "dislike"],
  ["season", "summer", "winter"],
  ["food", "first", "last"],
  ["highend_brands", "like", "not_interested"],
  ["space", "outdoor", "indoor"],
  ["style", "urban", "natural"],
  ["restaurant", "stylish", "unpretentious"],
  ["drink", "noisy", "moist"],
  ["work_priority", "work", "friends_lovers"],
  ["interacting", "wide_and_shallow", "narrow_and_deep"],
  ["think_and_act", "think_and_act", "act_immediately"],
  ["character", "optimistic", "cautious"],
] as const;

const ALL_DEFAULT = Object.fromEntries(QUESTIONS.map(([key, first]) => [key, first]));
const ALL_SECOND = Object.fromEntries(QUESTIONS.map(([key, , second]) => [key, second]));

/** An info whose bit i is the second answer of question i. */
function infoFromBits(bits: number): Record<string, string> {
  return Object.fromEntries(
    QUESTIONS.map(([key, first, second], i) => [key, bits & (1 << i) ? second : first]),
  );
}

/** Answers differing on the first `n` questions: a = all default, b = first n answered with the second answer. */
function differingOn(n: number): [Record<string, string>, Record<string, string>] {
  return [ALL_DEFAULT, infoFromBits((1 << n) - 1)];
}

describe("matchingScore", () => {
  // min(100, round(100 × equal / 13) + 18), worked out by hand.
  it.each([
    [0, 100], // equal 13: 100 + 18 → 100
    [1, 100], // equal 12: 92 + 18 = 110 → 100
    [2, 100], // equal 11: 85 + 18 = 103 → 100
    [3, 95], // equal 10: 76.9 → 77
    [4, 87], // 69.2 → 69
    [5, 80], // 61.5 → 62
    [6, 72], // 53.8 → 54
    [7, 64], // 46.2 → 46
    [8, 56], // 38.5 → 38
    [9, 49], // 30.8 → 31
    [10, 41], // 23.1 → 23
    [11, 33], // 15.4 → 15
    [12, 26], // 7.7 → 8
    [13, 18], // 0
  ])("%i differing answers score %i", (differing, expected) => {
    const [a, b] = differingOn(differing);
    expect(matchingScore(a, b)).toBe(expected);
    expect(matchingScore(b, a)).toBe(expected);
    expect(scoreFromEqualCount(13 - differing)).toBe(expected);
  });

  it.each<[string, MatchingInput, MatchingInput, number]>([
    ["null and undefined (both all default)", null, undefined, 100],
    ["empty objects", {}, {}, 100],
    ["all second vs nothing", ALL_SECOND, null, 18],
    ["all second vs all second", ALL_SECOND, ALL_SECOND, 100],
    ["one answer vs nothing (12 equal)", { animal: "cat" }, {}, 100],
    [
      "three non-defaults vs nothing (10 equal)",
      { animal: "cat", food: "last", drink: "moist" },
      undefined,
      95,
    ],
    ["an explicit default equals a missing answer", { animal: "dog" }, {}, 100],
  ])("%s → %i", (_name, a, b, expected) => {
    expect(matchingScore(a, b)).toBe(expected);
  });

  it.each<[string, unknown]>([
    ["empty string", ""],
    ["full-width", "ｃａｔ"],
    ["half-width katakana", "ﾈｺ"],
    ["the Japanese label", "猫派"],
    ["emoji", "🐱"],
    ["250+ characters", "cat".repeat(90)],
    ["whitespace around", " cat "],
    ["upper case", "CAT"],
    ["a number", 1],
    ["null", null],
  ])("an unknown answer (%s) counts as the default", (_name, value) => {
    const odd = { ...ALL_SECOND, animal: value };
    // animal now counts as "dog": 12 equal with all-second, 1 equal with all-default.
    expect(matchingScore(odd, ALL_SECOND)).toBe(100);
    expect(matchingScore(odd, ALL_DEFAULT)).toBe(26);
    expect(matchingScore(odd, { animal: "dog" })).toBe(26);
  });
});

describe("matchedKeys", () => {
  it.each<[string, MatchingInput, MatchingInput, string[]]>([
    ["nothing vs one cat", {}, { animal: "cat" }, QUESTIONS.slice(1).map(([k]) => k)],
    ["all second vs all default", ALL_SECOND, ALL_DEFAULT, []],
    [
      "two equal non-defaults among all defaults",
      { season: "winter", character: "cautious" },
      { ...ALL_SECOND, study: "like" },
      ["study", "season", "character"],
    ],
    ["unknown keys ignored", { bogus: "x" } as MatchingInput, null, QUESTIONS.map(([k]) => k)],
  ])("%s", (_name, a, b, expected) => {
    expect(matchedKeys(a, b)).toEqual(expected);
  });
});

describe("normalizeMatchingInfo", () => {
  it.each<[string, unknown, Record<string, string>]>([
    ["null", null, ALL_DEFAULT],
    ["undefined", undefined, ALL_DEFAULT],
    ["a string", "cat", ALL_DEFAULT],
    ["an array", ["cat"], ALL_DEFAULT],
    ["unknown keys dropped", { animal: "cat", foo: "bar", "🐶": "dog" }, { ...ALL_DEFAULT, animal: "cat" }],
    [
      "unknown values defaulted (empty, full-width, ｶﾀｶﾅ, emoji, long, spaces)",
      {
        animal: "",
        study: "ｄｉｓｌｉｋｅ",
        season: "ｳｨﾝﾀｰ",
        food: "🍰",
        space: "indoor".repeat(50),
        style: " natural",
        drink: "moist",
      },
      { ...ALL_DEFAULT, drink: "moist" },
    ],
    ["complete answers kept", ALL_SECOND, ALL_SECOND],
    // An answer of another question does not count: "like" is not an answer of animal.
    [
      "answers of other questions rejected",
      { animal: "like", highend_brands: "not_interested" },
      {
        ...ALL_DEFAULT,
        highend_brands: "not_interested",
      },
    ],
  ])("%s", (_name, input, expected) => {
    const normalized = normalizeMatchingInfo(input as MatchingInput);
    expect(normalized).toEqual(expected);
    expect(Object.keys(normalized)).toEqual(QUESTIONS.map(([k]) => k));
  });
});

describe("matchingMask", () => {
  it.each<[string, MatchingInput, number]>([
    ["nothing", {}, 0],
    ["null", null, 0],
    ["all defaults", ALL_DEFAULT, 0],
    ["animal cat (bit 0)", { animal: "cat" }, 1],
    ["study dislike (bit 1)", { study: "dislike" }, 2],
    ["drink moist (bit 8)", { drink: "moist" }, 256],
    ["character cautious (bit 12)", { character: "cautious" }, 4096],
    ["cat and cautious", { animal: "cat", character: "cautious" }, 4097],
    ["all second answers", ALL_SECOND, 8191],
    [
      "unknown values",
      { animal: "ｃａｔ", study: "ﾃﾞｨｽﾗｲｸ", season: "❄️", food: " last ", space: "x".repeat(300) },
      0,
    ],
  ])("%s → %i", (_name, info, expected) => {
    expect(matchingMask(info)).toBe(expected);
  });
});

describe("scoreFromMasks", () => {
  it.each([
    [0, 0, 100],
    [0, 8191, 18],
    [0b111, 0, 95],
    [0b1010, 0b0101, 87], // 4 differing
    [8192, 0, 100], // bits above the 13th are ignored
    [8191 | 16384, 8191, 100],
  ])("(%i, %i) → %i", (a, b, expected) => {
    expect(scoreFromMasks(a, b)).toBe(expected);
  });

  it("agrees with matchingScore for many combinations", () => {
    // A deterministic pseudo-random walk over pairs of 13-bit masks.
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % 8192;
    };
    const pairs: [number, number][] = [
      [0, 0],
      [8191, 0],
      [8191, 8191],
    ];
    for (let i = 0; i < 500; i++) pairs.push([next(), next()]);
    for (const [a, b] of pairs) {
      const infoA = infoFromBits(a);
      const infoB = infoFromBits(b);
      expect(matchingMask(infoA)).toBe(a);
      expect(scoreFromMasks(matchingMask(infoA), matchingMask(infoB))).toBe(matchingScore(infoA, infoB));
    }
  });

  it("agrees with matchingScore for partial infos", () => {
    const partials: MatchingInput[] = [
      null,
      {},
      { animal: "cat" },
      { character: "cautious", drink: "moist" },
      ALL_SECOND,
    ];
    for (const a of partials) {
      for (const b of partials) {
        expect(scoreFromMasks(matchingMask(a), matchingMask(b))).toBe(matchingScore(a, b));
      }
    }
  });
});

describe("score classes (sort=matching by mask)", () => {
  it("a class is a set of masks with one score; classes 2… cover every mask once", () => {
    const listener = 0b1010101010101;
    const all = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].flatMap((c) => masksInClasses(listener, [c]));
    expect(new Set(all).size).toBe(8192);
    expect(masksInClasses(listener, [2])).toHaveLength(1 + 13 + 78);
    for (const mask of masksInClasses(listener, [2])) expect(scoreFromMasks(listener, mask)).toBe(100);
    for (const mask of masksInClasses(listener, [5]))
      expect(scoreFromMasks(listener, mask)).toBe(scoreFromEqualCount(8));
    expect(matchingClass(0)).toBe(2);
    expect(matchingClass(7)).toBe(7);
  });

  it.each([
    [0, 10, { classes: [2], skip: 0 }],
    [10, 10, { classes: [2, 3], skip: 10 }],
    [12, 3, { classes: [3], skip: 0 }],
    [20, 10, { classes: [3], skip: 8 }],
    [25, 10, { classes: [3, 5], skip: 13 }],
    [41, 10, null],
    [40, 10, { classes: [5], skip: 10 }],
  ])("offset %i, limit %i → %j", (offset, limit, expected) => {
    const counts = [
      { cls: 5, n: 11 },
      { cls: 2, n: 12 },
      { cls: 3, n: 18 },
      { cls: 4, n: 0 },
    ];
    expect(classWindow(counts, offset, limit)).toEqual(expected);
  });
});

describe("answered or not (ADR 0060)", () => {
  it.each([
    [null, {}, false],
    [{}, {}, false],
    [{ animal: "lion", extra: "cat" }, {}, false], // nothing that is one of a question's answers
    [{ animal: "dog" }, { animal: "dog" }, true], // the default answer, chosen, counts
    [{ season: "winter", animal: "cat", food: "" }, { animal: "cat", season: "winter" }, true],
    [ALL_DEFAULT, ALL_DEFAULT, true],
  ] as [MatchingInput, Record<string, string>, boolean][])(
    "%j → %j, answered %s",
    (info, chosen, answered) => {
      expect(chosenAnswers(info)).toEqual(chosen);
      expect(hasMatchingAnswers(info)).toBe(answered);
    },
  );

  it("one saved answer scores by §5's formula, the rest at their default", () => {
    expect(matchingScore({ animal: "cat" }, ALL_DEFAULT)).toBe(100); // 12 equal
    expect(matchingScore({ animal: "cat" }, ALL_SECOND)).toBe(scoreFromEqualCount(1));
  });
});

describe("the answer form accepts a partial save", () => {
  it.each([
    [{ animal: "cat" }, { ok: true, answers: { animal: "cat" } }],
    [
      { animal: "dog", season: "winter" },
      { ok: true, answers: { animal: "dog", season: "winter" } },
    ],
    [ALL_SECOND, { ok: true, answers: ALL_SECOND }],
    [{}, { ok: false, message: MATCHING_PROFILE_MESSAGES.none }],
    [{ animal: "lion" }, { ok: false, message: TEXT_FIELD_MESSAGES.select }],
  ] as [Record<string, string>, { ok: boolean; answers?: object; message?: string }][])(
    "%j → %j",
    (matching_info, expected) => {
      const result = MatchingProfileSchema.safeParse({ matching_info });
      expect(result.success).toBe(expected.ok);
      if (result.success) expect(chosenAnswers(result.data.matching_info)).toEqual(expected.answers);
      else expect(result.error.issues[0]?.message).toBe(expected.message);
    },
  );
});
