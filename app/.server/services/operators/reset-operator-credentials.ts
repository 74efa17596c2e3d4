import { and, eq, sql } from "drizzle-orm";
import { validatePassword } from "~/domain/validators";
import { hashPassword } from "../../auth/passwords";
import type { Db } from "../../db/client";
import { account, operators, session, user } from "../../db/schema/index";
import { writeAudit } from "./write-audit";

export type ResetOperatorResult =
  | { ok: true; uid: string }
  | { ok: false; error: "not_found" | "invalid_password" };

async function operatorUid(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ uid: operators.uid })
    .from(operators)
    .innerJoin(user, eq(user.id, operators.uid))
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row?.uid ?? null;
}

/**
 * Forgets an operator's TOTP secret (a lost phone): the next login enrols a new one. Every session
 * of the account ends. Command line only.
 */
export async function resetOperatorTotp({
  db,
  input,
}: {
  db: Db;
  input: { email: string };
}): Promise<ResetOperatorResult> {
  const uid = await operatorUid(db, input.email);
  if (!uid) return { ok: false, error: "not_found" };
  await db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({ totp_secret: null, totp_enrolled_at: null, totp_last_step: null })
      .where(eq(operators.uid, uid));
    await tx.delete(session).where(eq(session.userId, uid));
    await writeAudit(
      tx,
      { cli: true },
      { action: "operator.reset_totp", targetType: "operator", targetId: uid },
    );
  });
  return { ok: true, uid };
}

/** Sets a new password for an operator (operators have no reset mail). Every session ends. */
export async function resetOperatorPassword({
  db,
  input,
}: {
  db: Db;
  input: { email: string; password: string };
}): Promise<ResetOperatorResult> {
  if (validatePassword(input.password) !== true) return { ok: false, error: "invalid_password" };
  const uid = await operatorUid(db, input.email);
  if (!uid) return { ok: false, error: "not_found" };
  const hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx
      .update(account)
      .set({ password: hash })
      .where(and(eq(account.userId, uid), eq(account.providerId, "credential")));
    await tx.delete(session).where(eq(session.userId, uid));
    await writeAudit(
      tx,
      { cli: true },
      { action: "operator.reset_password", targetType: "operator", targetId: uid },
    );
  });
  return { ok: true, uid };
}
