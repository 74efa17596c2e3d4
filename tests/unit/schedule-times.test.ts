import { describe, expect, it } from "vitest";
import {
  autoSelectedEnd,
  canonicalEnd,
  END_CHOICES,
  endChoices,
  isValidShift,
  NEXT_MORNING_ENDS,
  SHIFT_END_CHOICES,
  SHIFT_START_CHOICES,
  START_CHOICES,
  scheduleTimeLabel,
  shiftLabel,
  shiftMinutes,
  shiftTimeLabel,
  TIME_CHOICES,
} from "~/domain/schedule-times";

const LONG = "2".repeat(260);

describe("choices", () => {
  it("has 144 times in 10-minute steps", () => {
    expect(TIME_CHOICES).toHaveLength(144);
    expect(TIME_CHOICES.slice(0, 7)).toEqual(["00:00", "00:10", "00:20", "00:30", "00:40", "00:50", "01:00"]);
    expect(TIME_CHOICES[120]).toBe("20:00");
    expect(TIME_CHOICES.at(-1)).toBe("23:50");
    expect(new Set(TIME_CHOICES).size).toBe(144);
    for (const time of TIME_CHOICES) expect(time).toMatch(/^([01]\d|2[0-3]):[0-5]0$/);
  });

  it("starts with OPEN and ends with LAST", () => {
    expect(START_CHOICES).toHaveLength(145);
    expect(START_CHOICES.slice(0, 2)).toEqual(["OPEN", "00:00"]);
    expect(END_CHOICES).toHaveLength(145);
    expect(END_CHOICES.slice(-2)).toEqual(["23:50", "LAST"]);
  });

  it("orders shift starts by the business day: OPEN, 05:00 … 23:50, then the small hours", () => {
    expect(SHIFT_START_CHOICES).toHaveLength(145);
    expect(new Set(SHIFT_START_CHOICES)).toEqual(new Set(START_CHOICES));
    expect(SHIFT_START_CHOICES.slice(0, 2)).toEqual(["OPEN", "05:00"]);
    expect(SHIFT_START_CHOICES.slice(114, 117)).toEqual(["23:50", "00:00", "00:10"]);
    expect(SHIFT_START_CHOICES.at(-1)).toBe("04:50");
  });

  it("ends a shift from 05:00 through 翌6:00 (24:00 … 30:00), then LAST", () => {
    expect(NEXT_MORNING_ENDS).toHaveLength(37);
    expect(NEXT_MORNING_ENDS.slice(0, 2)).toEqual(["24:00", "24:10"]);
    expect(NEXT_MORNING_ENDS.at(-1)).toBe("30:00");
    expect(SHIFT_END_CHOICES).toHaveLength(114 + 37 + 1);
    expect(SHIFT_END_CHOICES[0]).toBe("05:00");
    expect(SHIFT_END_CHOICES.slice(113, 115)).toEqual(["23:50", "24:00"]);
    expect(SHIFT_END_CHOICES.slice(-2)).toEqual(["30:00", "LAST"]);
    // Sorted as text is sorted in time.
    const times = SHIFT_END_CHOICES.slice(0, -1);
    expect([...times].sort()).toEqual(times);
  });
});

describe("shiftMinutes", () => {
  it.each<[string, number | null]>([
    ["05:00", 300],
    ["20:00", 1200],
    ["23:50", 1430],
    ["24:00", 1440],
    ["25:00", 1500],
    ["30:00", 1800],
    ["00:00", 1440], // the small hours are the next morning (ADR 0010)
    ["01:00", 1500],
    ["04:50", 1730],
    ["30:10", null],
    ["31:00", null],
    ["OPEN", null],
    ["LAST", null],
    ["", null],
    ["2:00", null],
    ["20:60", null],
    ["２０:００", null],
  ])("%j → %j", (value, minutes) => {
    expect(shiftMinutes(value)).toBe(minutes);
  });
});

describe("canonicalEnd", () => {
  it.each([
    ["01:00", "25:00"],
    ["00:00", "24:00"],
    ["04:50", "28:50"],
    ["05:00", "05:00"],
    ["23:50", "23:50"],
    ["25:00", "25:00"],
    ["LAST", "LAST"],
    ["", ""],
    ["bogus", "bogus"],
  ])("%j → %j", (end, expected) => {
    expect(canonicalEnd(end)).toBe(expected);
  });
});

describe("endChoices", () => {
  it.each<[string, string, number, string]>([
    ["OPEN", "OPEN", 152, "05:00"],
    ["empty", "", 152, "05:00"],
    ["05:00", "05:00", 152, "05:00"],
    ["20:00 (inclusive): 20:00 … 23:50, 翌0:00 … 翌6:00", "20:00", 24 + 37 + 1, "20:00"],
    ["23:50", "23:50", 1 + 37 + 1, "23:50"],
    ["the small hours: 00:00 is 翌0:00", "00:00", 37 + 1, "24:00"],
    ["04:50 is 翌4:50", "04:50", 8 + 1, "28:50"],
    ["full-width is not a choice", "２０:００", 152, "05:00"],
    ["half-width katakana", "ｵｰﾌﾟﾝ", 152, "05:00"],
    ["emoji", "🕗", 152, "05:00"],
    ["whitespace around", " 20:00 ", 152, "05:00"],
    ["off the 10-minute grid", "20:05", 152, "05:00"],
    ["24:00 is not a start", "24:00", 152, "05:00"],
    ["250+ characters", LONG, 152, "05:00"],
    ["LAST as a start", "LAST", 152, "05:00"],
  ])("%s: %j → %i choices from %s, ending in LAST", (_name, start, length, first) => {
    const choices = endChoices(start);
    expect(choices).toHaveLength(length);
    expect(choices[0]).toBe(first);
    expect(choices.at(-1)).toBe("LAST");
  });

  it("runs on past midnight to 翌6:00 for the last starts", () => {
    expect(endChoices("23:50").slice(0, 3)).toEqual(["23:50", "24:00", "24:10"]);
    expect(endChoices("23:50").slice(-2)).toEqual(["30:00", "LAST"]);
    expect(endChoices("04:50")).toEqual([
      "28:50",
      "29:00",
      "29:10",
      "29:20",
      "29:30",
      "29:40",
      "29:50",
      "30:00",
      "LAST",
    ]);
  });

  it("returns a fresh array", () => {
    endChoices("OPEN").pop();
    expect(endChoices("OPEN")).toHaveLength(152);
  });
});

