import { eq, sql } from "drizzle-orm";
import { type NotificationRecipientType, settingLabel } from "~/domain/notifications";
import type { Db } from "../../db/client";
import { listeners, livers } from "../../db/schema";
import type { Env } from "../../env";
import { hitRateLimit } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { readUnsubscribeToken } from "./unsubscribe-token";

export type UnsubscribeResult =
  | { ok: true; role: NotificationRecipientType; label: string }
  | { ok: false; error: "invalid" | "rate_limited" };

/**
 * Turns off exactly the one mail_setting flag a signed unsubscribe token names (ADR 0025), with
 * no login: the token is the authority. Used by the RFC 8058 one-click POST of mail providers and
 * by the button of the unsubscribe page. Doing it twice is harmless; counted per client address.
 */
export async function unsubscribeByToken({
  db,
  env,
  input,
}: {
  db: Db;
  env: Pick<Env, "authSecret">;
  input: { token: string; clientIp: string };
}): Promise<UnsubscribeResult> {
  if (!(await hitRateLimit(db, RATE_LIMITS.unsubscribePerIp, input.clientIp)).allowed)
    return { ok: false, error: "rate_limited" };
  const subject = readUnsubscribeToken(input.token, env);
  if (!subject) return { ok: false, error: "invalid" };
  // One key of the jsonb set to false, the others untouched (a concurrent settings save keeps its own).
  const off = sql`jsonb_set(mail_setting, ${`{${subject.setting}}`}::text[], 'false'::jsonb, true)`;
  if (subject.role === "listener")
    await db.update(listeners).set({ mail_setting: off }).where(eq(listeners.uid, subject.uid));
  else await db.update(livers).set({ mail_setting: off }).where(eq(livers.uid, subject.uid));
  return { ok: true, role: subject.role, label: settingLabel(subject) };
}
