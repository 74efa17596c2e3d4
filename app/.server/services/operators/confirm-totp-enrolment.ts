import { and, eq, isNull } from "drizzle-orm";
import { isTotpCode, normalizeTotpCode, OPERATOR_SESSION_SECONDS } from "~/domain/admin";
import type { Auth } from "../../auth/create-auth";
import { matchTotpStep, openTotpSecret } from "../../auth/totp";
import type { Db } from "../../db/client";
import { operatorSessions, operators, session } from "../../db/schema/index";
import type { Env } from "../../env";
import { hitRateLimit, releaseRateLimit } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { findPendingEnrolment } from "./operator-session";
import { writeAudit } from "./write-audit";

export type ConfirmEnrolmentResult =
  | { ok: true }
  | { ok: false; error: "expired" | "code_format" | "code_wrong" | "too_many_attempts" };

/**
 * The enrolment's confirmation: a code from the app proves it holds the secret. Then, in one
 * transaction, the secret becomes the operator's (with the code's step as the last one used), the
 * session becomes an operator session of the usual length, and the audit log records it.
 */
export async function confirmTotpEnrolment({
  db,
  auth,
  env,
  request,
  clientIp,
  input,
  now = new Date(),
}: {
  db: Db;
  auth: Auth;
  env: Pick<Env, "authSecret">;
  request: Request;
  clientIp: string;
  input: { code: string };
  now?: Date;
}): Promise<ConfirmEnrolmentResult> {
  const pending = await findPendingEnrolment(db, auth, request, now);
  const secret = pending?.totpSecret ? openTotpSecret(pending.totpSecret, env.authSecret) : null;
  if (!pending || !secret) return { ok: false, error: "expired" };
  const code = normalizeTotpCode(input.code);
  if (!isTotpCode(code)) return { ok: false, error: "code_format" };
  // The attempt takes its place in the limit before the code is checked (concurrent guesses
  // cannot all pass) and gives it back when the code was right.
  if (!(await hitRateLimit(db, RATE_LIMITS.adminTotpPerAccount, pending.uid, now)).allowed)
    return { ok: false, error: "too_many_attempts" };
  const step = matchTotpStep(secret, code, now);
  if (step === null) return { ok: false, error: "code_wrong" };
  await releaseRateLimit(db, RATE_LIMITS.adminTotpPerAccount, pending.uid, now);
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_SECONDS * 1000);
  const done = await db.transaction(async (tx) => {
    const [enrolled] = await tx
      .update(operators)
      .set({ totp_enrolled_at: now, totp_last_step: step })
      .where(and(eq(operators.uid, pending.uid), isNull(operators.totp_enrolled_at)))
      .returning({ uid: operators.uid });
    if (!enrolled) return false;
    await tx
      .update(operatorSessions)
      .set({ verified_at: now, expires_at: expiresAt })
      .where(eq(operatorSessions.session_id, pending.sessionId));
    await tx.update(session).set({ expiresAt }).where(eq(session.id, pending.sessionId));
    await writeAudit(
      tx,
      { uid: pending.uid, email: pending.email, ip: clientIp },
      { action: "login.totp_enrolled", targetType: "operator", targetId: pending.uid },
    );
    return true;
  });
  return done ? { ok: true } : { ok: false, error: "expired" };
}
