import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from "better-auth/crypto";
import { afterEach, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/.server/auth/passwords";

// The suite runs with PASSWORD_HASH_COST=test (vitest.config.ts); each case sets what it needs
// and the original environment comes back after it (test files share their worker).
const saved = { NODE_ENV: process.env.NODE_ENV, PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST };
function setEnv(nodeEnv: string | undefined, cost: string | undefined) {
  for (const [name, value] of [
    ["NODE_ENV", nodeEnv],
    ["PASSWORD_HASH_COST", cost],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}
afterEach(() => setEnv(saved.NODE_ENV, saved.PASSWORD_HASH_COST));

describe("password hashes", () => {
  it("makes better-auth's format at the real cost, each way compatible with better-auth's own", async () => {
    setEnv("production", undefined);
    const ours = await hashPassword("demo-pass-2026");
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password: "demo-pass-2026" })).toBe(true);
    const theirs = await betterAuthHash("demo-pass-2026");
    expect(await verifyPassword({ hash: theirs, password: "demo-pass-2026" })).toBe(true);
    expect(await verifyPassword({ hash: theirs, password: "demo-pass-2027" })).toBe(false);
  });

  it("normalizes the password (NFKC) as better-auth does: a full-width password is its half-width one", async () => {
    setEnv("production", undefined);
    const hash = await hashPassword("pass-2026");
    expect(await verifyPassword({ hash, password: "ｐａｓｓ－２０２６" })).toBe(true);
  });

  const cheap: [string | undefined, string | undefined, boolean][] = [
    ["test", "test", true],
    ["test", undefined, false],
    ["development", "test", false],
    ["production", "test", false],
    [undefined, "test", false],
  ];
  it.each(cheap)(
    "NODE_ENV=%s, PASSWORD_HASH_COST=%s: the test cost is used: %s",
    async (nodeEnv, cost, used) => {
      setEnv(nodeEnv, cost);
      const hash = await hashPassword("demo-pass-2026");
      expect(hash.startsWith("test$")).toBe(used);
      expect(await verifyPassword({ hash, password: "demo-pass-2026" })).toBe(true);
      expect(await verifyPassword({ hash, password: "demo-pass-2025" })).toBe(false);
    },
  );

  it("never accepts a test-cost hash outside a test run, and the real format in one", async () => {
    setEnv("test", "test");
    const cheapHash = await hashPassword("demo-pass-2026");
    setEnv("production", "test");
    expect(await verifyPassword({ hash: cheapHash, password: "demo-pass-2026" })).toBe(false);
    setEnv("production", undefined);
    const realHash = await hashPassword("demo-pass-2026");
    setEnv("test", "test");
    expect(await verifyPassword({ hash: realHash, password: "demo-pass-2026" })).toBe(true);
  });

  it("throws on a value that is not a hash", async () => {
    await expect(verifyPassword({ hash: "not-a-hash", password: "x" })).rejects.toThrow();
  });
});
