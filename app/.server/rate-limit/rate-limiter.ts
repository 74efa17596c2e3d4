import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";

export interface RateLimitRule {
  /** Part of the counter key: `${name}:${subject}`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against a fixed window and says whether it is within the limit. One atomic
 * upsert, so concurrent requests (and several server instances) count exactly.
 */
export async function hitRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject.toLowerCase()}`;
  const expires = new Date(now.getTime() + rule.windowSeconds * 1000);
  const [row] = await queryRows<{ count: number; expires_at: Date | string }>(
    db,
    sql`insert into rate_limits as r (key, count, window_start, expires_at)
        values (${key}, 1, ${now.toISOString()}, ${expires.toISOString()})
        on conflict (key) do update set
          count = case when r.expires_at <= ${now.toISOString()} then 1 else r.count + 1 end,
          window_start = case when r.expires_at <= ${now.toISOString()} then excluded.window_start else r.window_start end,
          expires_at = case when r.expires_at <= ${now.toISOString()} then excluded.expires_at else r.expires_at end
        returning count, expires_at`,
  );
  const count = Number(row?.count ?? 1);
  const expiresAt = new Date(row?.expires_at ?? expires);
  return {
    allowed: count <= rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

/**
 * Gives back an attempt counted by `hitRateLimit` (an attempt reserved before checking a password
 * or code, which turned out right). Counting first and giving back on success makes the limit
 * hold under concurrent requests: each one takes its place before the check.
 */
export async function releaseRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  now: Date = new Date(),
): Promise<void> {
  const key = `${rule.name}:${subject.toLowerCase()}`;
  await db.execute(
    sql`update rate_limits set count = greatest(count - 1, 0)
        where key = ${key} and expires_at > ${now.toISOString()}`,
  );
}

/** Counts one attempt against every rule (e.g. per IP and per account); allowed only if all allow. */
export async function hitRateLimits(
  db: Db,
  checks: readonly { rule: RateLimitRule; subject: string | null | undefined }[],
  now: Date = new Date(),
): Promise<RateLimitResult> {
  let result: RateLimitResult = { allowed: true, count: 0, retryAfterSeconds: 0 };
  for (const { rule, subject } of checks) {
    if (!subject) continue;
    const hit = await hitRateLimit(db, rule, subject, now);
    if (!hit.allowed) {
      result = {
        allowed: false,
        count: hit.count,
        retryAfterSeconds: Math.max(result.retryAfterSeconds, hit.retryAfterSeconds),
      };
    }
  }
  return result;
}
