import { describe, expect, it } from "vitest";
import {
  businessDate,
  businessDates,
  shiftInstants,
  shiftState,
  shortDateLabel,
} from "~/domain/shift-status";

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

describe("shiftState of a shift past midnight (ADR 0059)", () => {
  const store = { business_start_time: "20:00", business_end_time: "LAST" };
  it.each([
    [{ date: "2026-11-24", start_time: "20:00", end_time: "25:00" }, "2026-11-24T19:59:00", "later_today"],
    [{ date: "2026-11-24", start_time: "20:00", end_time: "25:00" }, "2026-11-24T23:30:00", "on_shift"],
    [{ date: "2026-11-24", start_time: "20:00", end_time: "25:00" }, "2026-11-25T00:30:00", "on_shift"],
    [{ date: "2026-11-24", start_time: "20:00", end_time: "25:00" }, "2026-11-25T01:00:00", "finished"],
    // Past the 05:00 boundary: the shift of the 24th still runs until 翌6:00.
    [{ date: "2026-11-24", start_time: "20:00", end_time: "30:00" }, "2026-11-25T05:30:00", "on_shift"],
    [{ date: "2026-11-24", start_time: "20:00", end_time: "30:00" }, "2026-11-25T06:00:00", "finished"],
    // Without its date a shift is today's: at 05:30 on the 25th that is the 25th.
    [{ start_time: "20:00", end_time: "30:00" }, "2026-11-25T05:30:00", "later_today"],
    // The old spelling of a small-hours end reads the same.
    [{ date: "2026-11-24", start_time: "OPEN", end_time: "01:00" }, "2026-11-25T00:59:00", "on_shift"],
    [{ date: "2026-11-24", start_time: "OPEN", end_time: "01:00" }, "2026-11-25T01:00:00", "finished"],
    [{ date: "2026-12-31", start_time: "22:00", end_time: "27:00" }, "2027-01-01T02:59:00", "on_shift"],
  ] as const)("%j at %s → %s", (shift, at, expected) => {
    expect(shiftState(shift, tokyo(at), store)).toBe(expected);
  });
});

describe("shiftInstants", () => {
  const utc = (iso: string) => new Date(iso);
  it.each<[string, string, string, string | null, string | null]>([
    ["2026-11-24", "20:00", "23:00", "2026-11-24T11:00:00Z", "2026-11-24T14:00:00Z"],
    ["2026-11-24", "20:00", "24:00", "2026-11-24T11:00:00Z", "2026-11-24T15:00:00Z"], // 翌0:00
    ["2026-11-24", "20:00", "25:00", "2026-11-24T11:00:00Z", "2026-11-24T16:00:00Z"], // 翌1:00
    ["2026-11-24", "20:00", "30:00", "2026-11-24T11:00:00Z", "2026-11-24T21:00:00Z"], // 翌6:00
    ["2026-11-24", "20:00", "01:00", "2026-11-24T11:00:00Z", "2026-11-24T16:00:00Z"], // old spelling
    ["2026-11-24", "01:00", "03:00", "2026-11-24T16:00:00Z", "2026-11-24T18:00:00Z"], // small hours
    ["2026-11-24", "05:00", "05:00", "2026-11-23T20:00:00Z", "2026-11-23T20:00:00Z"],
    ["2026-11-24", "OPEN", "23:00", null, "2026-11-24T14:00:00Z"],
    ["2026-11-24", "20:00", "LAST", "2026-11-24T11:00:00Z", null],
    ["2026-11-24", "OPEN", "LAST", null, null],
    ["2026-11-24", "02:00", "23:00", "2026-11-24T17:00:00Z", null], // an end before the start
    ["2026-11-30", "22:00", "26:00", "2026-11-30T13:00:00Z", "2026-11-30T17:00:00Z"], // month end
    ["2026-12-31", "23:50", "30:00", "2026-12-31T14:50:00Z", "2026-12-31T21:00:00Z"], // year end
    ["2028-02-28", "21:00", "25:30", "2028-02-28T12:00:00Z", "2028-02-28T16:30:00Z"], // into a leap day
    ["2026-03-28", "20:00", "27:00", "2026-03-28T11:00:00Z", "2026-03-28T18:00:00Z"], // Europe's DST night: Tokyo has none
  ])("%s %s〜%s → %s, %s", (date, start_time, end_time, startsAt, endsAt) => {
    expect(shiftInstants({ date, start_time, end_time })).toEqual({
      starts_at: startsAt ? utc(startsAt) : null,
      ends_at: endsAt ? utc(endsAt) : null,
    });
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
