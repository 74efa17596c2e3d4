import { z } from "zod";
import type { InAppKind, InAppRecipientType } from "./in-app-notifications";

/**
 * Web push (ADR 0045, docs/decisions/0045-web-push.md): what a subscription must look like, which
 * push services the server may post to, which kinds each role can switch, and the words of the
 * settings. Pure: the API validates with the same schema the tests read.
 */

/** A device's subscription as the browser gives it, at most this many per account. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** An endpoint is a URL the server will POST to: long ones are refused (the real ones are < 600). */
export const PUSH_ENDPOINT_MAX = 2048;
/** The P-256 public key, uncompressed (0x04 ‖ x ‖ y), and the auth secret (RFC 8291 §3). */
export const P256DH_BYTES = 65;
export const AUTH_SECRET_BYTES = 16;

/**
 * The push services of the browsers (Chrome and Edge's FCM, Firefox's autopush, Safari's Apple
 * push, Windows' WNS). `*.` matches any subdomain. PUSH_SERVICE_HOSTS replaces it.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.push.apple.com",
  "*.notify.windows.com",
] as const;

export const PUSH_TEXTS = {
  title: "プッシュ通知",
  lead: "アプリ内の通知（ベルの一覧）はいつでも届きます。この端末でもプッシュ通知を受け取ると、サイトを閉じていても知らせが届きます。",
  deviceOn: "この端末で受け取る",
  deviceOff: "この端末で受け取らない",
  deviceIsOn: "この端末ではプッシュ通知がオンです",
  deviceIsOff: "この端末ではプッシュ通知がオフです",
  unsupported:
    "このブラウザはプッシュ通知に対応していません。iPhone はホーム画面に追加したサイトで受け取れます。",
  denied: "通知が許可されていません。ブラウザの設定でこのサイトの通知を許可してください。",
  failed: "プッシュ通知を設定できませんでした。時間をおいてもう一度お試しください。",
  kindsLabel: "プッシュで受け取る通知",
  kindsSave: "プッシュ通知の設定を保存する",
  shiftHourLabel: "「本日出勤」のお知らせを受け取る時刻",
  shiftHourHint: "フォロー中のキャストが今日出勤するとき、1日1回この時刻にお知らせします（日本時間）。",
  // The API's messages (400).
  invalid: "プッシュ通知の登録内容が正しくありません",
  endpointInvalid: "通知の送り先（endpoint）が正しい URL ではありません",
  endpointTooLong: `通知の送り先（endpoint）は${PUSH_ENDPOINT_MAX.toLocaleString("ja-JP")}文字以内で指定してください`,
  endpointNotAllowed: "この通知サービスには送信できません",
  p256dhInvalid: `keys.p256dh は ${P256DH_BYTES} バイトの公開鍵（base64url）で指定してください`,
  authInvalid: `keys.auth は ${AUTH_SECRET_BYTES} バイトの値（base64url）で指定してください`,
  tooMany: `プッシュ通知を受け取れる端末は${PUSH_SUBSCRIPTIONS_MAX}台までです。使っていない端末をオフにしてください`,
  notFound: "この端末のプッシュ通知は登録されていません",
} as const;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url text, or null when it is not one. */
export function base64UrlBytes(text: string): Uint8Array | null {
  if (!BASE64URL.test(text)) return null;
  const bare = text.replace(/=+$/, "");
  if (bare.length % 4 === 1) return null;
  const binary = atob(
    bare
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(bare.length / 4) * 4, "="),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const keyOf = (bytes: number, message: string, check?: (b: Uint8Array) => boolean) =>
  z
    .string({ error: message })
    .max(200, message)
    .refine((text) => {
      const decoded = base64UrlBytes(text);
      return decoded !== null && decoded.length === bytes && (check?.(decoded) ?? true);
    }, message);

/** `POST /api/push/subscriptions` `{endpoint, keys: {p256dh, auth}}`: the shape, before the host rules. */
export const PushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: PUSH_TEXTS.endpointInvalid })
    .max(PUSH_ENDPOINT_MAX, PUSH_TEXTS.endpointTooLong)
    .refine((text) => parseHttpUrl(text) !== null, PUSH_TEXTS.endpointInvalid),
  keys: z.object(
    {
      // An uncompressed point starts with 0x04.
      p256dh: keyOf(P256DH_BYTES, PUSH_TEXTS.p256dhInvalid, (b) => b[0] === 4),
      auth: keyOf(AUTH_SECRET_BYTES, PUSH_TEXTS.authInvalid),
    },
    { error: PUSH_TEXTS.invalid },
  ),
  // The browser's subscription JSON also carries this (always null for web push): accepted, ignored.
  expirationTime: z.number().nullable().optional(),
});

