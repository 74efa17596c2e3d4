import { describe, expect, it } from "vitest";
import {
  COUPON_MESSAGES,
  CouponFormSchema,
  couponPeriod,
  couponState,
  DOOR_CODE_ALPHABET,
  formatDoorCode,
  formatValidUntil,
  generateDoorCode,
  isDoorCode,
  newCouponDefaults,
} from "~/domain/coupons";
import { CouponSearchSchema } from "~/domain/directory-search";
import { readQuery } from "~/domain/query-params";

// 2026-12-01 12:00 in Tokyo.
const NOW = new Date("2026-12-01T03:00:00Z");

const VALID = {
  title: "初回ドリンク1杯無料",
  discount_text: "ドリンク1杯無料",
  conditions: "",
  starts_at: "",
  ends_at: "2026-12-24T23:59",
};

function errorsOf(values: Record<string, unknown>): Record<string, string> {
  const parsed = CouponFormSchema.safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the coupon form", () => {
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ["a valid form", VALID, {}],
    ["a title of 40 characters", { ...VALID, title: "あ".repeat(40) }, {}],
    [
      "a title of 41 characters",
      { ...VALID, title: "あ".repeat(41) },
      { title: "タイトルは40文字以内で入力してください" },
    ],
    ["no title", { ...VALID, title: " " }, { title: "入力してください" }],
    [
      "a discount of 41 characters",
      { ...VALID, discount_text: "x".repeat(41) },
      { discount_text: "割引内容は40文字以内で入力してください" },
    ],
    ["conditions of 500 characters", { ...VALID, conditions: "条".repeat(500) }, {}],
    [
      "conditions of 501 characters",
      { ...VALID, conditions: "条".repeat(501) },
      { conditions: "利用条件は500文字以内で入力してください" },
    ],
    ["no end", { ...VALID, ends_at: "" }, { ends_at: COUPON_MESSAGES.endsRequired }],
    [
      "an end that is no date",
      { ...VALID, ends_at: "2026-02-30T10:00" },
      { ends_at: COUPON_MESSAGES.endsInvalid },
    ],
    [
      "a start that is no date",
      { ...VALID, starts_at: "tomorrow" },
      { starts_at: COUPON_MESSAGES.startsInvalid },
    ],
    [
      "an end before the start",
      { ...VALID, starts_at: "2026-12-10T18:00", ends_at: "2026-12-10T17:00" },
      { ends_at: COUPON_MESSAGES.endsBeforeStarts },
    ],
    [
      "an end equal to the start",
      { ...VALID, starts_at: "2026-12-10T18:00", ends_at: "2026-12-10T18:00" },
      { ends_at: COUPON_MESSAGES.endsBeforeStarts },
    ],
  ])("%s", (_name, values, expected) => {
    expect(errorsOf(values)).toEqual(expected);
  });

  it.each([
    ["1", true],
    ["on", true],
    [undefined, false],
    ["0", false],
  ])("reads the 初回限定 box %j as %s", (value, expected) => {
    const parsed = CouponFormSchema.parse({ ...VALID, first_visit_only: value });
    expect(parsed.first_visit_only).toBe(expected);
  });
});

