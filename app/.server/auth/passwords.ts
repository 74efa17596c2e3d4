import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashes: scrypt with better-auth's parameters and format (`salt:key`, N 2^14, r 16,
 * p 1, 64 bytes), so every hash better-auth made verifies here and the other way round. Every
 * hash of the product is made and checked through these two functions (better-auth's
 * `emailAndPassword.password`, the seed, the staff and operator services).
 *
 * A test run may ask for a cheaper hash (docs/testing.md "The budget"): with `NODE_ENV=test` and
 * `PASSWORD_HASH_COST=test`, new hashes are `test$salt:key` with N 2^10 — a hash costs 1/16 of
 * the real one, and the suite checks thousands. Such a hash is refused everywhere else (it never
 * verifies outside a test run), and the real format is refused nowhere.
 */

interface Cost {
  N: number;
  r: number;
  p: number;
}

const REAL: Cost = { N: 16384, r: 16, p: 1 };
const TEST: Cost = { N: 1024, r: 16, p: 1 };
const TEST_PREFIX = "test$";
const KEY_LENGTH = 64;

function testCostEnabled(): boolean {
  return process.env.NODE_ENV === "test" && process.env.PASSWORD_HASH_COST === "test";
}

function deriveKey(password: string, salt: string, cost: Cost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { ...cost, maxmem: 256 * cost.N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const test = testCostEnabled();
  const salt = randomBytes(16).toString("hex");
  const key = await deriveKey(password, salt, test ? TEST : REAL);
  return `${test ? TEST_PREFIX : ""}${salt}:${key.toString("hex")}`;
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const test = hash.startsWith(TEST_PREFIX);
  if (test && !testCostEnabled()) return false;
  const [salt, key] = (test ? hash.slice(TEST_PREFIX.length) : hash).split(":");
  if (!salt || !key) throw new Error("Invalid password hash");
  const expected = Buffer.from(key, "hex");
  const actual = await deriveKey(password, salt, test ? TEST : REAL);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
