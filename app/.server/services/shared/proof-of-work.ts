import { createHash } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { type PowVerdict, verifyPowSolution } from "~/domain/pow";
import type { Db, Tx } from "../../db/client";
import { spentChallenges } from "../../db/schema";
import type { Env } from "../../env";

/**
 * The server half of the proof of work (ADR 0008): the HMAC key, the check of a submitted
 * solution, and its redemption, which makes a solution good for one message only.
 */

/** The HMAC key of the challenges: derived from AUTH_SECRET, so no further secret is configured. */
export function powSecret(env: Pick<Env, "authSecret">): string {
  return createHash("sha256").update(`proof-of-work\u0000${env.authSecret}`).digest("base64url");
}

/** Signature, hash and expiry (domain), and not redeemed yet (database). */
export async function checkPowSolution(
  db: Db,
  env: Pick<Env, "authSecret">,
  raw: unknown,
  now: Date = new Date(),
): Promise<PowVerdict> {
  const verdict = await verifyPowSolution(raw, { secret: powSecret(env), now });
  if (!verdict.ok) return verdict;
  const [spent] = await db
    .select({ challenge: spentChallenges.challenge })
    .from(spentChallenges)
    .where(eq(spentChallenges.challenge, verdict.challenge))
    .limit(1);
  return spent ? { ok: false, error: "replayed" } : verdict;
}

/**
 * Marks a checked challenge as used, inside the transaction that stores the message: false when
 * another request redeemed it first (the primary key decides, on both drivers). Rows of challenges
 * past their expiry are useless (an expired solution is refused anyway) and are cleared here.
 */
async function redeemPowChallenge(
  tx: Tx,
  { challenge, expiresAt }: { challenge: string; expiresAt: Date },
  now: Date = new Date(),
): Promise<boolean> {
  await tx.delete(spentChallenges).where(lt(spentChallenges.expires_at, now));
  const inserted = await tx
    .insert(spentChallenges)
    .values({ challenge, expires_at: expiresAt })
    .onConflictDoNothing()
    .returning({ challenge: spentChallenges.challenge });
  return inserted.length === 1;
}

/**
 * Redeems the solution and stores what it was solved for in one transaction: both or neither.
 * False (nothing stored) when the solution was redeemed before.
 */
export async function storeWithRedeemedPow(
  db: Db,
  pow: { challenge: string; expiresAt: Date },
  now: Date,
  store: (tx: Tx) => Promise<unknown>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await redeemPowChallenge(tx, pow, now))) return false;
    await store(tx);
    return true;
  });
}
