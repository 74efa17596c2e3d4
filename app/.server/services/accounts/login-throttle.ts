import { eq, like, or, sql } from "drizzle-orm";
import { escapeLike } from "~/domain/keyword";
import { networkOf } from "~/domain/network";
import type { Db, Tx } from "../../db/client";
import { rateLimits, user } from "../../db/schema";
import type { Env } from "../../env";
import { hitRateLimit, releaseRateLimit } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { checkPowSolution, storeWithRedeemedPow } from "../shared/proof-of-work";

/**
 * The abuse limits of signing in, shared by the login pages and the JSON endpoint (ADR 0007,
 * 0012, 0017):
 *
 * - per client address, every attempt counts (one machine trying many accounts);
 * - per account and network, only FAILED attempts count: ten within 15 minutes lock that network
 *   (IPv4 /24, IPv6 /64) out of that account — the fixed "too many attempts" message (ADR 0007);
 * - per account from anywhere, failed attempts count too, but past the limit they do not lock
 *   the account: every further sign-in must carry a proof of work (ALTCHA, ADR 0008), which the
 *   login page solves in the background. Someone who knows an address can no longer keep its
 *   owner out (OWASP: lockout is a denial of service); a password guesser pays CPU per attempt
 *   and is capped per network.
 *
 * The account is keyed by its id when it exists — so the staff's login ID and its internal
 * address share one counter — and by the typed identifier otherwise.
 *
 * Every attempt takes its place in the per-account counters before the password is checked and
 * gives it back when the password was right (`settleLoginAttempt`), so concurrent attempts cannot
 * all slip through a limit that was read before any of them failed.
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

const networkKey = (accountKey: string, clientIp: string) => `${accountKey} ${networkOf(clientIp)}`;

/**
 * Whether a sign-in may be tried now, counting the attempt against the client's address and
 * reserving it in the per-account counters: "open"; "proof" — only with a proof of work, the
 * account being under attack; "closed".
 */
export async function loginGate(
  db: Db,
  { clientIp, accountKey }: { clientIp: string; accountKey: string },
): Promise<"open" | "proof" | "closed"> {
  const byIp = await hitRateLimit(db, RATE_LIMITS.loginPerIp, clientIp);
  if (!byIp.allowed) return "closed";
  if (!accountKey) return "open";
  const byNetwork = await hitRateLimit(
    db,
    RATE_LIMITS.loginPerAccountNetwork,
    networkKey(accountKey, clientIp),
  );
  const byAccount = await hitRateLimit(db, RATE_LIMITS.loginPerAccount, accountKey);
  if (!byNetwork.allowed) return "closed";
  return byAccount.allowed ? "open" : "proof";
}

/**
 * The gate with the proof of work the client sent (the `altcha` field; may be absent): true when
 * the sign-in may go ahead. A proof is checked and spent only when the gate asks for one.
 */
export async function loginAllowed(
  db: Db,
  {
    clientIp,
    accountKey,
    proof,
    env,
  }: { clientIp: string; accountKey: string; proof?: unknown; env?: Pick<Env, "authSecret"> },
): Promise<boolean> {
  const gate = await loginGate(db, { clientIp, accountKey });
  if (gate !== "proof") return gate === "open";
  if (!env) return false;
  const now = new Date();
  const verdict = await checkPowSolution(db, env, proof, now);
  if (!verdict.ok) return false;
  return storeWithRedeemedPow(db, verdict, now, async () => {});
}

/**
 * The outcome of an attempt the gate let through: a wrong password keeps its place in the
 * per-account counters; anything else (signed in, or refused for another reason while the
 * password was right, such as an unverified address) gives it back.
 */
export async function settleLoginAttempt(
  db: Db,
  { accountKey, clientIp, wrongPassword }: { accountKey: string; clientIp: string; wrongPassword: boolean },
): Promise<void> {
  if (!accountKey || wrongPassword) return;
  await releaseRateLimit(db, RATE_LIMITS.loginPerAccountNetwork, networkKey(accountKey, clientIp));
  await releaseRateLimit(db, RATE_LIMITS.loginPerAccount, accountKey);
}

/**
 * Forgets the failed sign-ins of an account (per account, and per account and network), as when
 * the operator resets a performer's login: the new password works at once from anywhere.
 */
export async function clearLoginLimits(db: Db | Tx, uid: string): Promise<void> {
  const subject = `uid:${uid}`.toLowerCase();
  await db
    .delete(rateLimits)
    .where(
      or(
        eq(rateLimits.key, `${RATE_LIMITS.loginPerAccount.name}:${subject}`),
        like(rateLimits.key, `${RATE_LIMITS.loginPerAccountNetwork.name}:${escapeLike(subject)} %`),
      ),
    );
}