describe("the coupon's period against the clock", () => {
  it.each<[string, { starts_at: string; ends_at: string }, Record<string, string> | [string, string]]>([
    [
      "an empty start is now",
      { starts_at: "", ends_at: "2026-12-24T23:59" },
      [NOW.toISOString(), "2026-12-24T14:59:00.000Z"],
    ],
    [
      "a start in the past is kept",
      { starts_at: "2026-11-01T18:00", ends_at: "2026-12-24T23:59" },
      ["2026-11-01T09:00:00.000Z", "2026-12-24T14:59:00.000Z"],
    ],
    [
      "an end in the past",
      { starts_at: "2026-11-01T18:00", ends_at: "2026-12-01T11:59" },
      { ends_at: COUPON_MESSAGES.endsPast },
    ],
    [
      "an end at now",
      { starts_at: "2026-11-01T18:00", ends_at: "2026-12-01T12:00" },
      { ends_at: COUPON_MESSAGES.endsPast },
    ],
    [
      "an end 365 days ahead",
      { starts_at: "", ends_at: "2027-12-01T12:00" },
      [NOW.toISOString(), "2027-12-01T03:00:00.000Z"],
    ],
    [
      "an end a minute more than 365 days ahead",
      { starts_at: "", ends_at: "2027-12-01T12:01" },
      { ends_at: COUPON_MESSAGES.tooFarAhead },
    ],
    [
      "an empty start after the end",
      { starts_at: "", ends_at: "2026-11-30T12:00" },
      { ends_at: COUPON_MESSAGES.endsPast },
    ],
    [
      "a start after the end, both ahead",
      { starts_at: "2026-12-20T12:00", ends_at: "2026-12-10T12:00" },
      { ends_at: COUPON_MESSAGES.endsBeforeStarts },
    ],
  ])("%s", (_name, form, expected) => {
    const period = couponPeriod(form, NOW);
    if (Array.isArray(expected))
      expect(period.ok ? [period.starts_at.toISOString(), period.ends_at.toISOString()] : period).toEqual(
        expected,
      );
    else expect(period).toEqual({ ok: false, errors: expected });
  });
});

describe("where a coupon stands", () => {
  const ahead = new Date(NOW.getTime() + 60_000);
  const behind = new Date(NOW.getTime() - 60_000);
  it.each([
    ["active", behind, ahead, "current"],
    ["active", NOW, ahead, "current"],
    ["active", ahead, new Date(NOW.getTime() + 120_000), "scheduled"],
    ["active", new Date(NOW.getTime() - 120_000), behind, "expired"],
    ["active", behind, NOW, "expired"],
    ["ended", behind, ahead, "ended"],
    ["ended", new Date(NOW.getTime() - 120_000), behind, "ended"],
  ] as const)("%s from %s to %s is %s", (status, starts_at, ends_at, expected) => {
    expect(couponState({ status, starts_at, ends_at }, NOW)).toBe(expected);
  });
});

describe("the door code", () => {
  it("has no characters that are easily taken for another", () => {
    for (const confusable of "0O1IL2Z5S8B6GQDUV") expect(DOOR_CODE_ALPHABET).not.toContain(confusable);
  });

  it.each([
    [[0, 0, 0, 0, 0, 0], "AAAAAA"],
    [[0, 1, 2, 3, 4, 18], "ACEFH9"],
  ])("draws %j as %s", (draws, code) => {
    const queue = [...draws];
    expect(generateDoorCode(() => queue.shift()!)).toBe(code);
    expect(isDoorCode(code)).toBe(true);
  });

  it.each(["", "ACEFH", "ACEFH99", "ACEFH0", "acefh9", "ACEFHO"])("refuses %j", (code) => {
    expect(isDoorCode(code)).toBe(false);
  });

  it("is shown in two groups", () => {
    expect(formatDoorCode("ACEFH9")).toBe("ACE FH9");
  });
});

describe("the words of time", () => {
  it.each([
    ["2026-12-24T14:59:00Z", "12月24日(木) 23:59まで"],
    ["2027-01-01T00:05:00Z", "1月1日(金) 9:05まで"],
    ["2026-12-31T15:00:00Z", "1月1日(金) 0:00まで"],
  ])("%s is %s", (iso, text) => {
    expect(formatValidUntil(iso)).toBe(text);
  });

  it("suggests an end 30 days ahead at 23:59 Tokyo", () => {
    expect(newCouponDefaults(NOW)).toEqual({ starts_at: "", ends_at: "2026-12-31T23:59" });
  });
});

describe("the filters of /coupons", () => {
  it.each([
    ["", { page: 1, pageSize: 10 }],
    [
      "prefecture=tokyo&store_type=girls_bar&page=2",
      { prefecture: "tokyo", store_type: "girls_bar", page: 2, pageSize: 10 },
    ],
  ])("reads %j", (query, expected) => {
    const parsed = CouponSearchSchema.safeParse(readQuery(new URLSearchParams(query)));
    expect(
      parsed.success && Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
    ).toEqual(expected);
  });

  it.each(["store_type=bar", "area=nowhere", "page=x"])("refuses %j", (query) => {
    expect(CouponSearchSchema.safeParse(readQuery(new URLSearchParams(query))).success).toBe(false);
  });
});