describe("autoSelectedEnd", () => {
  it.each<[string, string, string | undefined, string]>([
    ["last start, no end yet", "23:50", undefined, "LAST"],
    ["last start, end equal to it", "23:50", "23:50", "23:50"],
    ["end before the new start", "20:00", "19:00", "LAST"],
    ["end still after the start", "20:00", "22:00", "22:00"],
    ["a next-morning end stays", "20:00", "25:00", "25:00"],
    ["an old small-hours end becomes its 24+ spelling", "20:00", "01:00", "25:00"],
    ["an end before a small-hours start", "02:00", "25:00", "LAST"],
    ["OPEN keeps any time", "OPEN", "05:00", "05:00"],
    ["LAST stays", "20:00", "LAST", "LAST"],
    ["empty end", "20:00", "", "LAST"],
    ["full-width end", "20:00", "２２:００", "LAST"],
    ["half-width katakana end", "20:00", "ﾗｽﾄ", "LAST"],
    ["emoji end", "20:00", "🌙", "LAST"],
    ["250+ characters end", "20:00", LONG, "LAST"],
    ["whitespace end", "20:00", " 22:00", "LAST"],
  ])("%s: (%j, %j) → %j", (_name, start, current, expected) => {
    expect(autoSelectedEnd(start, current)).toBe(expected);
  });
});

describe("isValidShift", () => {
  it.each<[string, string, boolean]>([
    ["OPEN", "LAST", true],
    ["OPEN", "00:00", true],
    ["20:00", "LAST", true],
    ["20:00", "20:00", true],
    ["20:00", "23:50", true],
    ["23:50", "23:50", true],
    ["20:00", "24:00", true],
    ["20:00", "25:00", true],
    ["20:00", "30:00", true],
    ["20:00", "30:10", false],
    ["20:00", "31:00", false],
    ["20:00", "01:00", true], // an end stored before ADR 0059: 翌1:00
    ["OPEN", "01:00", true],
    ["00:30", "01:00", true], // 翌0:30〜翌1:00
    ["02:00", "23:00", false], // 翌2:00 then 23:00 of the day before
    ["02:00", "26:00", true],
    ["05:00", "30:00", true],
    ["20:00", "05:00", false],
    ["20:00", "19:50", false],
    ["20:00", "OPEN", false],
    ["20:00", "", false],
    ["", "LAST", false],
    ["LAST", "LAST", false],
    ["OPEN", "OPEN", false],
    ["２０:００", "LAST", false],
    ["20:00", "ＬＡＳＴ", false],
    ["ｵｰﾌﾟﾝ", "LAST", false],
    ["🕗", "LAST", false],
    [" 20:00", "LAST", false],
    ["20:05", "LAST", false],
    [LONG, "LAST", false],
  ])("(%j, %j) → %s", (start, end, expected) => {
    expect(isValidShift(start, end)).toBe(expected);
  });
});

describe("labels", () => {
  it.each([
    ["OPEN", "OPEN"],
    ["LAST", "LAST"],
    ["20:00", "20:00"],
    ["", ""],
  ])("scheduleTimeLabel(%j) → %j", (value, label) => {
    expect(scheduleTimeLabel(value)).toBe(label);
  });

  it.each([
    ["OPEN", "OPEN"],
    ["LAST", "LAST"],
    ["20:00", "20:00"],
    ["05:00", "05:00"],
    ["23:50", "23:50"],
    ["24:00", "翌0:00"],
    ["25:00", "翌1:00"],
    ["25:30", "翌1:30"],
    ["30:00", "翌6:00"],
    ["01:00", "翌1:00"], // the small hours, as ADR 0010 reads them
    ["00:10", "翌0:10"],
    ["", ""],
    ["bogus", "bogus"],
  ])("shiftTimeLabel(%j) → %j", (value, label) => {
    expect(shiftTimeLabel(value)).toBe(label);
  });

  it.each([
    ["20:00", "LAST", "20:00〜LAST"],
    ["OPEN", "23:00", "OPEN〜23:00"],
    ["OPEN", "LAST", "OPEN〜LAST"],
    ["20:00", "25:00", "20:00〜翌1:00"],
    ["22:00", "30:00", "22:00〜翌6:00"],
    ["OPEN", "01:00", "OPEN〜翌1:00"],
    ["01:00", "03:00", "翌1:00〜翌3:00"],
  ])("shiftLabel(%j, %j) → %j", (start, end, label) => {
    expect(shiftLabel(start, end)).toBe(label);
  });
});
