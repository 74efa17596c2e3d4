/**
 * Proof of work for the public forms (contact, listing request): the ALTCHA protocol, version 1
 * (ADR 0008). The server hands out a challenge signed with HMAC-SHA-256; the browser finds the
 * number `n` with SHA-256(salt + n) = challenge by trying 0, 1, 2, …; the server checks the
 * signature, the hash and the expiry written into the salt, and (elsewhere, in the database) that
 * the challenge was not used before.
 *
 * Web Crypto only (`globalThis.crypto`), so the same file runs in Node 20+ and in the browser.
 */

export const POW_ALGORITHM = "SHA-256";
/** The highest number a challenge may hide: about 25,000 hashes on average, well under a second. */
export const POW_MAX_NUMBER = 50_000;
/** How long a challenge may be solved and redeemed. */
export const POW_TTL_SECONDS = 30 * 60;
/** The name of the form field that carries the solution (as the ALTCHA widget names it). */
export const POW_FIELD = "altcha";

/** What `GET /api/challenge` answers (the ALTCHA widget's format). */
export interface PowChallenge {
  algorithm: typeof POW_ALGORITHM;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** The solution as the browser submits it, base64-encoded JSON in the `altcha` field. */
export interface PowPayload {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
  took?: number;
}

export type PowFailure = "missing" | "malformed" | "signature" | "solution" | "expired" | "replayed";

export type PowVerdict = { ok: true; challenge: string; expiresAt: Date } | { ok: false; error: PowFailure };

/** The Japanese messages shown above a refused form: one place for the wording. */
export const POW_MESSAGES: Record<
  PowFailure | "solving" | "noscript" | "unsupported" | "failed_to_prepare",
  string
> = {
  missing: "送信前の自動確認が完了していません。JavaScriptを有効にしたうえで、もう一度送信してください。",
  malformed: "送信前の自動確認に失敗しました。お手数ですが、もう一度送信してください。",
  signature: "送信前の自動確認に失敗しました。お手数ですが、もう一度送信してください。",
  solution: "送信前の自動確認に失敗しました。お手数ですが、もう一度送信してください。",
  expired: "送信前の自動確認の有効期限が切れました。お手数ですが、もう一度送信してください。",
  replayed: "この内容はすでに送信済みか、確認が使用済みです。お手数ですが、もう一度送信してください。",
  solving: "確認中…",
  noscript:
    "このフォームは、いたずら送信を防ぐためにブラウザで自動確認（JavaScript）を行っています。お手数ですが、JavaScriptを有効にしてからご利用ください。",
  failed_to_prepare:
    "送信前の自動確認を準備できませんでした。通信状況をご確認ください（送信ボタンを押すと、もう一度確認します）。",
  unsupported:
    "お使いのブラウザでは送信前の自動確認を実行できません。最新のブラウザで、https:// から始まるアドレスのページを開いてお試しください。",
};

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error("Web Crypto is not available (not a secure context)");
  return s;
}

/** Whether this environment can solve challenges (Web Crypto exists only in secure contexts). */
export function canSolvePow(): boolean {
  return Boolean(globalThis.crypto?.subtle);
}

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

async function sha256Hex(text: string): Promise<string> {
  return toHex(await subtle().digest(POW_ALGORITHM, encoder.encode(text)));
}

function hmacKey(secret: string, usage: KeyUsage[]): Promise<CryptoKey> {
  return subtle().importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: POW_ALGORITHM },
    false,
    usage,
  );
}

function randomHex(bytes: number): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(bytes)).buffer);
}

function randomInt(maxInclusive: number): number {
  // 32 random bits are plenty for a bound of a few ten thousands (bias < 1e-5).
  const [value] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return (value ?? 0) % (maxInclusive + 1);
}

/** The expiry (unix seconds) written into a salt as `…?expires=1700000000`; null when absent. */
export function expiresOfSalt(salt: string): number | null {
  const query = salt.indexOf("?");
  if (query < 0) return null;
  const expires = new URLSearchParams(salt.slice(query + 1)).get("expires");
  return expires && /^\d{1,12}$/.test(expires) ? Number(expires) : null;
}

/**
 * A new challenge. `number` and `salt` are for tests; by default the number is random in
 * 0…maxNumber and the salt is 12 random bytes plus the expiry.
 */
