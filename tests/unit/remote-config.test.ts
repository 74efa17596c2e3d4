import { describe, expect, it } from "vitest";
import {
  createRemoteConfigClient,
  REMOTE_CONFIG_STORAGE_KEY,
} from "~/components/remote-config/remote-config-client";
import {
  clientRemoteConfig,
  fitsRemoteConfigKey,
  formatRemoteConfigValue,
  parseRemoteConfigInput,
  REMOTE_CONFIG_DEFAULTS,
  REMOTE_CONFIG_KEYS,
  REMOTE_CONFIG_MESSAGES,
  type RemoteConfigKeyDefinition,
  resolveRemoteConfig,
} from "~/domain/remote-config";
import {
  afterFetch,
  afterThrottle,
  type FetchOutcome,
  fetchDecision,
  INITIAL_REMOTE_CONFIG_STATE,
  parseRemoteConfigState,
  REMOTE_CONFIG_FETCH_TIMEOUT_MS,
  REMOTE_CONFIG_MIN_INTERVAL_MS,
  type RemoteConfigState,
} from "~/domain/remote-config-fetch";

// The remote configuration (ADR 0033, docs/product.md): the keys' types and the operator's input,
// and the browser client's rules — 60 s timeout, 12 h minimum interval, the four statuses — with a
// fake clock that also drives the timeout.

const NUMBER: RemoteConfigKeyDefinition = REMOTE_CONFIG_KEYS.live_max_viewers;
const YEN: RemoteConfigKeyDefinition = REMOTE_CONFIG_KEYS.payout_min_yen;
const WORDS: RemoteConfigKeyDefinition = REMOTE_CONFIG_KEYS.blocked_words;
const SWITCH: RemoteConfigKeyDefinition = REMOTE_CONFIG_KEYS.shop_entry_open;
const LINE: RemoteConfigKeyDefinition = {
  type: "string",
  default: "",
  maxLength: 10,
  multiline: false,
  label: "一行",
  help: "",
  client: true,
};

