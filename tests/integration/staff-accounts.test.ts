import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "~/.server/db/errors";
import { livers, staffs, user } from "~/.server/db/schema";
import { insertStaffAccount } from "~/.server/services/shared/insert-staff-account";
import type { StaffAccountInput } from "~/domain/staff-account";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeLiver, makeStaff } from "../support/factories";

const account = (login_id: string): StaffAccountInput => ({
  name: "みお",
  name_kana: "ミオ",
  login_id,
  password: "cast-pass-2026",
  password_confirmation: "cast-pass-2026",
});

describe.each(drivers)("staff accounts on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "staff_accounts" });
  });
  afterAll(async () => {
    await database?.close();
  });

  const create = (liverId: string, login_id: string) =>
    database.db.transaction((tx) => insertStaffAccount(tx, { liverId, input: account(login_id) }));

  it("creates the auth user and the staff row with the store's name and the next order", async () => {
    const store = await makeLiver(database.db, { store_name: "ラウンジ 月", limit_staff: 5 });
    await makeStaff(database.db, store.uid, { order: 1 });
    await makeStaff(database.db, store.uid, { order: 2, status: "deleted" });
    const result = await create(store.uid, `Mio_${driver}`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [row] = await database.db.select().from(staffs).where(eq(staffs.uid, result.uid));
    expect(row).toMatchObject({
      liver_id: store.uid,
      liver_name: "ラウンジ 月",
      name: "みお",
      name_kana: "ミオ",
      login_id: `Mio_${driver}`,
      status: "public",
      is_displayed: true,
      order: 2, // one public staff before (the deleted one does not count) + 1
      age: 18,
      height: 150,
    });
    expect(Object.values(row!.published_profile).every((v) => v === true)).toBe(true);
    const [auth] = await database.db.select().from(user).where(eq(user.id, result.uid));
    expect(auth).toMatchObject({ username: `mio_${driver}`.toLowerCase(), emailVerified: true });
    expect(auth!.email).toMatch(/@staff\.invalid$/);
  });

  it("refuses beyond limit_staff and writes nothing; deleted staff free their place", async () => {
    const store = await makeLiver(database.db, { limit_staff: 2 });
    expect((await create(store.uid, `a1_${driver}_x`)).ok).toBe(true);
    const second = await create(store.uid, `a2_${driver}_x`);
    expect(second.ok).toBe(true);
    expect(await create(store.uid, `a3_${driver}_x`)).toEqual({ ok: false, error: "limit_reached" });
    const [none] = await database.db
      .select()
      .from(user)
      .where(eq(user.username, `a3_${driver}_x`));
    expect(none).toBeUndefined();

    if (second.ok)
      await database.db.update(staffs).set({ status: "deleted" }).where(eq(staffs.uid, second.uid));
    expect((await create(store.uid, `a3_${driver}_x`)).ok).toBe(true);
  });

  it("refuses a login_id taken in any letter case", async () => {
    const store = await makeLiver(database.db);
    expect((await create(store.uid, `Taken_${driver}`)).ok).toBe(true);
    expect(await create(store.uid, `TAKEN_${driver}`)).toEqual({ ok: false, error: "login_id_taken" });
  });

  it("refuses for a suspended or deleted store", async () => {
    const store = await makeLiver(database.db);
    await database.db.update(livers).set({ status: "suspended" }).where(eq(livers.uid, store.uid));
    expect(await create(store.uid, `susp_${driver}`)).toEqual({ ok: false, error: "store_unavailable" });
  });

  it("never exceeds the limit when many creations run at the same moment", async () => {
    const store = await makeLiver(database.db, { limit_staff: 3 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        create(store.uid, `race_${driver}_${i}`).catch((error) => {
          if (isUniqueViolation(error)) return { ok: false as const, error: "login_id_taken" as const };
          throw error;
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error === "limit_reached")).toBe(true);
    const rows = await database.db
      .select({ order: staffs.order })
      .from(staffs)
      .where(and(eq(staffs.liver_id, store.uid), eq(staffs.status, "public")));
    expect(rows.map((r) => r.order).sort()).toEqual([1, 2, 3]);
  });
});
