import { describe, expect, it } from "vitest";
import {
  formatSecretForTyping,
  generateTotpSecret,
  matchTotpStep,
  openTotpSecret,
  sealTotpSecret,
  totpUri,
} from "~/.server/auth/totp";
import { isTotpCode, normalizeTotpCode } from "~/domain/admin";
import { totpCode } from "../support/totp";

// RFC 6238 appendix B (SHA-1, secret "12345678901234567890"), the last six of its eight digits.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP (RFC 6238)", () => {
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1111111111, "050471"],
    [1234567890, "005924"],
    [2000000000, "279037"],
  ])("at %i s the code %s is accepted for its step", (seconds, code) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
    expect(matchTotpStep(RFC_SECRET, code, new Date(seconds * 1000))).toBe(Math.floor(seconds / 30));
  });

  it("matches the step of the code, one step of drift either way, no more", () => {
    const now = new Date(1_234_567_890_000);
    const step = Math.floor(1_234_567_890 / 30);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(now.getTime() - 30_000)), now)).toBe(
      step - 1,
    );
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(now.getTime() + 30_000)), now)).toBe(
      step + 1,
    );
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(now.getTime() - 90_000)), now)).toBeNull();
  });

  it("makes 160-bit base32 secrets and an otpauth:// URI for the apps", () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(secret);
    const uri = totpUri(secret, "ops@example.com");
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain("period=30");
    expect(formatSecretForTyping("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });

  it("keeps the secret sealed under AUTH_SECRET: another secret or a changed byte opens nothing", () => {
    const secret = generateTotpSecret();
    const sealed = sealTotpSecret(secret, "a".repeat(40));
    expect(sealed).not.toContain(secret);
    expect(openTotpSecret(sealed, "a".repeat(40))).toBe(secret);
    expect(openTotpSecret(sealed, "b".repeat(40))).toBeNull();
    expect(openTotpSecret(`${sealed.slice(0, -2)}AA`, "a".repeat(40))).toBeNull();
    expect(openTotpSecret("garbage", "a".repeat(40))).toBeNull();
  });
});

describe("typed codes", () => {
  it.each([
    ["123456", "123456", true],
    ["１２３４５６", "123456", true],
    ["123 456", "123456", true],
    ["123-456", "123456", true],
    ["12345", "12345", false],
    ["1234567", "1234567", false],
    ["abcdef", "abcdef", false],
    ["", "", false],
  ])("%j → %j (valid: %s)", (input, normalized, valid) => {
    expect(normalizeTotpCode(input)).toBe(normalized);
    expect(isTotpCode(normalizeTotpCode(input))).toBe(valid);
  });
});
