import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsByShape, selectByShape } from "~/.server/db/client";
import { livers } from "~/.server/db/schema";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeLiver } from "../support/factories";

/**
 * Statements built once per shape and run with placeholder values (ADR 0041): the feed's hot
 * statements and the signed-in viewer's. The shape is the caller's promise that the text depends
 * on nothing else, so these tests hold the helpers to building once, answering for each call's
 * values, and never handing one database's statement to another.
 */
describe.each(drivers)("statements by shape on %s", (driver) => {
  let database: TestDatabase;
  let other: TestDatabase;
  const stores: { uid: string; prefecture: string }[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "shapes" });
    other = await openTestDatabase(driver, { prefix: "shapes2" });
    for (const prefecture of ["tokyo", "osaka", "osaka"]) {
      const liver = await makeLiver(database.db, { prefecture });
      stores.push({ uid: liver.uid, prefecture });
    }
  });
  afterAll(async () => {
    await database?.close();
    await other?.close();
  });

  it("selectByShape builds once and answers each call's values, concurrently too", async () => {
    let builds = 0;
    const statement = () =>
      selectByShape(database.db, "test_select:prefecture", () => {
        builds++;
        return database.db
          .select({ uid: livers.uid })
          .from(livers)
          .where(eq(livers.prefecture, sql.placeholder("prefecture")))
          .orderBy(livers.uid);
      });
    const [tokyo, osaka, none] = await Promise.all([
      statement().execute({ prefecture: "tokyo" }),
      statement().execute({ prefecture: "osaka" }),
      statement().execute({ prefecture: "kyoto" }),
    ]);
    const expected = (p: string) =>
      stores
        .filter((s) => s.prefecture === p)
        .map((s) => s.uid)
        .sort();
    expect(tokyo.map((r) => r.uid)).toEqual(expected("tokyo"));
    expect(osaka.map((r) => r.uid)).toEqual(expected("osaka"));
    expect(none).toEqual([]);
    expect(builds).toBe(1);
  });

  it("rowsByShape takes array values as one parameter each", async () => {
    let builds = 0;
    const statement = () =>
      rowsByShape<{ n: number }>(database.db, "test_rows:uids", () => {
        builds++;
        return sql`select count(*)::int as n from ${livers} where ${livers.uid} = any(${sql.placeholder("uids")}::text[])`;
      });
    expect((await statement().execute({ uids: stores.map((s) => s.uid) }))[0]?.n).toBe(3);
    expect((await statement().execute({ uids: [stores[0]?.uid] }))[0]?.n).toBe(1);
    expect((await statement().execute({ uids: [] }))[0]?.n).toBe(0);
    expect(builds).toBe(1);
  });

  it("keeps each database's statements apart", async () => {
    const count = (db: TestDatabase["db"]) =>
      rowsByShape<{ n: number }>(
        db,
        "test_rows:all",
        () => sql`select count(*)::int as n from ${livers}`,
      ).execute();
    expect((await count(database.db))[0]?.n).toBe(3);
    expect((await count(other.db))[0]?.n).toBe(0);
  });
});