describe("the keys", () => {
  it("have the defaults the other branches rely on", () => {
    expect(REMOTE_CONFIG_DEFAULTS).toMatchObject({
      live_max_viewers: 50,
      blocked_words: "",
      payout_min_yen: 5000,
    });
    for (const definition of Object.values(REMOTE_CONFIG_KEYS) as RemoteConfigKeyDefinition[])
      expect(fitsRemoteConfigKey(definition, definition.default), definition.label).toBe(true);
  });

  it.each([
    [NUMBER, "120", { ok: true, value: 120 }],
    [NUMBER, " １，２００ ", { ok: true, value: 1200 }],
    [NUMBER, "10000", { ok: true, value: 10000 }],
    [NUMBER, "10001", { ok: false, message: "1人以上10,000人以下で入力してください" }],
    [NUMBER, "0", { ok: false, message: "1人以上10,000人以下で入力してください" }],
    [NUMBER, "-3", { ok: false, message: "1人以上10,000人以下で入力してください" }],
    [NUMBER, "2.5", { ok: false, message: "小数点のない整数で入力してください" }],
    [NUMBER, "", { ok: false, message: "半角または全角の数字で入力してください" }],
    [NUMBER, "50人", { ok: false, message: "半角または全角の数字で入力してください" }],
    [NUMBER, "1e3", { ok: false, message: "半角または全角の数字で入力してください" }],
    [YEN, "５０００", { ok: true, value: 5000 }],
    [YEN, "10,000,001", { ok: false, message: "1円以上10,000,000円以下で入力してください" }],
    [SWITCH, "true", { ok: true, value: true }],
    [SWITCH, "false", { ok: true, value: false }],
    [SWITCH, "", { ok: false, message: "どちらかを選んでください" }],
    [SWITCH, "yes", { ok: false, message: "どちらかを選んでください" }],
    [WORDS, "ばか\r\nあほ  \r\n\r\n", { ok: true, value: "ばか\nあほ" }],
    [WORDS, "", { ok: true, value: "" }],
    [WORDS, "あ".repeat(10_001), { ok: false, message: "10,000文字以内で入力してください" }],
    [LINE, " abc\ndef ", { ok: true, value: "abc def" }],
    [LINE, "abcdefghijk", { ok: false, message: "10文字以内で入力してください" }],
  ] as const)("%o %j → %j", (definition, raw, expected) => {
    expect(parseRemoteConfigInput(definition, raw)).toEqual(expected);
  });

  it("stored values count only while they fit their key; unknown keys are dropped", () => {
    expect(
      resolveRemoteConfig({
        live_max_viewers: 80,
        payout_min_yen: "5000",
        shop_entry_open: false,
        blocked_words: 3,
        retired_key: "x",
      }),
    ).toEqual({
      ...REMOTE_CONFIG_DEFAULTS,
      live_max_viewers: 80,
      payout_min_yen: 5000,
      shop_entry_open: false,
      blocked_words: "",
    });
    // A list that lost its form falls back to the default too.
    expect(resolveRemoteConfig({ gift_tier_coins: "1000,100" }).gift_tier_coins).toBe("100,1000");
    expect(resolveRemoteConfig({ gift_tier_coins: "200,2000" }).gift_tier_coins).toBe("200,2000");
    expect(resolveRemoteConfig({ live_max_viewers: 0.5 }).live_max_viewers).toBe(50);
    expect(resolveRemoteConfig({ live_max_viewers: 99_999 }).live_max_viewers).toBe(50);
    expect(resolveRemoteConfig({ live_max_viewers: Number.NaN }).live_max_viewers).toBe(50);
  });

  it("only the keys marked for clients go to browsers (the blocked words stay on the server)", () => {
    expect(Object.keys(clientRemoteConfig(REMOTE_CONFIG_DEFAULTS)).sort()).toEqual([
      "fan_level_thresholds",
      "gift_confirm_coins",
      "gift_tier_coins",
      "live_max_viewers",
      "payout_min_yen",
      "shop_entry_open",
    ]);
  });

  it.each([
    ["gift_tier_coins", "100,1000", null],
    ["gift_tier_coins", "１００，１０００", null],
    ["gift_tier_coins", "100, 1000", null],
    ["gift_tier_coins", "1000,100", REMOTE_CONFIG_MESSAGES.tierThresholds],
    ["gift_tier_coins", "100", REMOTE_CONFIG_MESSAGES.tierThresholds],
    ["gift_tier_coins", "0,100", REMOTE_CONFIG_MESSAGES.tierThresholds],
    ["gift_tier_coins", "100,100", REMOTE_CONFIG_MESSAGES.tierThresholds],
    ["gift_tier_coins", "a,b", REMOTE_CONFIG_MESSAGES.tierThresholds],
    ["fan_level_thresholds", "1,2,3,4,5,6,7,8,9", null],
    ["fan_level_thresholds", "1,2,3,4,5,6,7,8", REMOTE_CONFIG_MESSAGES.fanThresholds],
    ["fan_level_thresholds", "9,8,7,6,5,4,3,2,1", REMOTE_CONFIG_MESSAGES.fanThresholds],
  ] as const)("%s typed as %j: %s", (key, raw, message) => {
    const parsed = parseRemoteConfigInput(REMOTE_CONFIG_KEYS[key], raw);
    if (message === null) expect(parsed.ok).toBe(true);
    else expect(parsed).toEqual({ ok: false, message });
  });

  it.each([
    [NUMBER, 1200, "1,200人"],
    [YEN, 5000, "5,000円"],
    [SWITCH, true, "受け付ける"],
    [SWITCH, false, "停止する"],
    [WORDS, "", "（空）"],
  ] as const)("shows %o %j as %s", (definition, value, shown) => {
    expect(formatRemoteConfigValue(definition, value)).toBe(shown);
  });
});

