import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, ensureVapidKeys, parseEnv } from "~/.server/env";
import { isNonPublicAddress, resolvesToPublicOnly } from "~/.server/integrations/push/address-guard";
import { inAppLine, shiftSummaryText } from "~/domain/in-app-notifications";
import {
  base64UrlBytes,
  DEFAULT_PUSH_SERVICE_HOSTS,
  endpointRefusal,
  hostAllowed,
  PUSH_TEXTS,
  PushSubscriptionSchema,
  pushKindOn,
  pushSettingFormSchema,
} from "~/domain/web-push";

const p256dh = () => createECDH("prime256v1").generateKeys().toString("base64url");
const auth = () => randomBytes(16).toString("base64url");

describe("push subscription schema", () => {
  const good = {
    endpoint: "https://fcm.googleapis.com/fcm/send/abc",
    keys: { p256dh: p256dh(), auth: auth() },
  };
  const cases: [string, unknown, string | null][] = [
    ["a browser's subscription", good, null],
    ["with expirationTime null", { ...good, expirationTime: null }, null],
    [
      "p256dh 64 bytes",
      { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(64, 4).toString("base64url") } },
      PUSH_TEXTS.p256dhInvalid,
    ],
    [
      "p256dh compressed point",
      { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 2).toString("base64url") } },
      PUSH_TEXTS.p256dhInvalid,
    ],
    [
      "p256dh not base64url",
      { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(1)}+` } },
      PUSH_TEXTS.p256dhInvalid,
    ],
    ["p256dh with padding", { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh}=` } }, null],
    [
      "auth 15 bytes",
      { ...good, keys: { ...good.keys, auth: randomBytes(15).toString("base64url") } },
      PUSH_TEXTS.authInvalid,
    ],
    [
      "auth 32 bytes",
      { ...good, keys: { ...good.keys, auth: randomBytes(32).toString("base64url") } },
      PUSH_TEXTS.authInvalid,
    ],
    ["auth a number", { ...good, keys: { ...good.keys, auth: 16 } }, PUSH_TEXTS.authInvalid],
    [
      "endpoint 2,049 characters",
      { ...good, endpoint: `https://a.example/${"x".repeat(2031)}` },
      PUSH_TEXTS.endpointTooLong,
    ],
    ["endpoint 2,048 characters", { ...good, endpoint: `https://a.example/${"x".repeat(2030)}` }, null],
    ["endpoint not a URL", { ...good, endpoint: "fcm.googleapis.com/x" }, PUSH_TEXTS.endpointInvalid],
    ["endpoint javascript:", { ...good, endpoint: "javascript:alert(1)" }, PUSH_TEXTS.endpointInvalid],
    [
      "endpoint with credentials",
      { ...good, endpoint: "https://u:p@fcm.googleapis.com/x" },
      PUSH_TEXTS.endpointInvalid,
    ],
    ["no keys", { endpoint: good.endpoint }, PUSH_TEXTS.invalid],
  ];
  it.each(cases)("%s", (_name, input, message) => {
    const parsed = PushSubscriptionSchema.safeParse(input);
    if (message === null) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it("base64url decoding", () => {
    expect(base64UrlBytes("AQID")).toEqual(new Uint8Array([1, 2, 3]));
    expect(base64UrlBytes("-_8")).toEqual(new Uint8Array([251, 255]));
    expect(base64UrlBytes("A")).toBeNull();
    expect(base64UrlBytes("a/b")).toBeNull();
  });
});

describe("push service hosts", () => {
  const cases: [string, boolean][] = [
    ["fcm.googleapis.com", true],
    ["FCM.googleapis.com.", true],
    ["evil-fcm.googleapis.com", false],
    ["fcm.googleapis.com.evil.example", false],
    ["web.push.apple.com", true],
    ["push.apple.com", false],
    ["api.push.apple.com", true],
    ["wns2-par02p.notify.windows.com", true],
    ["updates.push.services.mozilla.com", true],
    ["notify.windows.com.example", false],
  ];
  it.each(cases)("%s allowed: %s", (host, allowed) => {
    expect(hostAllowed(host, DEFAULT_PUSH_SERVICE_HOSTS)).toBe(allowed);
  });

  const production = { production: true, allowHosts: [...DEFAULT_PUSH_SERVICE_HOSTS] };
  const rules: [string, boolean, ReturnType<typeof endpointRefusal>][] = [
    ["https://fcm.googleapis.com/fcm/send/x", true, null],
    ["https://fcm.googleapis.com:443/fcm/send/x", true, null],
    ["https://fcm.googleapis.com:8443/fcm/send/x", true, "not_allowed"],
    ["http://fcm.googleapis.com/fcm/send/x", true, "not_allowed"],
    ["https://127.0.0.1/push", true, "not_allowed"],
    ["http://127.0.0.1:4000/push/x", false, null],
    ["not a url", false, "invalid"],
  ];
  it.each(rules)("%s (production %s) → %s", (endpoint, isProduction, refusal) => {
    expect(endpointRefusal(endpoint, { ...production, production: isProduction })).toBe(refusal);
  });
});

