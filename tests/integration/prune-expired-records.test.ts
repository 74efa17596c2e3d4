import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits, spentChallenges, verification } from "~/.server/db/schema";
import { hitRateLimit } from "~/.server/rate-limit/rate-limiter";
import { pruneExpiredRecords } from "~/.server/services/platform/prune-expired-records";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";

describe.each(drivers)("pruning expired records on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "prune" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("removes what has expired and keeps what still counts", async () => {
    const db = database.db;
    const now = new Date("2026-11-23T12:00:00Z");
    const past = new Date(now.getTime() - 1000);
    const future = new Date(now.getTime() + 60_000);
    const rule = { name: "test:limit", limit: 3, windowSeconds: 60 };
    await hitRateLimit(db, rule, "old@example.com", new Date(now.getTime() - 120_000));
    await hitRateLimit(db, rule, "current@example.com", now);
    await db.insert(spentChallenges).values([
      { challenge: "old", expires_at: past },
      { challenge: "current", expires_at: future },
    ]);
    await db.insert(verification).values([
      { id: "v-old", identifier: "reset-password:old", value: "x", expiresAt: past },
      { id: "v-current", identifier: "reset-password:current", value: "x", expiresAt: future },
    ]);

    expect(await pruneExpiredRecords({ db, now })).toEqual({
      rateLimits: 1,
      spentChallenges: 1,
      verifications: 1,
    });
    expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual([
      "test:limit:current@example.com",
    ]);
    expect((await db.select().from(spentChallenges)).map((r) => r.challenge)).toEqual(["current"]);
    expect((await db.select().from(verification)).map((r) => r.id)).toEqual(["v-current"]);
    expect(await pruneExpiredRecords({ db, now })).toEqual({
      rateLimits: 0,
      spentChallenges: 0,
      verifications: 0,
    });
  });
});
