import { describe, expect, it } from "vitest";
import { coinPagePath, coinReturnLabel, parseCoinReturn } from "~/domain/coin-return";

describe("the coin page's way back (return=)", () => {
  it.each([
    [null, { ok: true, path: null }],
    ["", { ok: true, path: null }],
    ["/listener/live/abc", { ok: true, path: "/listener/live/abc" }],
    ["/listener/mypage/message/r1?x=1", { ok: true, path: "/listener/mypage/message/r1?x=1" }],
    ["https://evil.example/listener/live/abc", { ok: false }],
    ["//evil.example/x", { ok: false }],
    ["/\\evil.example", { ok: false }],
    ["/.//evil.example", { ok: false }],
    ["javascript:alert(1)", { ok: false }],
    ["listener/live/abc", { ok: false }],
    [`/${"a".repeat(600)}`, { ok: false }],
  ])("%s → %o", (value, expected) => {
    expect(parseCoinReturn(value)).toEqual(expected);
  });

  it.each([
    ["/listener/live/abc", "ライブに戻る"],
    ["/listener/live/abc?x=1", "ライブに戻る"],
    ["/listener/live/abc/extra", "元のページに戻る"],
    ["/listener/mypage", "元のページに戻る"],
  ])("labels %s as %s", (path, label) => {
    expect(coinReturnLabel(path)).toBe(label);
  });

  it("keeps the way back in the coin page's address", () => {
    expect(coinPagePath({})).toBe("/listener/coin");
    expect(coinPagePath({ order: "o1", returnPath: "/listener/live/abc" })).toBe(
      "/listener/coin?order=o1&return=%2Flistener%2Flive%2Fabc",
    );
    expect(coinPagePath({ canceled: "o2" })).toBe("/listener/coin?canceled=o2");
  });
});