describe("addresses a push service never has", () => {
  const cases: [string, boolean][] = [
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["10.0.0.1", true],
    ["172.16.0.1", true],
    ["172.31.255.255", true],
    ["172.32.0.1", false],
    ["192.168.1.1", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["0.0.0.0", true],
    ["224.0.0.1", true],
    ["142.250.196.138", false],
    ["8.8.8.8", false],
    ["::1", true],
    ["::", true],
    ["fe80::1", true],
    ["fd00::1", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:8.8.8.8", false],
    ["2404:6800:4004:80a::200a", false],
    ["not-an-ip", true],
  ];
  it.each(cases)("%s non-public: %s", (address, blocked) => {
    expect(isNonPublicAddress(address)).toBe(blocked);
  });

  it("judges every address a name resolves to", async () => {
    const resolve = (addresses: string[]) => async () => addresses.map((address) => ({ address }));
    expect(await resolvesToPublicOnly("push.example", resolve(["8.8.8.8"]))).toBe(true);
    expect(await resolvesToPublicOnly("push.example", resolve(["8.8.8.8", "10.1.2.3"]))).toBe(false);
    expect(await resolvesToPublicOnly("push.example", resolve([]))).toBe(false);
    expect(
      await resolvesToPublicOnly("push.example", async () => {
        throw new Error("ENOTFOUND");
      }),
    ).toBe(false);
    expect(await resolvesToPublicOnly("[::1]")).toBe(false);
  });
});

describe("push settings", () => {
  it("a stored switch: absent is on", () => {
    expect(pushKindOn(null, "message")).toBe(true);
    expect(pushKindOn({ message: false }, "message")).toBe(false);
    expect(pushKindOn({ message: false }, "news")).toBe(true);
  });
  it("the form: ticked kinds of the role, the listener's hour 6–23", () => {
    const listener = pushSettingFormSchema("listener");
    expect(listener.parse({ push_setting: ["shift", "message"], shift_hour: "20" })).toEqual({
      push_setting: {
        message: true,
        live: false,
        post: false,
        shift: true,
        news: false,
        report: false,
        age_verification: false,
      },
      shift_hour: 20,
    });
    expect(listener.safeParse({ push_setting: [], shift_hour: "3" }).success).toBe(false);
    expect(listener.safeParse({ push_setting: ["gift"] }).success).toBe(false);
    expect(pushSettingFormSchema("staff").parse({}).push_setting).toEqual({
      message: false,
      gift: false,
      follow: false,
      news: false,
      report: false,
    });
  });
});

describe("the shift summary's words", () => {
  it.each([
    [["あかり"], "本日出勤：あかりさん", "フォロー中の1人が今日出勤します"],
    [
      ["あかり", "みさき", "ゆい"],
      "本日出勤：あかりさん、みさきさん、ゆいさん",
      "フォロー中の3人が今日出勤します",
    ],
    [
      ["あ", "い", "う", "え", "お"],
      "本日出勤：あさん、いさん、うさん ほか2人",
      "フォロー中の5人が今日出勤します",
    ],
  ])("%j", (names, title, body) => {
    expect(shiftSummaryText(names)).toEqual({ title, body });
  });
  it("only listeners get it; the report outcome only its reporter", () => {
    expect(inAppLine({ kind: "shift_summary" }, "staff")).toBeNull();
    expect(inAppLine({ kind: "shift_summary" }, "listener")?.kind).toBe("shift");
    const report = { kind: "report_outcome", outcome: "blocked", reporter: "staff" } as const;
    expect(inAppLine(report, "listener")).toBeNull();
    expect(inAppLine(report, "staff")).toMatchObject({ kind: "report", url: "/staff/mypage" });
  });
});

describe("VAPID configuration", () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), "vapid-"));
  it("made once into DATA_DIR outside production, and kept", () => {
    const dir = dataDir();
    const first = ensureVapidKeys(parseEnv({ DATA_DIR: dir }));
    expect(first.push.vapid?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.push.vapid?.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.push.vapid?.subject).toMatch(/^mailto:/);
    expect(ensureVapidKeys(parseEnv({ DATA_DIR: dir })).push.vapid).toEqual(first.push.vapid);
  });
  it("required in production, naming each missing variable", () => {
    let error: unknown;
    try {
      parseEnv({ NODE_ENV: "production", VAPID_PUBLIC_KEY: p256dh() });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(EnvError);
    const issues = (error as EnvError).issues.join("\n");
    expect(issues).toContain("VAPID_PRIVATE_KEY: required when NODE_ENV=production");
    expect(issues).toContain("VAPID_SUBJECT: required when NODE_ENV=production");
    expect(issues).not.toContain("VAPID_PUBLIC_KEY:");
  });
  it("a malformed key or subject stops the start", () => {
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: "short" })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => parseEnv({ VAPID_SUBJECT: "ops@example.com" })).toThrow(/VAPID_SUBJECT/);
    expect(() => parseEnv({ VAPID_SUBJECT: "mailto:ops@example.com" })).toThrow(/VAPID_PUBLIC_KEY: missing/);
    expect(parseEnv({ PUSH_SERVICE_HOSTS: "push.example.com, *.push.example.net" }).push.allowHosts).toEqual([
      "push.example.com",
      "*.push.example.net",
    ]);
  });
});
