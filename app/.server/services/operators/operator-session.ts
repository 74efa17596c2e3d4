import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Auth } from "../../auth/create-auth";
import type { Db } from "../../db/client";
import { account, operatorSessions, operators, session, user } from "../../db/schema/index";

/** An operator with what the login needs: the password hash and the TOTP state. */
export interface OperatorRecord {
  uid: string;
  email: string;
  name: string;
  passwordHash: string | null;
  totpSecret: string | null;
  enrolledAt: Date | null;
  lastStep: number | null;
}

export async function findOperatorByEmail(db: Db, email: string): Promise<OperatorRecord | null> {
  const [row] = await db
    .select({
      uid: operators.uid,
      email: user.email,
      name: user.name,
      passwordHash: account.password,
      totpSecret: operators.totp_secret,
      enrolledAt: operators.totp_enrolled_at,
      lastStep: operators.totp_last_step,
    })
    .from(operators)
    .innerJoin(user, eq(user.id, operators.uid))
    .leftJoin(account, and(eq(account.userId, operators.uid), eq(account.providerId, "credential")))
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/**
 * A better-auth session for an operator whose password was just checked: better-auth makes the
 * session and its signed cookie (not remembered: the cookie ends with the browser). It is worth
 * nothing until the caller records it in `operator_sessions` (see viewer.ts).
 */
export async function createAuthSession(
  auth: Auth,
  db: Db,
  credentials: { email: string; password: string },
): Promise<{ sessionId: string; headers: Headers } | null> {
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: credentials.email, password: credentials.password, rememberMe: false },
      returnHeaders: true,
    });
    const [row] = await db
      .select({ id: session.id })
      .from(session)
      .where(eq(session.token, response.token))
      .limit(1);
    return row ? { sessionId: row.id, headers } : null;
  } catch (error) {
    console.error("[admin-login] could not create the session", error);
    return null;
  }
}

/** The enrolment in progress of a request's session: password passed, no TOTP yet. */
export async function findPendingEnrolment(db: Db, auth: Auth, request: Request, now: Date = new Date()) {
  if (!request.headers.get("cookie")) return null;
  const current = await auth.api.getSession({ headers: request.headers });
  if (!current) return null;
  const [row] = await db
    .select({
      sessionId: operatorSessions.session_id,
      uid: operators.uid,
      email: user.email,
      name: user.name,
      totpSecret: operators.totp_secret,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.uid, operatorSessions.operator_uid))
    .innerJoin(user, eq(user.id, operators.uid))
    .where(
      and(
        eq(operatorSessions.session_id, current.session.id),
        isNull(operatorSessions.verified_at),
        gt(operatorSessions.expires_at, now),
        isNull(operators.totp_enrolled_at),
      ),
    )
    .limit(1);
  return row?.totpSecret ? row : null;
}
