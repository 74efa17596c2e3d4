import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, signInMessage } from "~/domain/auth-messages";

describe("signInMessage", () => {
  it.each([
    ["wrong_password", "listener", undefined, AUTH_MESSAGES.wrong_password],
    ["unknown_account", "listener", undefined, AUTH_MESSAGES.unknown_email],
    ["unknown_account", "liver", undefined, AUTH_MESSAGES.unknown_email],
    ["unknown_account", "staff", undefined, AUTH_MESSAGES.unknown_login_id],
    ["too_many_attempts", "staff", undefined, AUTH_MESSAGES.too_many_attempts],
    // A block has no end: the contract's text as it is.
    ["suspended", "listener", undefined, AUTH_MESSAGES.suspended],
    // A suspension says until when, in Tokyo time (15:30 UTC is 00:30 the next day there).
    [
      "suspended",
      "staff",
      new Date("2026-12-03T15:30:00Z"),
      "このアカウントは2026年12月4日 00:30まで利用停止中です。お問い合わせフォームからご連絡ください",
    ],
  ] as const)("%s for %s (until %s)", (error, role, until, expected) => {
    expect(signInMessage(error, role, until)).toBe(expected);
  });
});