export const PushUnsubscribeSchema = z.object({
  endpoint: z
    .string({ error: PUSH_TEXTS.endpointInvalid })
    .min(1)
    .max(PUSH_ENDPOINT_MAX, PUSH_TEXTS.endpointTooLong),
});

function parseHttpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password
      ? url
      : null;
  } catch {
    return null;
  }
}

/** A host matches an allow-list entry exactly, or as a subdomain of a `*.` entry. */
export function hostAllowed(host: string, allowList: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return allowList.some((entry) => {
    const e = entry.toLowerCase();
    return e.startsWith("*.") ? h.endsWith(e.slice(1)) && h.length > e.length - 1 : h === e;
  });
}

export type EndpointRefusal = "invalid" | "not_allowed";

/**
 * The rules on an endpoint's URL alone (the address it resolves to is the server's check). In
 * production: https, and a host on the allow list. Outside production a local push service (http,
 * any host) is allowed, for tests and the demo.
 */
export function endpointRefusal(
  endpoint: string,
  rules: { production: boolean; allowHosts: readonly string[] },
): EndpointRefusal | null {
  const url = parseHttpUrl(endpoint);
  if (!url) return "invalid";
  if (!rules.production) return null;
  if (url.protocol !== "https:") return "not_allowed";
  if (url.port && url.port !== "443") return "not_allowed";
  return hostAllowed(url.hostname, rules.allowHosts) ? null : "not_allowed";
}

/**
 * What the push message carries: the notification's title and body, where a tap goes, and a tag
 * (a conversation's pushes replace each other on the device). Nothing else of the account.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The kinds each role can switch off for push (in-app is always on; ADR 0044). */
export const PUSH_KINDS_BY_ROLE = {
  listener: ["message", "live", "post", "shift", "news", "report", "age_verification"],
  staff: ["message", "gift", "follow", "news", "report"],
  liver: ["message", "gift", "follow", "news", "payout"],
} as const satisfies Record<InAppRecipientType, readonly InAppKind[]>;

/** The labels of the push switches. */
export const PUSH_KIND_LABELS = {
  message: "メッセージ",
  gift: "ギフト（アイテム）",
  follow: "新しいフォロワー",
  live: "フォロー中のライブ配信",
  post: "フォロー中の新しい投稿",
  shift: "フォロー中のキャストの本日出勤（1日1回）",
  news: "運営からのお知らせ",
  payout: "振込申請の結果",
  report: "通報の結果",
  age_verification: "年齢確認の結果",
} as const satisfies Record<InAppKind, string>;

/** The hour of the daily shift summary (Tokyo), 6–23; 17:00 unless she chose another. */
export const SHIFT_SUMMARY_DEFAULT_HOUR = 17;
/** 06:00–23:00: the business day starts at 05:00 (docs/decisions/0045), so every hour is "today". */
export const SHIFT_SUMMARY_HOURS = Array.from({ length: 18 }, (_, i) => i + 6);

/** The push switches form: the kinds ticked (of the role's), and the listener's hour. */
export function pushSettingFormSchema(role: InAppRecipientType) {
  const kinds = PUSH_KINDS_BY_ROLE[role] as readonly InAppKind[] as [InAppKind, ...InAppKind[]];
  return z.object({
    push_setting: z
      .array(z.enum(kinds, { error: PUSH_TEXTS.invalid }))
      .max(kinds.length)
      .default([])
      .transform((checked) => Object.fromEntries(kinds.map((kind) => [kind, checked.includes(kind)]))),
    shift_hour:
      role === "listener"
        ? z.coerce
            .number({ error: "時刻を選んでください" })
            .int("時刻を選んでください")
            .min(6, "時刻を選んでください")
            .max(23, "時刻を選んでください")
            .default(SHIFT_SUMMARY_DEFAULT_HOUR)
        : z.undefined().optional(),
  });
}

/** A stored switch: absent means on (a new kind starts on). */
export const pushKindOn = (setting: Record<string, boolean> | null | undefined, kind: InAppKind) =>
  setting?.[kind] !== false;
