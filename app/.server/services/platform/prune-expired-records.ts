import { lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimits, spentChallenges, verification } from "../../db/schema/index";

/**
 * Removes rows that can no longer matter: rate-limit windows that have passed (they hold e-mail
 * addresses and login IDs as keys), redeemed proof-of-work challenges past their expiry, and
 * verification, reset and e-mail change tokens past theirs. The server runs it at start and hourly.
 */
export async function pruneExpiredRecords({ db, now = new Date() }: { db: Db; now?: Date }) {
  const removed = { rateLimits: 0, spentChallenges: 0, verifications: 0 };
  removed.rateLimits = (
    await db.delete(rateLimits).where(lte(rateLimits.expires_at, now)).returning({ key: rateLimits.key })
  ).length;
  removed.spentChallenges = (
    await db
      .delete(spentChallenges)
      .where(lte(spentChallenges.expires_at, now))
      .returning({ challenge: spentChallenges.challenge })
  ).length;
  removed.verifications = (
    await db.delete(verification).where(lte(verification.expiresAt, now)).returning({ id: verification.id })
  ).length;
  return removed;
}
