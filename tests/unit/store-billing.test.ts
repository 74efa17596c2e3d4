import { describe, expect, it } from "vitest";
import {
  addBillingMonth,
  billingPhase,
  billingStepAt,
  graceEndsAt,
  planAtRenewal,
} from "~/domain/store-billing";

const d = (iso: string) => new Date(iso);

describe("billing month (anchored to the start's day, clamped to the month's end)", () => {
  it.each([
    ["2026-01-15T03:00:00Z", undefined, "2026-02-15T03:00:00.000Z"],
    ["2026-01-31T03:00:00Z", undefined, "2026-02-28T03:00:00.000Z"],
    ["2026-02-28T03:00:00Z", 31, "2026-03-31T03:00:00.000Z"],
    ["2028-01-31T00:00:00Z", undefined, "2028-02-29T00:00:00.000Z"], // leap year
    ["2026-12-31T23:59:59Z", undefined, "2027-01-31T23:59:59.000Z"],
    ["2026-03-31T00:00:00Z", 31, "2026-04-30T00:00:00.000Z"],
  ])("%s (anchor %s) → %s", (start, anchor, expected) => {
    expect(addBillingMonth(d(start), anchor).toISOString()).toBe(expected);
  });
});

describe("grace steps", () => {
  const failed = d("2026-03-01T00:00:00Z");
  const graceUntil = graceEndsAt(failed);
  const at = (days: number, ms = 0) => new Date(failed.getTime() + days * 86_400_000 + ms);
  it.each([
    [0, 0, false, false, "none"],
    [5, -1, false, false, "none"],
    [5, 0, false, false, "remind"],
    [5, 0, true, false, "none"],
    [7, -1, true, false, "none"],
    [7, 0, true, false, "suspend"],
    [7, 0, false, false, "suspend"],
    [9, 0, true, true, "none"],
  ] as const)("day %i%+ims, reminded %s, suspended %s → %s", (days, ms, reminded, suspended, expected) => {
    expect(billingStepAt({ graceUntil, reminded, suspended, now: at(days, ms) })).toBe(expected);
  });
  it("no grace, no step", () => {
    expect(billingStepAt({ graceUntil: null, reminded: false, suspended: false, now: at(30) })).toBe("none");
  });
});

describe("plan at renewal and the page's phase", () => {
  it.each([
    ["standard", null, "standard"],
    ["standard", "premium", "premium"],
    [null, "light", "light"],
    [null, null, null],
  ])("plan %s, new %s → %s", (plan, next, expected) => {
    expect(planAtRenewal(plan, next)).toBe(expected);
  });
  it.each([
    [null, false, false, "none"],
    ["incomplete", false, false, "pending"],
    ["active", false, false, "active"],
    ["active", true, false, "canceling"],
    ["past_due", false, false, "grace"],
    ["past_due", false, true, "suspended"],
    ["canceled", false, false, "canceled"],
  ] as const)("%s, cancel %s, suspended %s → %s", (status, cancelAtPeriodEnd, suspended, expected) => {
    expect(billingPhase({ status, cancelAtPeriodEnd, suspended })).toBe(expected);
  });
});
