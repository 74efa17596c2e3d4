import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/db/client";
import { favorites, livers, staffs } from "~/.server/db/schema";
import { followTarget } from "~/.server/services/favorites/follow-target";
import { listFavorites } from "~/.server/services/favorites/list-favorites";
import { unfollowTarget } from "~/.server/services/favorites/unfollow-target";
import { FollowTargetSchema } from "~/domain/favorites";
import { drivers, openTestDatabase, type TestDatabase, testDatabaseUrl } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";

function urlForDatabase(name: string): string {
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.each(drivers)("follows on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "favorites" });
  });
  afterAll(async () => {
    await database?.close();
  });

  const followerNumber = async (kind: "staff" | "liver", uid: string) => {
    const table = kind === "staff" ? staffs : livers;
    const [row] = await database.db
      .select({ n: table.follower_number })
      .from(table)
      .where(eq(table.uid, uid));
    return row?.n;
  };

  it("follows a staff member and a store once each, counts them, lists and unfollows them", async () => {
    const db = database.db;
    const store = await makeLiver(db);
    const cast = await makeStaff(db, store.uid);
    const listener = await makeListener(db);

    const first = await followTarget({ db, actor: listener, input: { kind: "staff", id: cast.uid } });
    expect(first).toMatchObject({ ok: true, created: true, follower_number: 1 });
    const again = await followTarget({ db, actor: listener, input: { kind: "staff", id: cast.uid } });
    expect(again).toMatchObject({ ok: true, created: false, follower_number: 1 });
    expect(again.ok && first.ok && again.favorite.favorite_id).toBe(first.ok && first.favorite.favorite_id);
    expect(
      await followTarget({ db, actor: listener, input: { kind: "liver", id: store.uid } }),
    ).toMatchObject({
      ok: true,
      follower_number: 1,
    });

    const list = await listFavorites({ db, actor: listener, input: { page: 1, pageSize: 10 } });
    expect(list.ok && list.total).toBe(2);
    const staffItem = list.ok ? list.items.find((i) => i.staff_id === cast.uid) : undefined;
    expect(staffItem?.staff?.uid).toBe(cast.uid);
    expect(staffItem?.staff?.favorite_id).toBe(staffItem?.favorite_id);
    const storeOnly = await listFavorites({
      db,
      actor: listener,
      input: { kind: "liver", page: 1, pageSize: 10 },
    });
    expect(storeOnly.ok && storeOnly.items.map((i) => i.liver?.uid)).toEqual([store.uid]);

    const removed = await unfollowTarget({ db, actor: listener, input: { kind: "staff", id: cast.uid } });
    expect(removed).toMatchObject({ ok: true, kind: "staff", follower_number: 0 });
    expect(await unfollowTarget({ db, actor: listener, input: { kind: "staff", id: cast.uid } })).toEqual({
      ok: false,
      error: "not_found",
    });
    expect(await followerNumber("staff", cast.uid)).toBe(0);
    expect(await followerNumber("liver", store.uid)).toBe(1);
  });

  it("only listeners follow; only publicly listed targets; only one's own follows are removed", async () => {
    const db = database.db;
    const store = await makeLiver(db);
    const hidden = await makeStaff(db, store.uid, { is_displayed: false });
    const closed = await makeLiver(db, { status: "private" });
    const listener = await makeListener(db);
    const other = await makeListener(db);

    expect(await followTarget({ db, actor: store, input: { kind: "liver", id: store.uid } })).toEqual({
      ok: false,
      error: "forbidden",
    });
    expect(await followTarget({ db, actor: listener, input: { kind: "staff", id: hidden.uid } })).toEqual({
      ok: false,
      error: "not_found",
    });
    expect(await followTarget({ db, actor: listener, input: { kind: "liver", id: closed.uid } })).toEqual({
      ok: false,
      error: "not_found",
    });
    expect(await followTarget({ db, actor: listener, input: { kind: "liver", id: "no-such-id" } })).toEqual({
      ok: false,
      error: "not_found",
    });

    const followed = await followTarget({ db, actor: listener, input: { kind: "liver", id: store.uid } });
    const favoriteId = followed.ok ? followed.favorite.favorite_id : "";
    expect(await unfollowTarget({ db, actor: other, input: { favorite_id: favoriteId } })).toEqual({
      ok: false,
      error: "not_found",
    });
    const [still] = await db.select().from(favorites).where(eq(favorites.favorite_id, favoriteId));
    expect(still).toBeDefined();
    expect(await unfollowTarget({ db, actor: listener, input: { favorite_id: favoriteId } })).toMatchObject({
      ok: true,
      follower_number: 0,
    });
    expect(await listFavorites({ db, actor: store, input: { page: 1, pageSize: 10 } })).toEqual({
      ok: false,
      error: "forbidden",
    });
  });

  it("50 listeners following at the same moment leave an exact follower_number", async () => {
    const db = database.db;
    const store = await makeLiver(db);
    const cast = await makeStaff(db, store.uid);
    const crowd = [];
    for (let i = 0; i < 50; i++) crowd.push(await makeListener(db));

    // On PostgreSQL through a pool of 50 connections, so the 50 transactions really run at the same
    // time; each listener also follows the staff member twice.
    const wide =
      driver === "pg"
        ? await openDatabase({ databaseUrl: urlForDatabase(database.name!), poolSize: 50, migrate: false })
        : undefined;
    const crowdDb = wide?.db ?? db;
    let results: Awaited<ReturnType<typeof followTarget>>[];
    try {
      results = await Promise.all(
        crowd.flatMap((listener) => [
          followTarget({ db: crowdDb, actor: listener, input: { kind: "staff", id: cast.uid } }),
          followTarget({ db: crowdDb, actor: listener, input: { kind: "liver", id: store.uid } }),
          followTarget({ db: crowdDb, actor: listener, input: { kind: "staff", id: cast.uid } }),
        ]),
      );
    } finally {
      await wide?.close();
    }
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.created)).toHaveLength(100);
    expect(await followerNumber("staff", cast.uid)).toBe(50);
    expect(await followerNumber("liver", store.uid)).toBe(50);

    await Promise.all(
      crowd
        .slice(0, 20)
        .map((listener) => unfollowTarget({ db, actor: listener, input: { kind: "staff", id: cast.uid } })),
    );
    expect(await followerNumber("staff", cast.uid)).toBe(30);
  });

  it.each([
    [{ staff_id: "x" }, { kind: "staff", id: "x" }],
    [{ liver_id: " y " }, { kind: "liver", id: "y" }],
  ])("reads the follow body %j", (body, expected) => {
    expect(FollowTargetSchema.parse(body)).toEqual(expected);
  });

  it.each([[{}], [{ staff_id: "x", liver_id: "y" }], [{ staff_id: "" }], [{ staff_id: 3 }]])(
    "refuses the follow body %j",
    (body) => {
      expect(FollowTargetSchema.safeParse(body).success).toBe(false);
    },
  );
});
