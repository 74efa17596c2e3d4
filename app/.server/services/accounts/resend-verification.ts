import type { AccountRole } from "~/domain/account-roles";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { Mailer, MailResult } from "../../integrations/mail/mailer";
import { hitRateLimits } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { findAccount } from "./find-account";
import { sendVerificationMail } from "./send-verification-mail";

export type ResendResult = { ok: true; mail: MailResult | null } | { ok: false; error: "too_many_requests" };

/**
 * Sends the verification mail again. Answers the same whether or not the account exists or is
 * already verified, so the form cannot be used to find out which addresses are registered.
 */
export async function resendVerification({
  db,
  env,
  mailer,
  clientIp,
  input,
}: {
  db: Db;
  env: Env;
  mailer: Mailer;
  clientIp: string;
  input: { role: AccountRole; email: string };
}): Promise<ResendResult> {
  const limited = await hitRateLimits(db, [
    { rule: RATE_LIMITS.resendPerIp, subject: clientIp },
    { rule: RATE_LIMITS.resendPerAccount, subject: input.email },
  ]);
  if (!limited.allowed) return { ok: false, error: "too_many_requests" };
  const account = await findAccount(db, input.role, input.email);
  if (!account || account.emailVerified) return { ok: true, mail: null };
  const mail = await sendVerificationMail({
    env,
    mailer,
    role: input.role,
    to: account.email,
    name: account.name,
    uid: account.id,
  });
  return { ok: true, mail };
}
