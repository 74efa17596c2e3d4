import { describe, expect, it } from "vitest";
import { businessDate, businessDates, shiftState, shortDateLabel } from "~/domain/shift-status";

/** A moment given in Asia/Tokyo wall-clock time. */
const tokyo = (iso: string) => new Date(`${iso}+09:00`);

describe("businessDate", () => {
  it.each([
    ["2026-11-24T12:00:00", "2026-11-24"],
    ["2026-11-24T23:59:00", "2026-11-24"],
    ["2026-11-25T00:30:00", "2026-11-24"], // the small hours belong to the night before
    ["2026-11-25T04:59:00", "2026-11-24"],
    ["2026-11-25T05:00:00", "2026-11-25"],
    ["2027-01-01T03:00:00", "2026-12-31"], // across a year
    ["2028-03-01T02:00:00", "2028-02-29"], // leap day
  ])("%s (Tokyo) → %s", (at, expected) => {
    expect(businessDate(tokyo(at))).toBe(expected);
  });

  it("lists the coming days from today", () => {
    expect(businessDates(tokyo("2026-11-30T20:00:00"), 3)).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
    ]);
  });
});

describe("shiftState", () => {
  const store = { business_start_time: "20:00", business_end_time: "LAST" };
  it.each([
    [{ start_time: "21:00", end_time: "23:00" }, "2026-11-24T20:59:00", "later_today"],
    [{ start_time: "21:00", end_time: "23:00" }, "2026-11-24T21:00:00", "on_shift"],
    [{ start_time: "21:00", end_time: "23:00" }, "2026-11-24T23:00:00", "finished"],
    [{ start_time: "OPEN", end_time: "LAST" }, "2026-11-24T19:59:00", "later_today"],
    [{ start_time: "OPEN", end_time: "LAST" }, "2026-11-24T20:00:00", "on_shift"],
    [{ start_time: "OPEN", end_time: "LAST" }, "2026-11-25T03:00:00", "on_shift"], // LAST runs past midnight
    [{ start_time: "OPEN", end_time: "LAST" }, "2026-11-25T04:59:00", "on_shift"],
    [{ start_time: "01:00", end_time: "03:00" }, "2026-11-24T23:00:00", "later_today"],
    [{ start_time: "01:00", end_time: "03:00" }, "2026-11-25T01:30:00", "on_shift"],
    [{ start_time: "bogus", end_time: "LAST" }, "2026-11-24T19:30:00", "later_today"],
  ] as const)("%j at %s → %s", (shift, at, expected) => {
    expect(shiftState(shift, tokyo(at), store)).toBe(expected);
  });

  it("uses the store's closing for LAST and 19:00 for an unknown opening", () => {
    const closesAtTwo = { business_start_time: "", business_end_time: "02:00" };
    expect(
      shiftState({ start_time: "OPEN", end_time: "LAST" }, tokyo("2026-11-24T18:59:00"), closesAtTwo),
    ).toBe("later_today");
    expect(
      shiftState({ start_time: "OPEN", end_time: "LAST" }, tokyo("2026-11-25T01:59:00"), closesAtTwo),
    ).toBe("on_shift");
    expect(
      shiftState({ start_time: "OPEN", end_time: "LAST" }, tokyo("2026-11-25T02:00:00"), closesAtTwo),
    ).toBe("finished");
  });
});

describe("shortDateLabel", () => {
  it.each([
    ["2026-11-22", "11/22(日)"],
    ["2026-11-28", "11/28(土)"],
    ["not-a-date", "not-a-date"],
  ])("%s → %s", (date, label) => {
    expect(shortDateLabel(date)).toBe(label);
  });
});
