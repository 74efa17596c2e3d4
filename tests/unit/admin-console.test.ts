import { describe, expect, it } from "vitest";
import { etagOf, noneMatchHolds } from "~/.server/http/etag";
import { chartGeometry, monthDay, niceCeiling, tokyoDays } from "~/domain/admin-dashboard";
import {
  isAccountId,
  parseReviewFilter,
  parseStaffFilter,
  parseStoreStatusFilter,
  StaffLimitSchema,
  StoreOrderSchema,
  SuspendStoreSchema,
  TEMPORARY_PASSWORD_ALPHABET,
  temporaryPassword,
} from "~/domain/admin-stores";
import { isPasswordLike } from "~/domain/validators";

// The pure rules of the operator's console, part one (ADR 0033): Tokyo days and the
// chart's geometry, the forms' parsing, the temporary password, the ETag comparison.

describe("Tokyo calendar days", () => {
  it.each([
    // 12:00 in Tokyo on 3/11 → the last 3 days end with 3/11.
    [
      "2031-03-11T03:00:00Z",
      ["2031-03-09", "2031-03-10", "2031-03-11"],
      "2031-03-08T15:00:00.000Z",
      "2031-03-11T15:00:00.000Z",
    ],
    // 23:59 in Tokyo on 3/10 is still the 10th…
    [
      "2031-03-10T14:59:00Z",
      ["2031-03-08", "2031-03-09", "2031-03-10"],
      "2031-03-07T15:00:00.000Z",
      "2031-03-10T15:00:00.000Z",
    ],
    // …and 00:00 of the 11th is the 11th (15:00 UTC of the 10th).
    [
      "2031-03-10T15:00:00Z",
      ["2031-03-09", "2031-03-10", "2031-03-11"],
      "2031-03-08T15:00:00.000Z",
      "2031-03-11T15:00:00.000Z",
    ],
    // Across a year.
    [
      "2031-01-01T00:00:00Z",
      ["2030-12-30", "2030-12-31", "2031-01-01"],
      "2030-12-29T15:00:00.000Z",
      "2031-01-01T15:00:00.000Z",
    ],
  ])("at %s", (now, days, from, to) => {
    const range = tokyoDays(new Date(now), 3);
    expect(range.days).toEqual(days);
    expect(range.from.toISOString()).toBe(from);
    expect(range.to.toISOString()).toBe(to);
  });

  it("30 days by default, today last", () => {
    const range = tokyoDays(new Date("2031-03-11T03:00:00Z"));
    expect(range.days).toHaveLength(30);
    expect(range.days.at(-1)).toBe("2031-03-11");
    expect(range.days[0]).toBe("2031-02-10");
  });

  it.each([
    ["2031-03-01", "3/1"],
    ["2031-11-25", "11/25"],
  ])("%s is shown %s", (day, shown) => expect(monthDay(day)).toBe(shown));
});

describe("the chart", () => {
  it.each([
    [0, 4],
    [3, 4],
    [4, 4],
    [5, 10],
    [9, 10],
    [11, 20],
    [21, 40],
    [41, 100],
    [150, 200],
    [380_000, 400_000],
  ])("a peak of %i gets a scale up to %i (half and top whole numbers)", (max, top) => {
    expect(niceCeiling(max)).toBe(top);
    expect(Number.isInteger(niceCeiling(max) / 2)).toBe(true);
  });

  it("draws one bar per day inside the plot, today's the last, the scale's top at the plot's top", () => {
    const series = Array.from({ length: 30 }, (_, i) => ({
      day: `2031-03-${String(i + 1).padStart(2, "0")}`,
      value: i === 29 ? 8 : i % 3,
    }));
    const g = chartGeometry(series);
    expect(g.bars).toHaveLength(30);
    expect(g.top).toBe(10);
    const last = g.bars.at(-1)!;
    expect(last.day).toBe("2031-03-30");
    expect(last.height).toBeCloseTo(((g.plot.bottom - g.plot.top) * 8) / 10);
    for (const bar of g.bars) {
      expect(bar.x).toBeGreaterThanOrEqual(g.plot.left);
      expect(bar.x + bar.width).toBeLessThanOrEqual(g.plot.right + 1e-9);
      expect(bar.y + bar.height).toBeCloseTo(g.plot.bottom);
    }
    expect(g.grid.map((line) => line.value)).toEqual([0, 5, 10]);
    expect(g.grid.at(-1)?.y).toBeCloseTo(g.plot.top);
    // Today and every seventh day back are labelled.
    expect(g.ticks.map((t) => t.label)).toEqual(["3/2", "3/9", "3/16", "3/23", "3/30"]);
    // Today's label ends at the plot's right edge, not past it.
    expect(g.ticks.at(-1)).toMatchObject({ x: g.plot.right, anchor: "end" });
  });

  it("an empty series draws a flat chart", () => {
    const g = chartGeometry([{ day: "2031-03-01", value: 0 }]);
    expect(g.bars[0]?.height).toBe(0);
    expect(g.top).toBe(4);
  });
});

