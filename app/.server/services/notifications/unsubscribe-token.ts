import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { type NotificationSetting, notificationSetting } from "~/domain/notifications";
import type { Env } from "../../env";

/**
 * The signed token of a one-click unsubscribe link (RFC 8058, ADR 0025): it names the account,
 * its role and the one setting, and is signed with HMAC-SHA256 under a key derived from
 * AUTH_SECRET. No database row: a notification fan-out writes 100,000 mails without a token
 * table, and a token can do one harmless thing (turn a flag off) however often it is used.
 *
 *   token = base64url("v1:{role}:{setting}:{uid}") "." base64url(hmac)
 */
export type UnsubscribeSubject = NotificationSetting & { uid: string };

const VERSION = "v1";

// A fan-out signs 100,000 links: the derived key is kept per secret instead of derived each time.
const keys = new Map<string, Buffer>();

function key(authSecret: string): Buffer {
  if (!authSecret) throw new Error("AUTH_SECRET is needed to sign unsubscribe links");
  let derived = keys.get(authSecret);
  if (!derived) {
    derived = Buffer.from(hkdfSync("sha256", authSecret, "yoru-notification-mail", "unsubscribe-token", 32));
    keys.set(authSecret, derived);
  }
  return derived;
}

function sign(body: string, authSecret: string): Buffer {
  return createHmac("sha256", key(authSecret)).update(body).digest();
}

export function createUnsubscribeToken(subject: UnsubscribeSubject, env: Pick<Env, "authSecret">): string {
  const body = Buffer.from(`${VERSION}:${subject.role}:${subject.setting}:${subject.uid}`).toString(
    "base64url",
  );
  return `${body}.${sign(body, env.authSecret).toString("base64url")}`;
}

/** The subject of a well-signed token, or null for anything else (tampered, truncated, unknown flag). */
export function readUnsubscribeToken(token: string, env: Pick<Env, "authSecret">): UnsubscribeSubject | null {
  if (token.length > 512) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) return null;
  const [, body = "", signature = ""] = match;
  const given = Buffer.from(signature, "base64url");
  const expected = sign(body, env.authSecret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // Base64 leaves the last character's low bits unused: only the one spelling we issue is valid.
  if (given.toString("base64url") !== signature) return null;
  const [version, role = "", setting = "", ...uid] = Buffer.from(body, "base64url")
    .toString("utf8")
    .split(":");
  if (version !== VERSION || uid.length === 0) return null;
  const flag = notificationSetting(role, setting);
  if (!flag) return null;
  return { ...flag, uid: uid.join(":") } as UnsubscribeSubject;
}

/** The page and one-click address of a token. */
export function unsubscribeUrl(
  subject: UnsubscribeSubject,
  env: Pick<Env, "authSecret" | "baseUrl">,
): string {
  return `${env.baseUrl}/unsubscribe/${createUnsubscribeToken(subject, env)}`;
}
