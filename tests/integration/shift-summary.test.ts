import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { queryRows } from "~/.server/db/client";
import { favorites, schedules } from "~/.server/db/schema";
import { updateNotificationPreferences } from "~/.server/services/notifications/notification-preferences";
import { sendShiftSummaries } from "~/.server/services/notifications/send-shift-summaries";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";

/** A Tokyo wall-clock time (JST is UTC+9 all year: no daylight saving). */
const tokyo = (isoLocal: string) => new Date(`${isoLocal}+09:00`);

/**
 * The daily 「本日出勤」 summary (ADR 0045): once per business day per listener, at her hour
 * (17:00 Tokyo unless she chose another), listing the followed performers on shift that day, by a
 * job that may run any number of times; the next day is a new summary.
 */
describe.each(drivers)("the daily shift summary on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let early: Viewer;
  let usual: Viewer;
  let nobody: Viewer;
  const cast: Viewer[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "shiftsum" });
    const store = await makeLiver(db(), { store_name: "クラブ 月", status: "public" });
    for (const name of ["あかり", "みさき", "ゆい", "りこ"])
      cast.push(await makeStaff(db(), store.uid, { name, status: "public", is_displayed: true }));
    const hidden = await makeStaff(db(), store.uid, {
      name: "かくれ",
      status: "public",
      is_displayed: false,
    });
    early = await makeListener(db(), { nickname: "はやお" });
    usual = await makeListener(db(), { nickname: "ふつう" });
    nobody = await makeListener(db(), { nickname: "だれも" });
    await updateNotificationPreferences({
      db: db(),
      actor: early,
      input: { push_setting: {}, shift_hour: 12 },
    });
    const follow = (listener: Viewer, staff: Viewer) =>
      db().insert(favorites).values({ favorite_id: randomUUID(), uid: listener.uid, staff_id: staff.uid });
    for (const staff of [...cast, hidden]) await follow(usual, staff);
    await follow(early, cast[0]!);
    await follow(nobody, cast[3]!);
    // Shifts of 1 December: three of the four, and the hidden one; りこ works on the 2nd.
    const shift = (staff: Viewer, date: string, start: string) =>
      db().insert(schedules).values({
        schedule_id: randomUUID(),
        staff_id: staff.uid,
        date,
        start_time: start,
        end_time: "LAST",
      });
    await shift(cast[1]!, "2026-12-01", "19:00");
    await shift(cast[0]!, "2026-12-01", "OPEN");
    await shift(cast[2]!, "2026-12-01", "21:00");
    await shift(hidden, "2026-12-01", "20:00");
    await shift(cast[3]!, "2026-12-02", "20:00");
    await shift(cast[0]!, "2026-12-02", "20:00");
  });
  afterAll(async () => {
    await database?.close();
  });

  const lines = (listener: Viewer) =>
    queryRows<{ kind: string; title: string; body: string; event_id: string }>(
      db(),
      sql`select kind, title, body, event_id from notifications where recipient_id = ${listener.uid}
          order by created_at, event_id`,
    );

  it("once a day at each listener's hour, across midnight, whatever the number of runs", async () => {
    expect(await sendShiftSummaries({ db: db(), now: tokyo("2026-12-01T11:50:00") })).toEqual({
      date: "2026-12-01",
      listeners: 0,
    });
    // 12:00: the listener who chose noon.
    expect((await sendShiftSummaries({ db: db(), now: tokyo("2026-12-01T12:00:00") })).listeners).toBe(1);
    expect(await lines(early)).toEqual([
      {
        kind: "shift",
        title: "本日出勤：あかりさん",
        body: "フォロー中の1人が今日出勤します",
        event_id: "shift:2026-12-01",
      },
    ]);
    expect(await lines(usual)).toEqual([]);
    // 16:59 nothing more; 17:00 the default hour; 17:10 and 23:50 nothing twice.
    expect((await sendShiftSummaries({ db: db(), now: tokyo("2026-12-01T16:59:00") })).listeners).toBe(0);
    expect((await sendShiftSummaries({ db: db(), now: tokyo("2026-12-01T17:00:00") })).listeners).toBe(1);
    expect((await sendShiftSummaries({ db: db(), now: tokyo("2026-12-01T17:10:00") })).listeners).toBe(0);
    expect((await sendShiftSummaries({ db: db(), now: tokyo("2026-12-01T23:50:00") })).listeners).toBe(0);
    // Ordered by start (OPEN first), the hidden performer left out, three names then 「ほか」 when more.
    expect(await lines(usual)).toEqual([
      {
        kind: "shift",
        title: "本日出勤：あかりさん、みさきさん、ゆいさん",
        body: "フォロー中の3人が今日出勤します",
        event_id: "shift:2026-12-01",
      },
    ]);
    // Nobody she follows works today: no line.
    expect(await lines(nobody)).toEqual([]);

    // After midnight the business day is still the 1st until 05:00: nothing new.
    expect(await sendShiftSummaries({ db: db(), now: tokyo("2026-12-02T00:30:00") })).toEqual({
      date: "2026-12-01",
      listeners: 0,
    });
    // The 2nd: each again once, with that day's shifts.
    expect((await sendShiftSummaries({ db: db(), now: tokyo("2026-12-02T12:00:00") })).listeners).toBe(1);
    expect((await sendShiftSummaries({ db: db(), now: tokyo("2026-12-02T18:00:00") })).listeners).toBe(2);
    expect((await sendShiftSummaries({ db: db(), now: tokyo("2026-12-02T18:10:00") })).listeners).toBe(0);
    expect((await lines(nobody)).map((l) => l.title)).toEqual(["本日出勤：りこさん"]);
    expect((await lines(usual)).map((l) => [l.event_id, l.title])).toEqual([
      ["shift:2026-12-01", "本日出勤：あかりさん、みさきさん、ゆいさん"],
      ["shift:2026-12-02", "本日出勤：あかりさん、りこさん"],
    ]);
    // Each a bell event on her account stream, like every notification.
    const [bells] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from realtime_events where topic = ${`account:${usual.uid}`} and type = 'notification'`,
    );
    expect(bells?.n).toBe(2);
  });

  it("two runs at once still give one line per listener", async () => {
    await db().insert(schedules).values({
      schedule_id: randomUUID(),
      staff_id: cast[1]!.uid,
      date: "2026-12-03",
      start_time: "20:00",
      end_time: "LAST",
    });
    const now = tokyo("2026-12-03T17:00:00");
    const runs = await Promise.allSettled([
      sendShiftSummaries({ db: db(), now }),
      sendShiftSummaries({ db: db(), now }),
    ]);
    expect(runs.filter((r) => r.status === "fulfilled").length).toBeGreaterThan(0);
    const [count] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from notifications where event_id = 'shift:2026-12-03'`,
    );
    expect(count?.n).toBe(1);
  });
});
