/**
 * The rules of the browser's remote-configuration client (ADR 0033, docs/product.md), pure so
 * they are table-tested with a fake clock; components/remote-config/remote-config-client.ts does
 * the fetching and the storing.
 *
 * - A fetch gives up after 60 s.
 * - After a successful fetch, the next one is sent only 12 hours later; a fetch asked for earlier
 *   is not sent and reports `throttle` (the values held stay in force). A failed fetch does not
 *   start the 12 hours: the next page may try again.
 * - The status is that of the last fetch asked for: `no-fetch-yet` until the first, then
 *   `success`, `failure` or `throttle`.
 */

export const REMOTE_CONFIG_FETCH_TIMEOUT_MS = 60_000;
export const REMOTE_CONFIG_MIN_INTERVAL_MS = 12 * 60 * 60 * 1000;

export const REMOTE_CONFIG_FETCH_STATUSES = ["no-fetch-yet", "success", "failure", "throttle"] as const;
export type RemoteConfigFetchStatus = (typeof REMOTE_CONFIG_FETCH_STATUSES)[number];

/** What the client keeps between pages (in localStorage). */
export interface RemoteConfigState {
  /** The values of the last successful fetch (browsers' keys only). */
  values: Record<string, unknown>;
  /** The ETag of those values, sent back as If-None-Match. */
  etag: string | null;
  /** When the values were last confirmed by the server (ms since the epoch); null: never. */
  fetchedAt: number | null;
  status: RemoteConfigFetchStatus;
  /** When a fetch was last asked for, whatever came of it. */
  lastAttemptAt: number | null;
}

export const INITIAL_REMOTE_CONFIG_STATE: RemoteConfigState = {
  values: {},
  etag: null,
  fetchedAt: null,
  status: "no-fetch-yet",
  lastAttemptAt: null,
};

/**
 * Whether to send a fetch now or to answer `throttle`. A clock that went back before the last
 * fetch (the user changed it) does not hold the values for another 12 hours.
 */
export function fetchDecision(
  state: RemoteConfigState,
  now: number,
  minimumIntervalMs: number = REMOTE_CONFIG_MIN_INTERVAL_MS,
): "fetch" | "throttle" {
  if (state.fetchedAt === null) return "fetch";
  const elapsed = now - state.fetchedAt;
  return elapsed >= 0 && elapsed < minimumIntervalMs ? "throttle" : "fetch";
}

export type FetchOutcome =
  | { kind: "ok"; values: Record<string, unknown>; etag: string | null }
  /** 304: the values held are current. */
  | { kind: "not-modified" }
  /** Network error, timeout, a status other than 200/304, or a body that is not the config. */
  | { kind: "failed" };

/** The state after a fetch asked for at `now` ended with `outcome`. */
export function afterFetch(state: RemoteConfigState, outcome: FetchOutcome, now: number): RemoteConfigState {
  switch (outcome.kind) {
    case "ok":
      return {
        values: outcome.values,
        etag: outcome.etag,
        fetchedAt: now,
        status: "success",
        lastAttemptAt: now,
      };
    case "not-modified":
      return { ...state, fetchedAt: now, status: "success", lastAttemptAt: now };
    case "failed":
      return { ...state, status: "failure", lastAttemptAt: now };
  }
}

/** The state after a fetch asked for at `now` was not sent (the 12 hours are not over). */
export function afterThrottle(state: RemoteConfigState, now: number): RemoteConfigState {
  return { ...state, status: "throttle", lastAttemptAt: now };
}

/** The body of `GET /api/config` (`{values: {…}}`), or null when it is not one. */
export function configBodyValues(body: unknown): Record<string, unknown> | null {
  if (!body || typeof body !== "object") return null;
  const values = (body as { values?: unknown }).values;
  return values && typeof values === "object" && !Array.isArray(values)
    ? (values as Record<string, unknown>)
    : null;
}

/** A stored state read back (localStorage can hold anything): what fits is kept, the rest reset. */
export function parseRemoteConfigState(raw: string | null): RemoteConfigState {
  if (!raw) return INITIAL_REMOTE_CONFIG_STATE;
  try {
    const value = JSON.parse(raw) as Partial<RemoteConfigState>;
    const time = (t: unknown) => (typeof t === "number" && Number.isFinite(t) ? t : null);
    return {
      values: configBodyValues(value) ?? {},
      etag: typeof value.etag === "string" ? value.etag : null,
      fetchedAt: time(value.fetchedAt),
      status: REMOTE_CONFIG_FETCH_STATUSES.includes(value.status as RemoteConfigFetchStatus)
        ? (value.status as RemoteConfigFetchStatus)
        : "no-fetch-yet",
      lastAttemptAt: time(value.lastAttemptAt),
    };
  } catch {
    return INITIAL_REMOTE_CONFIG_STATE;
  }
}