describe("the fetch rules", () => {
  const HOUR = 3_600_000;
  const at = (hours: number) => 1_800_000_000_000 + hours * HOUR;
  const fetched: RemoteConfigState = {
    values: { live_max_viewers: 80 },
    etag: '"v1"',
    fetchedAt: at(0),
    status: "success",
    lastAttemptAt: at(0),
  };

  it("keeps the documented limits", () => {
    expect(REMOTE_CONFIG_FETCH_TIMEOUT_MS).toBe(60_000);
    expect(REMOTE_CONFIG_MIN_INTERVAL_MS).toBe(12 * HOUR);
  });

  it.each([
    ["never fetched", INITIAL_REMOTE_CONFIG_STATE, at(0), "fetch"],
    ["just fetched", fetched, at(0), "throttle"],
    ["11 h 59 min later", fetched, at(12) - 60_000, "throttle"],
    ["12 h later", fetched, at(12), "fetch"],
    ["a day later", fetched, at(24), "fetch"],
    ["the clock went back", fetched, at(-1), "fetch"],
    [
      "only failures so far",
      { ...INITIAL_REMOTE_CONFIG_STATE, status: "failure", lastAttemptAt: at(0) },
      at(0),
      "fetch",
    ],
  ] as const)("%s → %s", (_name, state, now, decision) => {
    expect(fetchDecision(state, now)).toBe(decision);
  });

  const outcomes: [string, RemoteConfigState, FetchOutcome, Partial<RemoteConfigState>][] = [
    [
      "first success",
      INITIAL_REMOTE_CONFIG_STATE,
      { kind: "ok", values: { payout_min_yen: 3000 }, etag: '"v2"' },
      { values: { payout_min_yen: 3000 }, etag: '"v2"', fetchedAt: at(1), status: "success" },
    ],
    [
      "not modified keeps the values, restarts the 12 h",
      { ...fetched, status: "throttle" },
      { kind: "not-modified" },
      { values: fetched.values, etag: '"v1"', fetchedAt: at(1), status: "success" },
    ],
    [
      "failure keeps the values and the time of the last success",
      fetched,
      { kind: "failed" },
      { values: fetched.values, fetchedAt: at(0), status: "failure", lastAttemptAt: at(1) },
    ],
    [
      "failure before any success",
      INITIAL_REMOTE_CONFIG_STATE,
      { kind: "failed" },
      { values: {}, fetchedAt: null, status: "failure" },
    ],
  ];
  it.each(outcomes)("%s", (_name, state, outcome, expected) => {
    expect(afterFetch(state, outcome, at(1))).toMatchObject(expected);
  });

  it("a throttled request changes only the status", () => {
    expect(afterThrottle(fetched, at(2))).toEqual({ ...fetched, status: "throttle", lastAttemptAt: at(2) });
  });

  it.each([
    [null, INITIAL_REMOTE_CONFIG_STATE],
    ["not json", INITIAL_REMOTE_CONFIG_STATE],
    ["[1,2]", INITIAL_REMOTE_CONFIG_STATE],
    [JSON.stringify(fetched), fetched],
    [
      JSON.stringify({ values: "x", etag: 5, fetchedAt: "yesterday", status: "done" }),
      INITIAL_REMOTE_CONFIG_STATE,
    ],
  ])("reads the stored state %s", (raw, state) => {
    expect(parseRemoteConfigState(raw)).toEqual(state);
  });
});

/** A clock whose timers fire only when the test moves it on. */
class FakeClock {
  time = 1_800_000_000_000;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private ids = 0;
  now = () => this.time;
  setTimer = (run: () => void, ms: number) => {
    const id = ++this.ids;
    this.timers.push({ at: this.time + ms, run, id });
    return id;
  };
  clearTimer = (id: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== id);
  };
  advance(ms: number) {
    this.time += ms;
    const due = this.timers.filter((t) => t.at <= this.time);
    this.timers = this.timers.filter((t) => t.at > this.time);
    for (const timer of due) timer.run();
  }
  get pending() {
    return this.timers.length;
  }
}

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

type Reply = { status: number; body?: unknown; etag?: string } | "network-error" | "hang";

/** The server: answers queued replies in order and records what each request sent. */
function fakeServer(replies: Reply[]) {
  const requests: { url: string; ifNoneMatch: string | null; signal: AbortSignal }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    requests.push({ url, ifNoneMatch: headers.get("If-None-Match"), signal: init.signal as AbortSignal });
    const reply = replies.shift() ?? "network-error";
    if (reply === "network-error") throw new TypeError("Failed to fetch");
    if (reply === "hang")
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    return new Response(reply.status === 304 ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: reply.etag ? { ETag: reply.etag } : {},
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, requests };
}

