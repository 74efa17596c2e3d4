import { afterEach, describe, expect, it } from "vitest";
import { formatMonthDayTime, relativeTime } from "~/domain/relative-time";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 2026-11-22 12:00 in Tokyo. */
const NOW = new Date("2026-11-22T03:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe("relativeTime", () => {
  it.each<[string, number, string]>([
    ["the same instant", 0, "たった今"],
    ["59 seconds", 59 * SECOND, "たった今"],
    ["1 minute", MINUTE, "1分前"],
    ["90 seconds", 90 * SECOND, "1分前"],
    ["59 minutes 59 seconds", HOUR - SECOND, "59分前"],
    ["1 hour: a date, not a distance", HOUR, "11/22 11:00"],
    ["11 hours 55 minutes", 11 * HOUR + 55 * MINUTE, "11/22 0:05"],
    ["23 hours 59 minutes (previous day)", DAY - MINUTE, "11/21 12:01"],
    ["24 hours", DAY, "1日前"],
    ["47 hours", 47 * HOUR, "1日前"],
    ["2 days", 2 * DAY, "2日前"],
    ["30 days", 30 * DAY, "30日前"],
    ["30 days 23 hours", 31 * DAY - HOUR, "30日前"],
    ["31 days: a date again", 31 * DAY, "10/22 12:00"],
    ["364 days (previous year, no year shown)", 364 * DAY, "11/23 12:00"],
    ["365 days", 365 * DAY, "1年前"],
    ["729 days", 729 * DAY, "1年前"],
    ["730 days", 730 * DAY, "2年前"],
    ["10 years", 3650 * DAY, "10年前"],
    ["1 minute in the future", -MINUTE, "11/22 12:01"],
    ["1 second in the future", -SECOND, "11/22 12:00"],
    ["a year in the future", -365 * DAY, "11/22 12:00"],
  ])("%s → %s", (_name, elapsed, expected) => {
    expect(relativeTime(ago(elapsed), NOW)).toBe(expected);
  });

  it.each<[string, string | number, string]>([
    ["ISO string", "2026-11-22T02:58:00Z", "2分前"],
    ["ISO string with whitespace", " 2026-11-22T02:59:00Z\n", "1分前"],
    ["epoch milliseconds", NOW.getTime() - 3 * DAY, "3日前"],
    ["empty string", "", ""],
    ["whitespace only", "   ", ""],
    ["full-width digits", "２０２６-１１-２２T００:００:００Z", ""],
    ["half-width katakana", "ｷﾉｳ", ""],
    ["emoji", "🕒", ""],
    ["250+ characters", "2".repeat(260), ""],
    ["NaN", Number.NaN, ""],
  ])("accepts %s: %j → %j", (_name, input, expected) => {
    expect(relativeTime(input, NOW)).toBe(expected);
  });

  it('gives "" for an invalid now', () => {
    expect(relativeTime(NOW, "not a date")).toBe("");
  });

  it("defaults now to the current time", () => {
    expect(relativeTime(new Date(Date.now() - 5 * SECOND))).toBe("たった今");
  });
});

describe("formatMonthDayTime (Asia/Tokyo)", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    // Assigning undefined would store the string "undefined" (test files share a process).
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it.each([
    ["2026-11-22T00:05:00Z", "11/22 9:05"],
    ["2026-12-31T15:00:00Z", "1/1 0:00"], // New Year in Tokyo while still Dec 31 in UTC
    ["2026-06-30T14:59:00Z", "6/30 23:59"],
    ["2026-01-09T01:00:00Z", "1/9 10:00"],
  ])("%s → %s", (iso, expected) => {
    expect(formatMonthDayTime(new Date(iso))).toBe(expected);
  });

  it.each(["America/Los_Angeles", "UTC", "Pacific/Kiritimati"])(
    "is the same when the machine is in %s",
    (tz) => {
      process.env.TZ = tz;
      expect(formatMonthDayTime(new Date("2026-11-22T00:05:00Z"))).toBe("11/22 9:05");
      expect(relativeTime(new Date("2026-11-21T15:00:00Z"), NOW)).toBe("11/22 0:00");
    },
  );

  it('gives "" for an invalid date', () => {
    expect(formatMonthDayTime(new Date(Number.NaN))).toBe("");
  });
});