export async function createPowChallenge({
  secret,
  now = new Date(),
  ttlSeconds = POW_TTL_SECONDS,
  maxNumber = POW_MAX_NUMBER,
  number,
}: {
  secret: string;
  now?: Date;
  ttlSeconds?: number;
  maxNumber?: number;
  number?: number;
}): Promise<PowChallenge> {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const salt = `${randomHex(12)}?expires=${expires}`;
  const secretNumber = number ?? randomInt(maxNumber);
  const challenge = await sha256Hex(`${salt}${secretNumber}`);
  const key = await hmacKey(secret, ["sign"]);
  const signature = toHex(await subtle().sign("HMAC", key, encoder.encode(challenge)));
  return { algorithm: POW_ALGORITHM, challenge, maxnumber: maxNumber, salt, signature };
}

export function encodePowPayload(payload: PowPayload): string {
  return btoa(JSON.stringify(payload));
}

const MAX_PAYLOAD_LENGTH = 1_000;

/** The submitted field as a payload, or null when it is not one (wrong shape, not base64, too long). */
export function decodePowPayload(raw: unknown): PowPayload | null {
  if (typeof raw !== "string" || raw === "" || raw.length > MAX_PAYLOAD_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(atob(raw));
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const p = value as Record<string, unknown>;
  if (
    typeof p.algorithm !== "string" ||
    typeof p.challenge !== "string" ||
    typeof p.salt !== "string" ||
    typeof p.signature !== "string" ||
    typeof p.number !== "number" ||
    !Number.isSafeInteger(p.number) ||
    p.number < 0
  )
    return null;
  return {
    algorithm: p.algorithm,
    challenge: p.challenge,
    number: p.number,
    salt: p.salt,
    signature: p.signature,
  };
}

/**
 * Checks a submitted solution, in this order: it is a payload of our algorithm → the signature is
 * ours (HMAC over the challenge, compared in constant time by Web Crypto) → SHA-256(salt + number)
 * is the challenge (which ties the salt, and so the expiry, to the signature) → not expired.
 * Whether it was used before is the caller's question (the database knows).
 */
export async function verifyPowSolution(
  raw: unknown,
  { secret, now = new Date() }: { secret: string; now?: Date },
): Promise<PowVerdict> {
  if (raw === undefined || raw === null || raw === "") return { ok: false, error: "missing" };
  const payload = decodePowPayload(raw);
  if (!payload || payload.algorithm !== POW_ALGORITHM) return { ok: false, error: "malformed" };
  const expires = expiresOfSalt(payload.salt);
  const signature = fromHex(payload.signature);
  if (expires === null || !signature || !/^[0-9a-f]{64}$/.test(payload.challenge))
    return { ok: false, error: "malformed" };

  const key = await hmacKey(secret, ["verify"]);
  const signed = await subtle().verify("HMAC", key, signature, encoder.encode(payload.challenge));
  if (!signed) return { ok: false, error: "signature" };
  if ((await sha256Hex(`${payload.salt}${payload.number}`)) !== payload.challenge)
    return { ok: false, error: "solution" };
  if (expires * 1000 <= now.getTime()) return { ok: false, error: "expired" };
  return { ok: true, challenge: payload.challenge, expiresAt: new Date(expires * 1000) };
}

/**
 * Finds the number of a challenge by trying 0…maxnumber, a batch of hashes at a time with a pause
 * between batches, so the page stays responsive while it runs. Null when the number is not in
 * range (a challenge that is not ours) or when `signal` aborts.
 */
export async function solvePowChallenge(
  challenge: Pick<PowChallenge, "challenge" | "salt" | "maxnumber" | "algorithm" | "signature">,
  { signal, batchSize = 500 }: { signal?: AbortSignal; batchSize?: number } = {},
): Promise<PowPayload | null> {
  const started = Date.now();
  for (let start = 0; start <= challenge.maxnumber; start += batchSize) {
    if (signal?.aborted) return null;
    const end = Math.min(start + batchSize - 1, challenge.maxnumber);
    const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
    const hashes = await Promise.all(numbers.map((n) => sha256Hex(`${challenge.salt}${n}`)));
    const found = hashes.indexOf(challenge.challenge);
    if (found >= 0) {
      return {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: start + found,
        salt: challenge.salt,
        signature: challenge.signature,
        took: Date.now() - started,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}
