import { eq, sql } from "drizzle-orm";
import { isEmail, validatePassword } from "~/domain/validators";
import type { Db } from "../../db/client";
import { operators, user } from "../../db/schema/index";
import { insertCredentialUser } from "../shared/insert-credential-user";
import { writeAudit } from "./write-audit";

export type CreateOperatorResult =
  | { ok: true; uid: string }
  | { ok: false; error: "invalid_email" | "invalid_password" | "email_taken" };

/**
 * Creates an operator account (ADR 0033: from the command line only; no page registers one).
 * The address counts as verified — whoever runs the command on the server vouches for it — and
 * the account gets its TOTP secret at its first login. One transaction: user, credential,
 * operator row and the audit entry.
 */
export async function createOperator({
  db,
  input,
}: {
  db: Db;
  input: { email: string; name?: string; password: string };
}): Promise<CreateOperatorResult> {
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email)) return { ok: false, error: "invalid_email" };
  if (validatePassword(input.password) !== true) return { ok: false, error: "invalid_password" };
  const name = input.name?.trim() || "運営";
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email))
      .limit(1);
    if (taken) return { ok: false, error: "email_taken" } as const;
    const uid = await insertCredentialUser(tx, {
      email,
      name,
      password: input.password,
      emailVerified: true,
    });
    await tx.insert(operators).values({ uid });
    await writeAudit(
      tx,
      { cli: true },
      { action: "operator.create", targetType: "operator", targetId: uid, details: { email } },
    );
    return { ok: true, uid } as const;
  });
}