describe("the forms", () => {
  it.each([
    ["12", 12],
    ["１２", 12],
    ["1,000", 1000],
    [" 0 ", 0],
  ])("staff limit %j → %i", (raw, limit) => {
    expect(StaffLimitSchema.parse({ limit_staff: raw })).toEqual({ limit_staff: limit });
  });

  it.each([
    ["", "キャスト上限を入力してください"],
    ["十", "半角または全角の数字で入力してください"],
    ["1001", "0〜1,000の整数で入力してください"],
    ["-1", "半角または全角の数字で入力してください"],
  ])("staff limit %j is refused: %s", (raw, message) => {
    const result = StaffLimitSchema.safeParse({ limit_staff: raw });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it.each([
    ["", null],
    ["3", 3],
    ["３", 3],
    [undefined, undefined],
  ])("order %j → %j (empty: off the ranking)", (raw, order) => {
    expect(StoreOrderSchema.parse({ order: raw }).order).toBe(order);
  });

  it.each(["0", "10000", "1.5", "一"])("order %j is refused", (raw) => {
    expect(StoreOrderSchema.safeParse({ order: raw }).success).toBe(false);
  });

  it("a suspension needs a reason, kept with its lines as typed, and its confirmation", () => {
    const confirm = "yes";
    expect(SuspendStoreSchema.safeParse({ reason: "  \r\n ", confirm }).success).toBe(false);
    expect(SuspendStoreSchema.parse({ reason: " 写真を\r\n差し替えてください ", confirm })).toEqual({
      reason: "写真を\n差し替えてください",
      confirm: true,
    });
    expect(SuspendStoreSchema.safeParse({ reason: "a\u0000b", confirm }).success).toBe(false);
    expect(SuspendStoreSchema.safeParse({ reason: "あ".repeat(1001), confirm }).success).toBe(false);
    // The confirmation step (ADR 0053): without the box ticked (or the dialog's button), refused.
    expect(SuspendStoreSchema.safeParse({ reason: "写真" }).error?.issues[0]).toMatchObject({
      path: ["confirm"],
      message: "店舗を停止するときは、確認のチェックを入れてください",
    });
  });

  it.each([
    [parseStoreStatusFilter, "suspended", "suspended"],
    [parseStoreStatusFilter, "nope", "all"],
    [parseStoreStatusFilter, null, "all"],
    [parseReviewFilter, "waiting", "waiting"],
    [parseReviewFilter, "x", "all"],
    [parseStaffFilter, "operator_hidden", "operator_hidden"],
    [parseStaffFilter, "gone", "all"],
  ] as const)("%o(%j) → %s", (parse, raw, parsed) => {
    expect((parse as (v: string | null) => string)(raw)).toBe(parsed);
  });

  it.each([
    ["knk0qhkhqzs7cgg9pusrj04j", true],
    ["3f2c1b7e-1d2a-4b5c-8d9e-0f1a2b3c4d5e", true],
    ["../etc", false],
    ["", false],
    ["a".repeat(65), false],
    [undefined, false],
  ])("account id %j: %s", (id, ok) => expect(isAccountId(id)).toBe(ok));
});

describe("the temporary password", () => {
  it("is three groups of four from the alphabet without look-alikes, within the password rules", () => {
    let i = 0;
    const password = temporaryPassword((n) => i++ % n);
    expect(password).toBe("abcd-efgh-jkmn");
    expect(isPasswordLike(password)).toBe(true);
    expect(TEMPORARY_PASSWORD_ALPHABET).not.toMatch(/[01ilo]/);
    const random = temporaryPassword((n) => Math.floor(Math.random() * n));
    expect(random).toMatch(/^[a-hj-km-np-z2-9]{4}(-[a-hj-km-np-z2-9]{4}){2}$/);
  });
});

describe("ETag", () => {
  const etag = etagOf('{"values":{}}');
  it("is a quoted hash that changes with the body", () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf('{"values":{"a":1}}')).not.toBe(etag);
  });
  it.each([
    [null, false],
    ["", false],
    [etag, true],
    [`W/${etag}`, true],
    [`"other", ${etag}`, true],
    ['"other"', false],
    ["*", true],
  ])("If-None-Match %j holds: %s", (header, holds) => {
    expect(noneMatchHolds(header, etag)).toBe(holds);
  });
});
