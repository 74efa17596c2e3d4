import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createPowChallenge,
  decodePowPayload,
  encodePowPayload,
  expiresOfSalt,
  POW_ALGORITHM,
  POW_MESSAGES,
  type PowChallenge,
  type PowPayload,
  solvePowChallenge,
  verifyPowSolution,
} from "~/domain/pow";

const SECRET = "unit-test-pow-secret";
const NOW = new Date("2026-11-24T12:00:00Z");
const NOW_SECONDS = NOW.getTime() / 1000;

/** A challenge made with Node's own crypto, exactly as the ALTCHA protocol describes it. */
function handMade({
  salt,
  number,
  secret = SECRET,
}: {
  salt: string;
  number: number;
  secret?: string;
}): PowChallenge {
  const challenge = createHash("sha256").update(`${salt}${number}`).digest("hex");
  const signature = createHmac("sha256", secret).update(challenge).digest("hex");
  return { algorithm: POW_ALGORITHM, challenge, maxnumber: 1000, salt, signature };
}

function payloadOf(c: PowChallenge, number: number, overrides: Partial<PowPayload> = {}): string {
  return encodePowPayload({
    algorithm: c.algorithm,
    challenge: c.challenge,
    number,
    salt: c.salt,
    signature: c.signature,
    ...overrides,
  });
}

const verify = (raw: unknown, now = NOW) => verifyPowSolution(raw, { secret: SECRET, now });

describe("expiresOfSalt", () => {
  it.each([
    ["abc?expires=1800000000", 1800000000],
    ["abc?foo=1&expires=42", 42],
    ["abc", null],
    ["abc?expires=", null],
    ["abc?expires=12x", null],
    ["abc?expires=-5", null],
    ["abc?expires=9999999999999", null],
  ])("%s → %s", (salt, expected) => {
    expect(expiresOfSalt(salt)).toBe(expected);
  });
});

describe("createPowChallenge", () => {
  it("issues a challenge the ALTCHA way: SHA-256 over salt+number, HMAC-SHA-256 over the challenge", async () => {
    const c = await createPowChallenge({ secret: SECRET, now: NOW, number: 1234, maxNumber: 5000 });
    expect(c.algorithm).toBe("SHA-256");
    expect(c.maxnumber).toBe(5000);
    expect(c.salt).toMatch(/^[0-9a-f]{24}\?expires=\d+$/);
    expect(expiresOfSalt(c.salt)).toBe(NOW_SECONDS + 30 * 60);
    expect(c.challenge).toBe(createHash("sha256").update(`${c.salt}1234`).digest("hex"));
    expect(c.signature).toBe(createHmac("sha256", SECRET).update(c.challenge).digest("hex"));
  });

  it("hides a random number within maxNumber and a fresh salt each time", async () => {
    const a = await createPowChallenge({ secret: SECRET, maxNumber: 10 });
    const b = await createPowChallenge({ secret: SECRET, maxNumber: 10 });
    expect(a.salt).not.toBe(b.salt);
    const solved = await solvePowChallenge(a);
    expect(solved?.number).toBeGreaterThanOrEqual(0);
    expect(solved?.number).toBeLessThanOrEqual(10);
  });
});

describe("solvePowChallenge", () => {
  it("finds the hidden number and reports a payload the server accepts", async () => {
    const c = await createPowChallenge({ secret: SECRET, now: NOW, number: 777, maxNumber: 1000 });
    const solved = await solvePowChallenge(c, { batchSize: 100 });
    expect(solved).toMatchObject({
      number: 777,
      challenge: c.challenge,
      salt: c.salt,
      signature: c.signature,
    });
    expect(await verify(encodePowPayload(solved!))).toEqual({
      ok: true,
      challenge: c.challenge,
      expiresAt: new Date((NOW_SECONDS + 1800) * 1000),
    });
  });

  it("gives up (null) when the number is out of range or when aborted", async () => {
    const c = handMade({ salt: `s?expires=${NOW_SECONDS + 60}`, number: 5000 });
    expect(await solvePowChallenge({ ...c, maxnumber: 100 })).toBeNull();
    const abort = new AbortController();
    abort.abort();
    expect(await solvePowChallenge(c, { signal: abort.signal })).toBeNull();
  });
});