describe("the browser client, on a fake clock", () => {
  const HOUR = 3_600_000;

  function setUp(replies: Reply[], storage = new MemoryStorage()) {
    const clock = new FakeClock();
    const server = fakeServer(replies);
    const client = () =>
      createRemoteConfigClient({
        fetch: server.fetch,
        storage,
        now: clock.now,
        setTimer: clock.setTimer,
        clearTimer: clock.clearTimer,
      });
    return { clock, server, storage, client };
  }

  it("no-fetch-yet → success → throttle for 12 h → success with a 304, across pages", async () => {
    const { clock, server, storage, client } = setUp([
      { status: 200, body: { values: { live_max_viewers: 120, payout_min_yen: 8000 } }, etag: '"a"' },
      { status: 304 },
    ]);
    const page1 = client();
    expect(page1.status).toBe("no-fetch-yet");
    expect(page1.getValue("live_max_viewers")).toBe(50);
    expect(await page1.fetchAndActivate()).toBe("success");
    expect(page1.getValue("live_max_viewers")).toBe(120);
    expect(page1.getValue("payout_min_yen")).toBe(8000);
    expect(page1.getValue("shop_entry_open")).toBe(true); // not sent: the default
    expect(clock.pending).toBe(0); // the timeout was cleared

    // Another page an hour later: the values from storage, no request.
    clock.advance(HOUR);
    const page2 = client();
    expect(page2.getValue("live_max_viewers")).toBe(120);
    expect(await page2.fetchAndActivate()).toBe("throttle");
    expect(server.requests).toHaveLength(1);
    clock.advance(11 * HOUR - 1);
    expect(await page2.fetchAndActivate()).toBe("throttle");
    expect(server.requests).toHaveLength(1);

    // 12 hours after the success: a request with the ETag, answered 304.
    clock.advance(1);
    expect(await page2.fetchAndActivate()).toBe("success");
    expect(server.requests.map((r) => r.ifNoneMatch)).toEqual([null, '"a"']);
    expect(server.requests[1]?.url).toBe("/api/config");
    expect(page2.getValue("live_max_viewers")).toBe(120);
    expect(page2.fetchedAt).toBe(clock.time);
    expect(JSON.parse(storage.getItem(REMOTE_CONFIG_STORAGE_KEY)!)).toMatchObject({
      status: "success",
      etag: '"a"',
    });
  });

  it("failure keeps the values held and does not wait 12 h to try again", async () => {
    const { clock, server, client } = setUp([
      { status: 200, body: { values: { live_max_viewers: 70 } }, etag: '"a"' },
      { status: 503, body: { error: {} } },
      "network-error",
      { status: 200, body: "not the config" },
      { status: 200, body: { values: { live_max_viewers: 90 } }, etag: '"b"' },
    ]);
    const config = client();
    await config.fetchAndActivate();
    clock.advance(13 * HOUR);
    expect(await config.fetchAndActivate()).toBe("failure");
    expect(config.getValue("live_max_viewers")).toBe(70);
    expect(await config.fetchAndActivate()).toBe("failure");
    expect(await config.fetchAndActivate()).toBe("failure");
    expect(await config.fetchAndActivate()).toBe("success");
    expect(config.getValue("live_max_viewers")).toBe(90);
    expect(server.requests).toHaveLength(5);
  });

  it("gives up after 60 s: failure, the request aborted", async () => {
    const { clock, server, client } = setUp(["hang"]);
    const config = client();
    const pending = config.fetchAndActivate();
    clock.advance(REMOTE_CONFIG_FETCH_TIMEOUT_MS - 1);
    expect(server.requests[0]?.signal.aborted).toBe(false);
    clock.advance(1);
    expect(server.requests[0]?.signal.aborted).toBe(true);
    expect(await pending).toBe("failure");
    expect(config.getValue("payout_min_yen")).toBe(5000);
  });

  it("two callers on one page share one request", async () => {
    const { server, client } = setUp([{ status: 200, body: { values: {} }, etag: '"a"' }]);
    const config = client();
    const [a, b] = await Promise.all([config.fetchAndActivate(), config.fetchAndActivate()]);
    expect([a, b]).toEqual(["success", "success"]);
    expect(server.requests).toHaveLength(1);
  });

  it("a value of the wrong type from the server is not used", async () => {
    const { client } = setUp([
      { status: 200, body: { values: { live_max_viewers: "many", shop_entry_open: false } } },
    ]);
    const config = client();
    await config.fetchAndActivate();
    expect(config.getValue("live_max_viewers")).toBe(50);
    expect(config.getValue("shop_entry_open")).toBe(false);
  });

  it("works without storage (private mode): the state lives for the page", async () => {
    const clock = new FakeClock();
    const server = fakeServer([{ status: 200, body: { values: { live_max_viewers: 10 } } }]);
    const config = createRemoteConfigClient({
      fetch: server.fetch,
      storage: null,
      now: clock.now,
      setTimer: clock.setTimer,
      clearTimer: clock.clearTimer,
    });
    expect(await config.fetchAndActivate()).toBe("success");
    expect(await config.fetchAndActivate()).toBe("throttle");
    expect(config.getValue("live_max_viewers")).toBe(10);
  });
});
