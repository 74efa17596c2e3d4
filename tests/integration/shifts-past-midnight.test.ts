import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { schedules } from "~/.server/db/schema";
import { listStaffsOnShift } from "~/.server/services/directory/list-staffs-on-shift";
import { replaceStaffSchedules } from "~/.server/services/schedules/replace-staff-schedules";
import { shiftInstants, shiftState } from "~/domain/shift-status";
import * as managedApi from "~/routes/api/liver-staff-schedules";
import * as publicApi from "~/routes/api/staff-schedules";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeLiver, makeStaff } from "../support/factories";
import { call, type RouteContext, routeContext, sessionCookie } from "../support/routes";

/** A Tokyo wall-clock time (JST is UTC+9 all year). */
const tokyo = (isoLocal: string) => new Date(`${isoLocal}+09:00`);
const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * Shifts past midnight (ADR 0059): an end up to 翌6:00, the real instants the database
 * derives (migration 0035, also for the rows it found), 本日出勤 that keeps a running shift past the
 * 05:00 boundary, and the schedule API giving back what it was given.
 */
describe.each(drivers)("shifts past midnight on %s", (driver) => {
  let database: TestDatabase;
  let routes: RouteContext;
  const db = () => database.db;
  let store: Viewer;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "overnight" });
    routes = routeContext(database.db);
    store = await makeLiver(db(), {
      store_name: "バー 夜明け",
      status: "public",
      business_start_time: "20:00",
      business_end_time: "LAST",
    });
  });
  afterAll(async () => {
    await database?.close();
    if (routes) rmSync(routes.dataDir, { recursive: true, force: true });
  });

  it("migration 0035 gives the rows it finds their instants, old small-hours times meaning the next morning", async () => {
    const cast = await makeStaff(db(), store.uid);
    // Back to before the migration: the old table shape, rows written then, then the migration.
    await db().execute(sql`alter table schedules drop column starts_at, drop column ends_at`);
    await db().execute(sql`drop function shift_minutes(text)`);
    const old: [string, string, string][] = [
      ["2026-11-01", "20:00", "LAST"],
      ["2026-11-02", "OPEN", "LAST"],
      ["2026-11-03", "OPEN", "01:00"], // ended at 1:00 the next morning (ADR 0010)
      ["2026-11-04", "00:30", "01:00"], // the small hours after the 4th
      ["2026-11-05", "02:00", "23:00"], // an end before the start: until closing
      ["2026-11-06", "19:00", "23:50"],
      ["2026-11-30", "OPEN", "04:50"], // across a month end
      ["2026-12-31", "22:00", "23:50"],
      ["2027-01-01", "OPEN", "00:10"], // across a year end (New Year's night)
    ];
    await db()
      .insert(schedules)
      .values(
        old.map(([date, start_time, end_time]) => ({
          schedule_id: `${cast.uid}-${date}`,
          staff_id: cast.uid,
          date,
          start_time,
          end_time,
        })),
      );
    const migration = readFileSync(path.join(process.cwd(), "drizzle/0035_shift_instants.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint"))
      if (statement.trim()) await db().execute(sql.raw(statement));

    const rows = await db()
      .select()
      .from(schedules)
      .where(eq(schedules.staff_id, cast.uid))
      .orderBy(asc(schedules.date));
    expect(rows.map((row) => [row.date, row.start_time, row.end_time])).toEqual(old);
    for (const row of rows) {
      const expected = shiftInstants(row);
      expect([iso(row.starts_at), iso(row.ends_at)], row.date).toEqual([
        iso(expected.starts_at),
        iso(expected.ends_at),
      ]);
    }
    const byDate = new Map(rows.map((row) => [row.date, row]));
    expect(iso(byDate.get("2026-11-03")!.ends_at)).toBe("2026-11-03T16:00:00.000Z"); // 4th 01:00 JST
    expect(iso(byDate.get("2026-11-04")!.starts_at)).toBe("2026-11-04T15:30:00.000Z"); // 5th 00:30 JST
    expect(byDate.get("2026-11-05")!.ends_at).toBeNull();
    expect(iso(byDate.get("2027-01-01")!.ends_at)).toBe("2027-01-01T15:10:00.000Z"); // 2nd 00:10 JST
  });

  it("keeps an overnight shift in 本日出勤 until it ends, past midnight and past 05:00", async () => {
    const names = ["あかり", "みさき", "ゆい", "りこ"] as const;
    const cast = new Map<string, Viewer>();
    for (const name of names)
      cast.set(name, await makeStaff(db(), store.uid, { name, status: "public", is_displayed: true }));
    const write = async (name: string, date: string, start_time: string, end_time: string) => {
      const result = await replaceStaffSchedules({
        db: db(),
        actor: store,
        staffId: cast.get(name)!.uid,
        input: { start: date, end: date, items: [{ date, start_time, end_time }] },
      });
      expect(result.ok, `${name} ${date}`).toBe(true);
    };
    await write("あかり", "2026-12-04", "20:00", "25:00"); // 20:00〜翌1:00
    await write("みさき", "2026-12-04", "20:00", "30:00"); // 20:00〜翌6:00
    await write("ゆい", "2026-12-05", "20:00", "LAST"); // the next evening
    await write("りこ", "2026-12-04", "21:00", "LAST");

    const onShift = async (at: string) => {
      const now = tokyo(at);
      const { today, items } = await listStaffsOnShift({ db: db(), actor: null, input: { limit: 50 }, now });
      const ours = items.filter((staff) => staff.liver_id === store.uid);
      return {
        today,
        shifts: Object.fromEntries(
          ours.map((staff) => [
            staff.name,
            `${staff.today_shift?.date} ${shiftState(staff.today_shift!, now, staff.store)}`,
          ]),
        ),
      };
    };

    expect(await onShift("2026-12-04T19:00:00")).toEqual({
      today: "2026-12-04",
      shifts: {
        あかり: "2026-12-04 later_today",
        みさき: "2026-12-04 later_today",
        りこ: "2026-12-04 later_today",
      },
    });
    expect((await onShift("2026-12-04T23:30:00")).shifts).toEqual({
      あかり: "2026-12-04 on_shift",
      みさき: "2026-12-04 on_shift",
      りこ: "2026-12-04 on_shift",
    });
    // After midnight it is still the 4th's business day.
    expect(await onShift("2026-12-05T00:30:00")).toEqual({
      today: "2026-12-04",
      shifts: {
        あかり: "2026-12-04 on_shift",
        みさき: "2026-12-04 on_shift",
        りこ: "2026-12-04 on_shift",
      },
    });
    expect((await onShift("2026-12-05T01:30:00")).shifts).toMatchObject({
      あかり: "2026-12-04 finished",
      みさき: "2026-12-04 on_shift",
    });
    // 05:30: the 5th's business day, yet the shift until 翌6:00 still runs; the others are over.
    expect(await onShift("2026-12-05T05:30:00")).toEqual({
      today: "2026-12-05",
      shifts: { みさき: "2026-12-04 on_shift", ゆい: "2026-12-05 later_today" },
    });
    expect(await onShift("2026-12-05T06:00:00")).toEqual({
      today: "2026-12-05",
      shifts: { ゆい: "2026-12-05 later_today" },
    });
  });

  it("gives back through the API what was put, next-morning ends included", async () => {
    const cast = await makeStaff(db(), store.uid, { name: "なぎ", status: "public", is_displayed: true });
    const cookie = await sessionCookie(routes.context, "liver", store.email!, FACTORY_PASSWORD);
    const range = "start=2026-12-06&end=2026-12-12";
    const managed = `/api/liver/staff/${cast.uid}/schedules?${range}`;
    const put = (items: unknown) =>
      call(managedApi.action, {
        context: routes.context,
        url: managed,
        cookie,
        method: "PUT",
        body: JSON.stringify({ items }),
        headers: { "content-type": "application/json" },
        params: { id: cast.uid },
      });
    const items = [
      { date: "2026-12-06", start_time: "20:00", end_time: "25:00" },
      { date: "2026-12-07", start_time: "22:00", end_time: "30:00" },
      { date: "2026-12-08", start_time: "OPEN", end_time: "LAST" },
      { date: "2026-12-09", start_time: "OPEN", end_time: "01:00" }, // the old spelling stays valid
      { date: "2026-12-10", start_time: "23:50", end_time: "24:00" },
    ];
    const written = await put(items);
    expect(written.status).toBe(200);

    const read = await call(managedApi.loader, {
      context: routes.context,
      url: managed,
      cookie,
      params: { id: cast.uid },
    });
    const listed = await call(publicApi.loader, {
      context: routes.context,
      url: `/api/staffs/${cast.uid}/schedules?${range}`,
      params: { id: cast.uid },
    });
    for (const answer of [written, read, listed]) {
      expect(answer.status).toBe(200);
      const body = JSON.parse(JSON.stringify(answer.body)) as { items: Record<string, unknown>[] };
      expect(body.items.map(({ date, start_time, end_time }) => ({ date, start_time, end_time }))).toEqual(
        items,
      );
      expect(body.items.map((item) => [item.starts_at, item.ends_at])).toEqual([
        ["2026-12-06T11:00:00.000Z", "2026-12-06T16:00:00.000Z"],
        ["2026-12-07T13:00:00.000Z", "2026-12-07T21:00:00.000Z"],
        [null, null],
        [null, "2026-12-09T16:00:00.000Z"],
        ["2026-12-10T14:50:00.000Z", "2026-12-10T15:00:00.000Z"],
      ]);
    }

    for (const [name, shift] of [
      ["past 翌6:00", { date: "2026-12-06", start_time: "20:00", end_time: "30:10" }],
      ["31 o'clock", { date: "2026-12-06", start_time: "20:00", end_time: "31:00" }],
      ["a morning end before the start", { date: "2026-12-06", start_time: "20:00", end_time: "05:00" }],
      ["24:00 as a start", { date: "2026-12-06", start_time: "24:00", end_time: "LAST" }],
    ] as const) {
      const refused = await put([shift]);
      expect(refused.status, name).toBe(400);
      expect(refused.body, name).toMatchObject({ error: { code: "invalid-argument" } });
    }
    const again = await call(managedApi.loader, {
      context: routes.context,
      url: managed,
      cookie,
      params: { id: cast.uid },
    });
    expect((again.body as { items: unknown[] }).items).toHaveLength(items.length);
  });
});
