import { describe, expect, it } from "vitest";
import {
  autoSelectedEnd,
  END_CHOICES,
  endChoices,
  isValidShift,
  START_CHOICES,
  scheduleTimeLabel,
  shiftLabel,
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
});

describe("endChoices", () => {
  it.each<[string, string, number, string]>([
    ["OPEN", "OPEN", 145, "00:00"],
    ["empty", "", 145, "00:00"],
    ["00:00", "00:00", 145, "00:00"],
    ["20:00 (inclusive)", "20:00", 25, "20:00"],
    ["23:40", "23:40", 3, "23:40"],
    ["23:50", "23:50", 2, "23:50"],
    ["full-width is not a choice", "２０:００", 145, "00:00"],
    ["half-width katakana", "ｵｰﾌﾟﾝ", 145, "00:00"],
    ["emoji", "🕗", 145, "00:00"],
    ["whitespace around", " 20:00 ", 145, "00:00"],
    ["off the 10-minute grid", "20:05", 145, "00:00"],
    ["24:00", "24:00", 145, "00:00"],
    ["250+ characters", LONG, 145, "00:00"],
    ["LAST as a start", "LAST", 145, "00:00"],
  ])("%s: %j → %i choices from %s, ending in LAST", (_name, start, length, first) => {
    const choices = endChoices(start);
    expect(choices).toHaveLength(length);
    expect(choices[0]).toBe(first);
    expect(choices.at(-1)).toBe("LAST");
  });

  it("lists exactly 23:50 and LAST for the last start", () => {
    expect(endChoices("23:50")).toEqual(["23:50", "LAST"]);
    expect(endChoices("23:40")).toEqual(["23:40", "23:50", "LAST"]);
  });

  it("returns a fresh array", () => {
    endChoices("OPEN").pop();
    expect(endChoices("OPEN")).toHaveLength(145);
  });
});

describe("autoSelectedEnd", () => {
  it.each<[string, string, string | undefined, string]>([
    ["last start, no end yet", "23:50", undefined, "LAST"],
    ["last start, end equal to it", "23:50", "23:50", "23:50"],
    ["end before the new start", "20:00", "19:00", "LAST"],
    ["end still after the start", "20:00", "22:00", "22:00"],
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
    ["20:00", "LAST", "20:00〜LAST"],
    ["OPEN", "23:00", "OPEN〜23:00"],
    ["OPEN", "LAST", "OPEN〜LAST"],
  ])("shiftLabel(%j, %j) → %j", (start, end, label) => {
    expect(shiftLabel(start, end)).toBe(label);
  });
});
