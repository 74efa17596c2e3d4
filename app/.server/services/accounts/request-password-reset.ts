import type { AccountRole } from "~/domain/account-roles";
import type { Auth } from "../../auth/create-auth";
import type { Db } from "../../db/client";
import { hitRateLimits } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { findAccount } from "./find-account";

export type RequestResetResult = { ok: true } | { ok: false; error: "too_many_requests" };

/**
 * Mails a single-use reset link valid for one hour (ADR 0021). Answers the same for unknown
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
  if (account) await auth.api.requestPasswordReset({ body: { email: account.email } });
  return { ok: true };
}
