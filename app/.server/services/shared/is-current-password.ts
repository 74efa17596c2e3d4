import { and, eq } from "drizzle-orm";
import { verifyPassword } from "../../auth/passwords";
import type { Db } from "../../db/client";
import { account } from "../../db/schema";

/**
 * Whether `password` is the current password of the account (its credential's scrypt hash): asked
 * again before changes a stolen session must not be able to make (e-mail, payout account).
 */
export async function isCurrentPassword(db: Db, uid: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, uid), eq(account.providerId, "credential")))
    .limit(1);
  if (!credential?.password) return false;
  return verifyPassword({ hash: credential.password, password });
}
