import type { AccountRole } from "~/domain/account-roles";
import { type Auth, resetMailResult } from "../../auth/create-auth";
import type { Db } from "../../db/client";
import type { MailResult } from "../../integrations/mail/mailer";
import { hitRateLimits } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { findAccount } from "./find-account";

export type RequestResetResult =
  | { ok: true; mail: MailResult | null }
  | { ok: false; error: "too_many_requests" };

/**
 * Mails a single-use reset link valid for one hour (contract §3). Answers the same for unknown
 * addresses. The token and its expiry are better-auth's; the mail goes through our mail port.
 */
export async function requestPasswordReset({
  db,
  auth,
  clientIp,
  input,
}: {
  db: Db;
  auth: Auth;
  clientIp: string;
  input: { role: AccountRole; email: string };
}): Promise<RequestResetResult> {
  const limited = await hitRateLimits(db, [
    { rule: RATE_LIMITS.resetPerIp, subject: clientIp },
    { rule: RATE_LIMITS.resetPerAccount, subject: input.email },
  ]);
  if (!limited.allowed) return { ok: false, error: "too_many_requests" };
  const account = await findAccount(db, input.role, input.email);
  if (!account) return { ok: true, mail: null };
  const holder: { result?: MailResult } = {};
  await resetMailResult.run(holder, () => auth.api.requestPasswordReset({ body: { email: account.email } }));
  return { ok: true, mail: holder.result ?? null };
}
