import { and, eq, isNull, lt, or } from "drizzle-orm";
import { ENROLMENT_SECONDS, isTotpCode, normalizeTotpCode, OPERATOR_SESSION_SECONDS } from "~/domain/admin";
import type { Auth } from "../../auth/create-auth";
import { spendPasswordCheck } from "../../auth/password-work";
import { verifyPassword } from "../../auth/passwords";
import { generateTotpSecret, matchTotpStep, openTotpSecret, sealTotpSecret } from "../../auth/totp";
import type { Db } from "../../db/client";
import { operatorSessions, operators, session } from "../../db/schema/index";
import type { Env } from "../../env";
import { hitRateLimit, releaseRateLimit } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { createAuthSession, findOperatorByEmail, type OperatorRecord } from "./operator-session";
import { writeAudit } from "./write-audit";

export interface SignInOperatorInput {
  email: string;
  password: string;
  /** The 6-digit TOTP code; empty at the first login, before enrolment. */
  code: string;
}

export type SignInOperatorResult =
  | { ok: true; next: "admin" | "enroll"; headers: Headers }
  | { ok: false; error: "invalid" | "too_many_attempts" | "login_failed" };

/**
 * `/admin/login` (ADR 0033): e-mail, password and a TOTP code, all on one form. The answer to
 * a wrong address, password or code is the same, so the form tells an attacker nothing. An
 * operator without a TOTP secret yet (first login, or after `reset-totp`) gets a fresh secret and
 * a session that only opens the enrolment page. Limits: every attempt per address, failed
 * passwords per account and address, wrong codes per account. A code is accepted once: its time
 * step must be later than the last one accepted, checked and recorded in one conditional update.
 */
export async function signInOperator({
  db,
  auth,
  env,
  clientIp,
  input,
  now = new Date(),
}: {
  db: Db;
  auth: Auth;
  env: Pick<Env, "authSecret">;
  clientIp: string;
  input: SignInOperatorInput;
  now?: Date;
}): Promise<SignInOperatorResult> {
  const email = input.email.trim().toLowerCase();
  if (!(await hitRateLimit(db, RATE_LIMITS.adminLoginPerIp, clientIp, now)).allowed)
    return { ok: false, error: "too_many_attempts" };
  const operator = await findOperatorByEmail(db, email);
  // Each attempt takes its place in the failure limits before anything is checked, and gives it
  // back once what it counts turned out right: concurrent guesses cannot all pass a limit that was
  // read before any of them failed.
  const passwordKey = `${operator?.uid ?? email}|${clientIp}`;
  const byPassword = await hitRateLimit(db, RATE_LIMITS.adminPasswordPerAccountIp, passwordKey, now);
  const byCode = operator ? await hitRateLimit(db, RATE_LIMITS.adminTotpPerAccount, operator.uid, now) : null;
  if (!byPassword.allowed || (byCode && !byCode.allowed)) return { ok: false, error: "too_many_attempts" };
  const passwordRight = () => releaseRateLimit(db, RATE_LIMITS.adminPasswordPerAccountIp, passwordKey, now);
  const codeRight = async () => {
    if (operator) await releaseRateLimit(db, RATE_LIMITS.adminTotpPerAccount, operator.uid, now);
  };

  const actor = operator ? { uid: operator.uid, email: operator.email, ip: clientIp } : null;
  const refuse = async (reason: "password" | "code" | "replayed") => {
    // A wrong password keeps its place in the password limit (the code was not tried); a wrong
    // code its place in the code limit (the password was given back when it proved right).
    if (reason === "password") await codeRight();
    if (actor)
      await writeAudit(db, actor, {
        action: "login.failed",
        targetType: "operator",
        targetId: actor.uid,
        details: { reason },
      });
    return { ok: false, error: "invalid" } as const;
  };

  if (!operator?.passwordHash) {
    // The same scrypt work as for a real account: the answer's timing does not tell whether an
    // address is an operator's.
    await spendPasswordCheck(input.password);
    return refuse("password");
  }
  if (!(await verifyPassword({ hash: operator.passwordHash, password: input.password })))
    return refuse("password");
  await passwordRight();

  if (!operator.enrolledAt) {
    // No code yet: enrolment checks its first code against the same limit.
    await codeRight();
    return beginEnrolment({ db, auth, env, operator, password: input.password, clientIp, now });
  }

  const code = normalizeTotpCode(input.code);
  const secret = operator.totpSecret ? openTotpSecret(operator.totpSecret, env.authSecret) : null;
  if (!secret) {
    // Sealed under another AUTH_SECRET: only `npm run operator -- reset-totp` helps.
    console.error(
      `[admin-login] the TOTP secret of operator ${operator.uid} cannot be opened (AUTH_SECRET changed?)`,
    );
    await codeRight();
    return { ok: false, error: "login_failed" };
  }
  if (!isTotpCode(code)) return refuse("code");
  const step = matchTotpStep(secret, code, now);
  if (step === null) return refuse("code");
  if (operator.lastStep !== null && step <= operator.lastStep) return refuse("replayed");

  const created = await createAuthSession(auth, db, { email: operator.email, password: input.password });
  if (!created) return { ok: false, error: "login_failed" };
  await codeRight();
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_SECONDS * 1000);
  const accepted = await db.transaction(async (tx) => {
    const [taken] = await tx
      .update(operators)
      .set({ totp_last_step: step })
      .where(
        and(
          eq(operators.uid, operator.uid),
          or(isNull(operators.totp_last_step), lt(operators.totp_last_step, step)),
        ),
      )
      .returning({ uid: operators.uid });
    if (!taken) return false;
    await tx.insert(operatorSessions).values({
      session_id: created.sessionId,
      operator_uid: operator.uid,
      verified_at: now,
      expires_at: expiresAt,
    });
    await tx.update(session).set({ expiresAt }).where(eq(session.id, created.sessionId));
    await writeAudit(tx, actor!, { action: "login", targetType: "operator", targetId: operator.uid });
    return true;
  });
  if (!accepted) {
    // Another login took this step first (the same code sent twice at once).
    await db.delete(session).where(eq(session.id, created.sessionId));
    return refuse("replayed");
  }
  return { ok: true, next: "admin", headers: created.headers };
}

async function beginEnrolment({
  db,
  auth,
  env,
  operator,
  password,
  clientIp,
  now,
}: {
  db: Db;
  auth: Auth;
  env: Pick<Env, "authSecret">;
  operator: OperatorRecord;
  password: string;
  clientIp: string;
  now: Date;
}): Promise<SignInOperatorResult> {
  const created = await createAuthSession(auth, db, { email: operator.email, password });
  if (!created) return { ok: false, error: "login_failed" };
  const expiresAt = new Date(now.getTime() + ENROLMENT_SECONDS * 1000);
  // A new secret at every password step: a QR code seen before (over a shoulder) is worth nothing.
  const sealed = sealTotpSecret(generateTotpSecret(), env.authSecret);
  await db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({ totp_secret: sealed })
      .where(and(eq(operators.uid, operator.uid), isNull(operators.totp_enrolled_at)));
    await tx.insert(operatorSessions).values({
      session_id: created.sessionId,
      operator_uid: operator.uid,
      verified_at: null,
      expires_at: expiresAt,
    });
    await tx.update(session).set({ expiresAt }).where(eq(session.id, created.sessionId));
    await writeAudit(
      tx,
      { uid: operator.uid, email: operator.email, ip: clientIp },
      { action: "login.enrolment_started", targetType: "operator", targetId: operator.uid },
    );
  });
  return { ok: true, next: "enroll", headers: created.headers };
}
