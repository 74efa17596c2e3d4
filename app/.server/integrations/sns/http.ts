import { SnsVendorError } from "./errors";
import type { SnsVendor } from "./types";

export interface SnsHttpOptions {
  /** Per request; AbortSignal.timeout. */
  timeoutMs?: number;
  /** Replaceable for tests of the clients themselves; Node's fetch by default. */
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface VendorResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when the body was not JSON. */
  json: unknown;
  text: string;
}

/**
 * One HTTP call with a timeout. Network failures and timeouts become SnsVendorError (no status);
 * every HTTP answer is returned for the port to read its vendor's error envelope.
 */
export async function vendorFetch(
  vendor: SnsVendor,
  url: string,
  init: RequestInit & SnsHttpOptions = {},
): Promise<VendorResponse> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, fetch: fetchImpl = fetch, ...request } = init;
  const signal = AbortSignal.timeout(timeoutMs);
  const idempotent = ["GET", "HEAD"].includes((request.method ?? "GET").toUpperCase());
  let response: Response | undefined;
  let text = "";
  for (let attempt = 1; response === undefined; attempt++) {
    try {
      response = await fetchImpl(url, {
        ...request,
        // API calls never follow redirects (a token in the query must not travel elsewhere); the
        // public youtube.com pages ask for "follow".
        redirect: request.redirect ?? "manual",
        signal,
      });
      text = await response.text();
    } catch (error) {
      // A kept-alive connection the vendor closed just as we reused it: a read is sent once more
      // on a new one (within the same budget), as HTTP clients do for idempotent requests.
      if (attempt === 1 && idempotent && !signal.aborted && connectionDropped(error)) {
        response = undefined;
        continue;
      }
      const name = (error as Error).name;
      const reason =
        name === "TimeoutError"
          ? `no answer within ${timeoutMs} ms`
          : `request failed: ${(error as Error).message}${causeCode(error)}`;
      throw new SnsVendorError(vendor, `${reason} (${redact(url)})`);
    }
  }
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

const DROPPED = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);

/** Node's fetch names the socket's failure in `cause` (fetch failed ← other side closed). */
function connectionDropped(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  return code !== undefined && DROPPED.has(code);
}

function causeCode(error: unknown): string {
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  return code ? ` (${code})` : "";
}

/** A URL for messages: no tokens, secrets or keys in logs. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    for (const key of [...u.searchParams.keys()])
      if (/token|secret|key|code/i.test(key)) u.searchParams.set(key, "…");
    return u.toString();
  } catch {
    return "(bad url)";
  }
}

export function joinUrl(base: string, path: string, query?: Record<string, string | number | undefined>) {
  const url = new URL(base.replace(/\/+$/, "") + path);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
}
