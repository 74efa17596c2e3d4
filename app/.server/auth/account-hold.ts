import { and, desc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { accountSuspensions } from "../db/schema";

/**
 * Whether a block or suspension holds an account (ADR 0039): a row not lifted, with no end (a
 * block) or an end still to come (a suspension). The same rule as `isSuspensionActive` in
 * app/domain/account-suspensions.ts, in SQL. `now` is the caller's clock (tests move it); the
 * viewer statement passes the database's `now()` as it does for the session's expiry.
 */
export function accountHeldSql(userId: SQL, now: SQL): SQL {
  return sql`exists (select 1 from account_suspensions a
    where a.user_id = ${userId} and a.lifted_at is null and (a.ends_at is null or a.ends_at > ${now}))`;
}

/** The same rule as a condition on `account_suspensions` rows, for Drizzle queries. */
export function holdingAt(now: Date): SQL {
  return and(
    isNull(accountSuspensions.lifted_at),
    or(isNull(accountSuspensions.ends_at), gt(accountSuspensions.ends_at, now)),
  ) as SQL;
}

/** The rows that hold `userId` at `now`, a block first, then the suspension that ends last. */
export async function holdsOn(db: Db | Tx, userId: string, now: Date) {
  return db
    .select({ id: accountSuspensions.id, kind: accountSuspensions.kind, ends_at: accountSuspensions.ends_at })
    .from(accountSuspensions)
    .where(and(eq(accountSuspensions.user_id, userId), holdingAt(now)))
    .orderBy(sql`${accountSuspensions.ends_at} desc nulls first`, desc(accountSuspensions.suspended_at));
}
