import type { SnsVendor } from "./types";

/** Any failure of a vendor call that is not one of the two below (4xx/5xx, timeouts, bad JSON). */
export class SnsVendorError extends Error {
  constructor(
    readonly vendor: SnsVendor,
    message: string,
    /** HTTP status, or undefined for a network failure or timeout. */
    readonly status?: number,
    /** The vendor's own error code (`invalid_params`, `190`, `quotaExceeded`, …). */
    readonly code?: string,
  ) {
    super(`${vendor}: ${message}`);
    this.name = "SnsVendorError";
  }

  /** Worth trying again later (5xx, network, timeout); a 4xx will fail the same way again. */
  get retryable(): boolean {
    return this.status === undefined || this.status >= 500;
  }
}

/** The vendor asked us to slow down (HTTP 429 with `Retry-After`, or its own throttling code). */
export class RateLimitedError extends SnsVendorError {
  constructor(
    vendor: SnsVendor,
    /** From `Retry-After` when given; otherwise the port's conservative default. */
    readonly retryAfterSeconds: number,
    status?: number,
    code?: string,
  ) {
    super(vendor, `rate limited, retry after ${retryAfterSeconds} s`, status, code);
    this.name = "RateLimitedError";
  }

  override get retryable(): boolean {
    return true;
  }
}

/**
 * The user's token no longer works (expired, revoked, password changed, app removed): the link
 * needs a new login; mark it broken and tell its owner.
 */
export class TokenInvalidError extends SnsVendorError {
  constructor(vendor: SnsVendor, message: string, status?: number, code?: string) {
    super(vendor, message, status, code);
    this.name = "TokenInvalidError";
  }

  override get retryable(): boolean {
    return false;
  }
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date; `fallback` when absent or unreadable. */
export function parseRetryAfter(value: string | null, fallback: number, now = Date.now()): number {
  if (value === null || value.trim() === "") return fallback;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  if (Number.isNaN(at)) return fallback;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
