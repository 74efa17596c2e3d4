import {
  type ClientRemoteConfigKey,
  REMOTE_CONFIG_KEYS,
  type RemoteConfigValue,
  resolveRemoteConfig,
} from "~/domain/remote-config";
import {
  afterFetch,
  afterThrottle,
  configBodyValues,
  type FetchOutcome,
  fetchDecision,
  parseRemoteConfigState,
  REMOTE_CONFIG_FETCH_TIMEOUT_MS,
  REMOTE_CONFIG_MIN_INTERVAL_MS,
  type RemoteConfigFetchStatus,
  type RemoteConfigState,
} from "~/domain/remote-config-fetch";

/**
 * The browser's remote configuration (ADR 0033, docs/product.md; the rules are in
 * app/domain/remote-config-fetch.ts):
 *
 *   const config = remoteConfig();
 *   await config.fetchAndActivate();          // at most every 12 h; 60 s timeout
 *   config.getValue("live_max_viewers");      // the server's value, or the default in code
 *   config.status;                            // "no-fetch-yet" | "success" | "failure" | "throttle"
 *
 * What was fetched is kept in localStorage with its time, so the 12 hours hold across pages and
 * visits. Everything it touches (fetch, storage, clock, timers) can be handed in: the tests drive
 * it with a fake clock.
 */

export const REMOTE_CONFIG_STORAGE_KEY = "yoru.remote-config";

export interface RemoteConfigClientOptions {
  fetch?: typeof globalThis.fetch;
  /** localStorage; null when the browser refuses it (private mode): the state lives in memory. */
  storage?: Pick<Storage, "getItem" | "setItem"> | null;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  url?: string;
  timeoutMs?: number;
  minimumIntervalMs?: number;
}

export interface RemoteConfigClient {
  readonly status: RemoteConfigFetchStatus;
  /** When the values were last confirmed by the server; null before the first success. */
  readonly fetchedAt: number | null;
  /** Fetches unless the last success is under 12 hours old; answers the new status. */
  fetchAndActivate(): Promise<RemoteConfigFetchStatus>;
  getValue<K extends ClientRemoteConfigKey>(key: K): RemoteConfigValue<K>;
}

export function createRemoteConfigClient(options: RemoteConfigClientOptions = {}): RemoteConfigClient {
  const {
    fetch: send = globalThis.fetch.bind(globalThis),
    storage = null,
    now = Date.now,
    setTimer = (run, ms) => setTimeout(run, ms),
    clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    url = "/api/config",
    timeoutMs = REMOTE_CONFIG_FETCH_TIMEOUT_MS,
    minimumIntervalMs = REMOTE_CONFIG_MIN_INTERVAL_MS,
  } = options;

  const read = (): RemoteConfigState => {
    try {
      return parseRemoteConfigState(storage?.getItem(REMOTE_CONFIG_STORAGE_KEY) ?? null);
    } catch {
      return parseRemoteConfigState(null);
    }
  };
  let state = read();
  const save = (next: RemoteConfigState) => {
    state = next;
    try {
      storage?.setItem(REMOTE_CONFIG_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // A full or refused storage keeps the state for this page only.
    }
  };
  let inFlight: Promise<RemoteConfigFetchStatus> | null = null;

  async function attempt(): Promise<FetchOutcome> {
    const abort = new AbortController();
    const timer = setTimer(() => abort.abort(), timeoutMs);
    try {
      const response = await send(url, {
        headers: { Accept: "application/json", ...(state.etag ? { "If-None-Match": state.etag } : {}) },
        signal: abort.signal,
        credentials: "omit",
      });
      // A 304 confirms the values held; without any held it answers nothing usable.
      if (response.status === 304) return state.etag ? { kind: "not-modified" } : { kind: "failed" };
      if (response.status !== 200) return { kind: "failed" };
      const values = configBodyValues(await response.json());
      return values ? { kind: "ok", values, etag: response.headers.get("ETag") } : { kind: "failed" };
    } catch {
      return { kind: "failed" };
    } finally {
      clearTimer(timer);
    }
  }

  return {
    get status() {
      return state.status;
    },
    get fetchedAt() {
      return state.fetchedAt;
    },
    fetchAndActivate() {
      // Two callers on one page share one request.
      if (inFlight) return inFlight;
      // Another tab may have fetched meanwhile.
      if (storage) state = read();
      const at = now();
      if (fetchDecision(state, at, minimumIntervalMs) === "throttle") {
        save(afterThrottle(state, at));
        return Promise.resolve(state.status);
      }
      inFlight = attempt().then((outcome) => {
        save(afterFetch(state, outcome, now()));
        inFlight = null;
        return state.status;
      });
      return inFlight;
    },
    getValue(key) {
      const definition = REMOTE_CONFIG_KEYS[key];
      const resolved = resolveRemoteConfig(definition.client ? state.values : {});
      return resolved[key];
    },
  };
}
