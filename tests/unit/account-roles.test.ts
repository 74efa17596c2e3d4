import { describe, expect, it } from "vitest";
import {
  accountTypeOfPath,
  homePath,
  isProtectedPath,
  loginPath,
  roleOfPath,
  safeRedirectPath,
} from "~/domain/account-roles";

describe("roleOfPath", () => {
  it.each([
    ["/listener/mypage", "listener"],
    ["/listener/login", "listener"],
    ["/listener/staff/abc", null],
    ["/listener/liver/abc/sns", null],
    ["/listener/live/abc", null],
    ["/liver/mypage/staff/1", "liver"],
    ["/staff/login", "staff"],
    ["/", null],
    ["/search/staff", null],
    ["/admin/mypage", null],
    ["", null],
  ])("%s → %s", (path, role) => {
    expect(roleOfPath(path)).toBe(role);
  });
});

describe("isProtectedPath", () => {
  it.each([
    ["/listener/mypage", true],
    ["/listener/mypage/follow", true],
    ["/listener/coin", true],
    ["/listener/login", false],
    ["/listener/registration/confirm", false],
    ["/listener/reset", false],
    ["/listener/staff/abc", false],
    ["/listener/liver/abc", false],
    ["/listener/live/abc", false],
    ["/liver/mypage", true],
    ["/liver/mypage/price", true],
    ["/liver/login", false],
    ["/staff/mypage/schedule", true],
    ["/staff/registration", false],
    ["/", false],
    ["/login", false],
    ["/admin", true],
    ["/admin/", true],
    ["/admin/shop_entry/abc", true],
    ["/admin/mail", true],
    ["/admin/login", false],
    ["/admin/login/enroll", false],
    ["/administrator", false],
  ])("%s → %s", (path, expected) => {
    expect(isProtectedPath(path)).toBe(expected);
  });
});

describe("safeRedirectPath", () => {
  it.each([
    ["/listener/mypage/follow", "/listener/mypage/follow"],
    ["/listener/staff/abc?tab=sns#top", "/listener/staff/abc?tab=sns#top"],
    ["/search/staff?area=kabukicho", "/search/staff?area=kabukicho"],
    ["https://evil.example/", "/listener/mypage"],
    ["//evil.example/path", "/listener/mypage"],
    ["/\\evil.example", "/listener/mypage"],
    ["javascript:alert(1)", "/listener/mypage"],
    ["mypage", "/listener/mypage"],
    ["/\u0000x", "/listener/mypage"],
    ["", "/listener/mypage"],
    [null, "/listener/mypage"],
  ])("%s → %s", (from, expected) => {
    expect(safeRedirectPath(from, "listener")).toBe(expected);
  });

  it.each(["/.//evil.com", "/a/..//evil.com", "/%2e//evil.com", "/././/evil.com/path?x=1", "/.%2F/evil.com"])(
    "refuses %s, which normalises to another host",
    (from) => {
      const result = safeRedirectPath(from, "listener");
      expect(result.startsWith("//")).toBe(false);
      expect(new URL(result, "https://yoru.example").host).toBe("yoru.example");
    },
  );

  it("falls back to the mypage of the role", () => {
    expect(safeRedirectPath("https://x", "liver")).toBe("/liver/mypage");
  });
});

describe("loginPath", () => {
  it("carries the page to return to", () => {
    expect(loginPath("staff", "/staff/mypage/schedule?w=2")).toBe(
      "/staff/login?from=%2Fstaff%2Fmypage%2Fschedule%3Fw%3D2",
    );
    expect(loginPath("liver")).toBe("/liver/login");
  });
});

describe("the operator (ADR 0033)", () => {
  it.each([
    ["/admin", "operator"],
    ["/admin/contact/1", "operator"],
    ["/admin/login", "operator"],
    ["/listener/mypage", "listener"],
    ["/listener/staff/1", null],
    ["/administrator", null],
    ["/login", null],
  ])("accountTypeOfPath(%s) → %s", (path, type) => {
    expect(accountTypeOfPath(path)).toBe(type);
  });

  it("has its login at /admin/login and its home at /admin", () => {
    expect(loginPath("operator", "/admin/mail?status=failed")).toBe(
      "/admin/login?from=%2Fadmin%2Fmail%3Fstatus%3Dfailed",
    );
    expect(loginPath("operator")).toBe("/admin/login");
    expect(homePath("operator")).toBe("/admin");
    expect(homePath("liver")).toBe("/liver/mypage");
  });

  it.each([
    ["/admin/contact/1", "/admin/contact/1"],
    ["/admin?x=1", "/admin?x=1"],
    ["/listener/mypage", "/admin"],
    ["/", "/admin"],
    ["/administrator", "/admin"],
    ["//evil.example", "/admin"],
    [null, "/admin"],
  ])("returns an operator from %s only to a page of /admin (→ %s)", (from, expected) => {
    expect(safeRedirectPath(from, "operator")).toBe(expected);
  });

  it("leaves the other roles' redirects as they were", () => {
    expect(safeRedirectPath("/admin", "listener")).toBe("/admin");
    expect(safeRedirectPath("/search/staff", "staff")).toBe("/search/staff");
  });
});