describe("verifyPowSolution", () => {
  const salt = `0123456789abcdef01234567?expires=${NOW_SECONDS + 600}`;
  const c = handMade({ salt, number: 42 });

  it("accepts a correct solution before its expiry", async () => {
    const verdict = await verify(payloadOf(c, 42));
    expect(verdict).toEqual({
      ok: true,
      challenge: c.challenge,
      expiresAt: new Date((NOW_SECONDS + 600) * 1000),
    });
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["an empty field", ""],
  ])("calls %s missing", async (_name, raw) => {
    expect(await verify(raw)).toEqual({ ok: false, error: "missing" });
  });

  it.each([
    ["not base64", "%%%not-base64%%%"],
    ["base64 of non-JSON", btoa("hello")],
    ["JSON that is not an object", btoa("42")],
    ["a number given as a string", btoa(JSON.stringify({ ...c, number: "42" }))],
    ["a negative number", payloadOf(c, -1)],
    ["a fractional number", payloadOf(c, 4.2)],
    ["another algorithm", payloadOf(c, 42, { algorithm: "SHA-1" })],
    ["a salt without expiry", payloadOf(c, 42, { salt: "0123456789abcdef01234567" })],
    ["a signature that is not hex", payloadOf(c, 42, { signature: "zz" })],
    ["a challenge that is not a SHA-256 hex digest", payloadOf(c, 42, { challenge: "abc" })],
    ["a payload over 1,000 characters", btoa(JSON.stringify({ ...c, number: 42, pad: "x".repeat(1000) }))],
    ["a non-string field", 42],
    ["full-width digits", payloadOf(c, 42).replace(/./, "Ａ")],
  ])("refuses %s as malformed", async (_name, raw) => {
    expect(await verify(raw)).toEqual({ ok: false, error: "malformed" });
  });

  it("refuses a challenge signed with another key", async () => {
    const forged = handMade({ salt, number: 42, secret: "someone-else" });
    expect(await verify(payloadOf(forged, 42))).toEqual({ ok: false, error: "signature" });
  });

  it("refuses a signature taken from another challenge", async () => {
    const other = handMade({ salt, number: 43 });
    expect(await verify(payloadOf(c, 42, { signature: other.signature }))).toEqual({
      ok: false,
      error: "signature",
    });
  });

  it("refuses a wrong number", async () => {
    expect(await verify(payloadOf(c, 41))).toEqual({ ok: false, error: "solution" });
  });

  it("refuses a salt changed to extend the expiry (the hash no longer matches)", async () => {
    const later = `0123456789abcdef01234567?expires=${NOW_SECONDS + 999_999}`;
    expect(await verify(payloadOf(c, 42, { salt: later }))).toEqual({ ok: false, error: "solution" });
  });

  it("refuses an expired solution, at the second of expiry and after", async () => {
    const expiry = new Date((NOW_SECONDS + 600) * 1000);
    expect((await verify(payloadOf(c, 42), new Date(expiry.getTime() - 1000))).ok).toBe(true);
    expect(await verify(payloadOf(c, 42), expiry)).toEqual({ ok: false, error: "expired" });
    expect(await verify(payloadOf(c, 42), new Date(expiry.getTime() + 86_400_000))).toEqual({
      ok: false,
      error: "expired",
    });
  });

  it("decodes the widget's payload and drops unknown fields", () => {
    const decoded = decodePowPayload(payloadOf(c, 42, { took: 12 }));
    expect(decoded).toEqual({
      algorithm: "SHA-256",
      challenge: c.challenge,
      number: 42,
      salt,
      signature: c.signature,
    });
  });
});

describe("POW_MESSAGES", () => {
  it("has a Japanese message for every refusal", () => {
    for (const key of ["missing", "malformed", "signature", "solution", "expired", "replayed"] as const) {
      expect(POW_MESSAGES[key]).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
  });
});
