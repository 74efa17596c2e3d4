import { data } from "react-router";

/** The function status names of ADR 0007, used as error codes of the JSON API (ADR 0020). */
export type ApiErrorCode =
  | "invalid-argument"
  | "unauthenticated"
  | "permission-denied"
  | "not-found"
  | "aborted"
  | "resource-exhausted"
  | "internal"
  | "unavailable"
  | "deadline-exceeded";

const STATUS: Record<ApiErrorCode, number> = {
  "invalid-argument": 400,
  unauthenticated: 401,
  "permission-denied": 403,
  "not-found": 404,
  aborted: 409,
  "resource-exhausted": 429,
  internal: 500,
  unavailable: 503,
  "deadline-exceeded": 504,
};

export function apiError(code: ApiErrorCode, message: string, extra?: Record<string, unknown>) {
  return data({ error: { code, message, ...extra } }, { status: STATUS[code] });
}

/** Reference data changes only with a deploy: let browsers and CDNs keep it for a while. */
export function cachedJson<T>(body: T, maxAgeSeconds = 3600) {
  return data(body, { headers: { "Cache-Control": `public, max-age=${maxAgeSeconds}` } });
}
