import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { user } from "../../db/schema";
import { hitRateLimit, peekRateLimit, type RateLimitRule } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";

/**
 * The abuse limits of signing in, shared by the login pages and the JSON endpoint:
 *
 * - per client address, every attempt counts (one machine trying many accounts);
 * - per account, only FAILED attempts count (many machines trying one account), keyed by the
 *   account's id when it exists — so the staff's login ID and its internal address share one
 *   counter — and by the typed identifier otherwise. A correct password does not use up the
 *   allowance, so nobody can keep a store locked out by signing in as it... only by failing, and
 *   the contract's message then points to the password reset.
 */
export async function loginAccountKey(db: Db, identifier: string): Promise<string> {
  const key = identifier.trim().toLowerCase();
  if (!key) return "";
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(or(eq(sql`lower(${user.email})`, key), eq(sql`lower(${user.username})`, key)))
    .limit(1);
  return row ? `uid:${row.id}` : key;
}

const perAccount: RateLimitRule = RATE_LIMITS.loginPerAccount;

/** Whether a sign-in may be tried now; counts the attempt against the client's address. */
export async function loginAllowed(
  db: Db,
  { clientIp, accountKey }: { clientIp: string; accountKey: string },
) {
  const byIp = await hitRateLimit(db, RATE_LIMITS.loginPerIp, clientIp);
  const byAccount = accountKey ? await peekRateLimit(db, perAccount, accountKey) : { allowed: true };
  return byIp.allowed && byAccount.allowed;
}

/** Counts a failed sign-in against the account. */
export async function recordLoginFailure(db: Db, accountKey: string): Promise<void> {
  if (accountKey) await hitRateLimit(db, perAccount, accountKey);
}
