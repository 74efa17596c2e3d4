import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { and, asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, livers, logs, mailOutbox, schedules, staffs } from "~/.server/db/schema";
import { MYPAGE_FORM_MAX_BYTES } from "~/.server/http/mypage-form";
import { BANK_ACCOUNT_MESSAGES } from "~/domain/bank-account";
import { IMAGE_MESSAGES } from "~/domain/images";
import { MATCHING_QUESTIONS, PUBLISHED_PROFILE_KEYS } from "~/domain/options";
import { PRICE_SYSTEM_MESSAGES } from "~/domain/price-system";
import { SHIFT_MESSAGES } from "~/domain/shifts";
import { STAFF_ACCOUNT_MESSAGES } from "~/domain/staff-account";
import { STAFF_PROFILE_MESSAGES } from "~/domain/staff-profile";
import { STORE_PROFILE_MESSAGES } from "~/domain/store-profile";
import { messages } from "~/domain/validators";
import * as scheduleApi from "~/routes/api/liver-staff-schedules";
import * as storePrice from "~/routes/liver/mypage-price";
import * as storeProfile from "~/routes/liver/mypage-profile";
import * as storeSetting from "~/routes/liver/mypage-setting";
import * as staffList from "~/routes/liver/mypage-staff";
import * as staffCreate from "~/routes/liver/mypage-staff-create";
import * as staffEdit from "~/routes/liver/mypage-staff-edit";
import * as ownProfile from "~/routes/staff/mypage-profile";
import * as ownSchedule from "~/routes/staff/mypage-schedule";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { type Answer, call, form, type RouteContext, routeContext, sessionCookie } from "../support/routes";

const STORE_FORM = {
  intent: "profile",
  store_name: "ラウンジ 月",
  store_name_kana: "ラウンジ　ツキ",
  slug: "lounge-tsuki",
  status: "public",
  store_type: "lounge",
  phone_number: "03-1234-5678",
  postal_code: "160-0021",
  address: "東京都新宿区歌舞伎町1-2-3",
  buildingName: "",
  region: "kanto",
  prefecture: "tokyo",
  group: "",
  area: "kabukicho",
  area_detail: "",
  business_start_time: "20:00",
  business_end_time: "LAST",
  holidays: ["日曜"],
  services: ["luxury"],
  commitments: ["card"],
};

const STAFF_FORM: Record<string, string> = {
  intent: "profile",
  name: "みお",
  name_kana: "ミオ",
  age: "22",
  height: "158",
  birth_of_date: "",
  blood_type: "A",
  bust_type: "",
  type_type: "slender",
  karaoke_type: "sing",
  alcohol_type: "",
  smoke_type: "not_smoke",
  personality_type: "mediator",
  introduction: "よろしくお願いします",
  instagram_id: "mio_night",
  tiktok_id: "",
  youtube_id: "",
  followers: "",
  ...Object.fromEntries(MATCHING_QUESTIONS.map((q) => [`matching_info.${q.key}`, q.answers[1].value])),
  ...Object.fromEntries(PUBLISHED_PROFILE_KEYS.map((key) => [`published_profile.${key}`, "1"])),
};

/** A real PNG of 20,000 × 20,000 one-bit pixels (about 50 kB compressed: a decompression bomb). */
function hugePng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const side = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc((side / 8 + 1) * side); // every row: filter 0 and zero bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe.each(drivers)("back-office pages and API on %s", (driver) => {
  let database: TestDatabase;
  let routes: RouteContext;
  let storeA: Awaited<ReturnType<typeof makeLiver>>;
  let storeB: Awaited<ReturnType<typeof makeLiver>>;
  let castA1: Awaited<ReturnType<typeof makeStaff>>;
  let castA2: Awaited<ReturnType<typeof makeStaff>>;
  const cookies: Record<"storeA" | "storeB" | "castA1" | "castA2" | "listener", string> = {
    storeA: "",
    storeB: "",
    castA1: "",
    castA2: "",
    listener: "",
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "back_office_routes" });
    routes = routeContext(database.db);
    const db = database.db;
    storeA = await makeLiver(db, { store_name: "ガールズバー A", limit_staff: 10 });
    storeB = await makeLiver(db, { store_name: "ガールズバー B" });
    castA1 = await makeStaff(db, storeA.uid, { name: "あい", order: 1 });
    castA2 = await makeStaff(db, storeA.uid, { name: "いお", order: 2 });
    const listener = await makeListener(db);
    const ctx = routes.context;
    cookies.storeA = await sessionCookie(ctx, "liver", storeA.email, FACTORY_PASSWORD);
    cookies.storeB = await sessionCookie(ctx, "liver", storeB.email, FACTORY_PASSWORD);
    cookies.castA1 = await sessionCookie(ctx, "staff", castA1.loginId, FACTORY_PASSWORD);
    cookies.castA2 = await sessionCookie(ctx, "staff", castA2.loginId, FACTORY_PASSWORD);
    cookies.listener = await sessionCookie(ctx, "listener", listener.email, FACTORY_PASSWORD);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(routes.dataDir, { recursive: true, force: true });
  });

  const ctx = () => routes.context;
  const staffRow = async (uid: string) =>
    (await database.db.select().from(staffs).where(eq(staffs.uid, uid)))[0]!;
  const storeRow = async (uid: string) =>
    (await database.db.select().from(livers).where(eq(livers.uid, uid)))[0]!;
  const shiftsOf = (uid: string) =>
    database.db
      .select({ date: schedules.date, start_time: schedules.start_time, end_time: schedules.end_time })
      .from(schedules)
      .where(eq(schedules.staff_id, uid))
      .orderBy(asc(schedules.date));
  const errorsOf = (answer: Answer) => (answer.body as { errors: Record<string, string> }).errors;
  const post = (
    fn: Parameters<typeof call>[0],
    url: string,
    cookie: string,
    body: BodyInit,
    params: Record<string, string> = {},
  ) => call(fn, { context: ctx(), url, cookie, method: "POST", body, params });

  describe("ownership through the pages", () => {
    it("another store gets no page for store A's staff, and no action on them writes anything", async () => {
      const staffId = castA1.uid;
      const before = await staffRow(staffId);
      const [credentialBefore] = await database.db.select().from(account).where(eq(account.userId, staffId));
      const page = `/liver/mypage/staff/${staffId}`;
      const params = { id: staffId };

      expect(
        (await call(staffEdit.loader, { context: ctx(), url: page, cookie: cookies.storeB, params })).status,
      ).toBe(404);
      expect(
        (
          await call(staffEdit.loader, {
            context: ctx(),
            url: `${page}?tab=schedule`,
            cookie: cookies.storeB,
            params,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await call(staffCreate.loader, {
            context: ctx(),
            url: `/liver/mypage/staff/create/${staffId}`,
            cookie: cookies.storeB,
            params,
          })
        ).status,
      ).toBe(404);

      const attempts: [Parameters<typeof call>[0], string, FormData][] = [
        [staffEdit.action, page, form(STAFF_FORM)],
        [
          staffEdit.action,
          page,
          form({ intent: "password", password: "hijack-2026", password_confirmation: "hijack-2026" }),
        ],
        [
          staffEdit.action,
          `${page}?tab=schedule`,
          form({
            intent: "schedule",
            start: "2026-11-22",
            end: "2026-11-28",
            "shifts.2026-11-23.start_time": "20:00",
            "shifts.2026-11-23.end_time": "LAST",
          }),
        ],
        [
          staffList.action,
          "/liver/mypage/staff",
          form({ intent: "display", staff_id: staffId, displayed: "0" }),
        ],
        [staffList.action, "/liver/mypage/staff", form({ intent: "delete", staff_id: staffId })],
        [
          staffList.action,
          "/liver/mypage/staff",
          form({ intent: "move", staff_id: staffId, direction: "down" }),
        ],
        [
          staffCreate.action,
          `/liver/mypage/staff/create/${staffId}`,
          form({
            name: "x",
            name_kana: "エックス",
            login_id: `copy_${driver}`,
            password: "copy-pass-2026",
            password_confirmation: "copy-pass-2026",
          }),
        ],
      ];
      for (const [fn, url, body] of attempts) {
        const answer = await post(fn, url, cookies.storeB, body, params);
        expect(answer.status, `${url} ${body.get("intent")}`).toBe(404);
      }
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c00" } })
        .png()
        .toBuffer();
      const upload = await post(
        staffEdit.action,
        page,
        cookies.storeB,
        form({ intent: "image_add" }, { image: new File([png], "a.png", { type: "image/png" }) }),
        params,
      );
      expect(upload.status).toBe(404);

      expect(await staffRow(staffId)).toEqual(before);
      const [credentialAfter] = await database.db.select().from(account).where(eq(account.userId, staffId));
      expect(credentialAfter!.password).toBe(credentialBefore!.password);
      expect(await shiftsOf(staffId)).toEqual([]);
      expect(await database.db.select().from(logs).where(eq(logs.liver_id, storeB.uid))).toEqual([]);
      expect(await database.db.select().from(staffs).where(eq(staffs.liver_id, storeB.uid))).toEqual([]);
    });

    it("a staff member or a listener on the store's pages is sent to the store login", async () => {
      for (const cookie of [cookies.castA1, cookies.castA2, cookies.listener, ""]) {
        const url = `/liver/mypage/staff/${castA1.uid}`;
        const answer = await call(staffEdit.loader, {
          context: ctx(),
          url,
          cookie,
          params: { id: castA1.uid },
        });
        expect(answer.status).toBe(302);
        expect(answer.location).toBe(`/liver/login?from=${encodeURIComponent(url)}`);
        const write = await post(staffEdit.action, url, cookie, form(STAFF_FORM), { id: castA1.uid });
        expect(write.status).toBe(302);
      }
      expect((await staffRow(castA1.uid)).name).toBe("あい");
    });

    it("a staff member's own pages only ever change themself", async () => {
      const before = await staffRow(castA2.uid);
      // The page has no id to aim at another staff member: whatever is posted lands on the actor.
      const answer = await post(
        ownProfile.action,
        "/staff/mypage/profile",
        cookies.castA1,
        form({ ...STAFF_FORM, staff_id: castA2.uid, uid: castA2.uid }),
      );
      expect(answer.status).toBe(302);
      expect((await staffRow(castA1.uid)).name).toBe("みお");
      expect(await staffRow(castA2.uid)).toEqual(before);
      await database.db.update(staffs).set({ name: "あい" }).where(eq(staffs.uid, castA1.uid));
    });
  });

  describe("the schedules API (ADR 0020)", () => {
    const url = (id: string, query = "start=2026-12-06&end=2026-12-12") =>
      `/api/liver/staff/${id}/schedules?${query}`;
    const put = (id: string, cookie: string, body: unknown, query?: string) =>
      call(scheduleApi.action, {
        context: ctx(),
        url: url(id, query),
        cookie,
        method: "PUT",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
        params: { id },
      });
    const get = (id: string, cookie: string, query?: string) =>
      call(scheduleApi.loader, { context: ctx(), url: url(id, query), cookie, params: { id } });

    it("answers the owning store and the staff member; refuses everyone else and writes nothing", async () => {
      const shift = { date: "2026-12-07", start_time: "20:00", end_time: "LAST" };
      expect((await put(castA1.uid, cookies.storeA, { items: [shift] })).status).toBe(200);
      const own = await put(castA1.uid, cookies.castA1, {
        items: [shift, { date: "2026-12-08", start_time: "OPEN", end_time: "23:00" }],
      });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({
        total: 2,
        page: 1,
        items: [{ date: "2026-12-07" }, { date: "2026-12-08" }],
      });
      const expected = await shiftsOf(castA1.uid);

      for (const [who, cookie, status, code] of [
        ["store B", cookies.storeB, 404, "not-found"],
        ["another staff member", cookies.castA2, 404, "not-found"],
        ["a listener", cookies.listener, 403, "permission-denied"],
        ["nobody", "", 401, "unauthenticated"],
      ] as const) {
        const read = await get(castA1.uid, cookie);
        expect(read.status, who).toBe(status);
        expect(read.body, who).toMatchObject({ error: { code } });
        const write = await put(castA1.uid, cookie, { items: [] });
        expect(write.status, who).toBe(status);
      }
      expect(await shiftsOf(castA1.uid)).toEqual(expected);

      const read = await get(castA1.uid, cookies.storeA);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ items: expected, total: 2 });
    });

    it("refuses bad ranges, bodies and shifts with 400 invalid-argument and keeps the old shifts", async () => {
      const before = await shiftsOf(castA1.uid);
      const cases: [string, unknown, string | undefined][] = [
        ["end before start", { items: [] }, "start=2026-12-12&end=2026-12-06"],
        ["a 200-day range", { items: [] }, "start=2026-01-01&end=2026-07-19"],
        ["no range", { items: [] }, ""],
        ["not a date", { items: [] }, "start=2026-13-01&end=2026-13-02"],
        ["no items", { shifts: [] }, undefined],
        [
          "a shift outside the range",
          { items: [{ date: "2026-12-20", start_time: "20:00", end_time: "LAST" }] },
          undefined,
        ],
        [
          "an end before the start",
          { items: [{ date: "2026-12-07", start_time: "22:00", end_time: "21:00" }] },
          undefined,
        ],
        [
          "a time off the 10-minute steps",
          { items: [{ date: "2026-12-07", start_time: "20:05", end_time: "LAST" }] },
          undefined,
        ],
        [
          "one day twice",
          {
            items: [
              { date: "2026-12-07", start_time: "20:00", end_time: "LAST" },
              { date: "2026-12-07", start_time: "21:00", end_time: "LAST" },
            ],
          },
          undefined,
        ],
      ];
      for (const [name, body, query] of cases) {
        const answer = await put(castA1.uid, cookies.storeA, body, query);
        expect(answer.status, name).toBe(400);
        expect(answer.body, name).toMatchObject({ error: { code: "invalid-argument" } });
        expect(typeof (answer.body as { error: { message: string } }).error.message).toBe("string");
      }
      const junk = await call(scheduleApi.action, {
        context: ctx(),
        url: url(castA1.uid),
        cookie: cookies.storeA,
        method: "PUT",
        body: "{not json",
        params: { id: castA1.uid },
      });
      expect(junk.status).toBe(400);
      expect(await shiftsOf(castA1.uid)).toEqual(before);
    });
  });

  describe("schedule replacement is atomic", () => {
    it("replaces exactly the range, both ends inclusive, leaving the days around it", async () => {
      const cast = await makeStaff(database.db, storeA.uid);
      const cookie = await sessionCookie(ctx(), "staff", cast.loginId, FACTORY_PASSWORD);
      await database.db.insert(schedules).values(
        ["2026-11-21", "2026-11-22", "2026-11-25", "2026-11-28", "2026-11-29"].map((date) => ({
          schedule_id: `${cast.uid}-${date}`,
          staff_id: cast.uid,
          date,
          start_time: "19:00",
          end_time: "LAST",
        })),
      );
      const answer = await post(
        ownSchedule.action,
        "/staff/mypage/schedule?week=1",
        cookie,
        form({
          intent: "schedule",
          start: "2026-11-22",
          end: "2026-11-28",
          "shifts.2026-11-22.start_time": "",
          "shifts.2026-11-22.end_time": "",
          "shifts.2026-11-24.start_time": "OPEN",
          "shifts.2026-11-24.end_time": "23:50",
          "shifts.2026-11-28.start_time": "23:50",
          "shifts.2026-11-28.end_time": "LAST",
        }),
      );
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/staff/mypage/schedule?week=1&done=schedule");
      expect(await shiftsOf(cast.uid)).toEqual([
        { date: "2026-11-21", start_time: "19:00", end_time: "LAST" },
        { date: "2026-11-24", start_time: "OPEN", end_time: "23:50" },
        { date: "2026-11-28", start_time: "23:50", end_time: "LAST" },
        { date: "2026-11-29", start_time: "19:00", end_time: "LAST" },
      ]);
    });

    it("a failure inside the transaction leaves the old shifts and answers a text error", async () => {
      const cast = await makeStaff(database.db, storeA.uid);
      const cookie = await sessionCookie(ctx(), "staff", cast.loginId, FACTORY_PASSWORD);
      await database.db.insert(schedules).values([
        {
          schedule_id: `${cast.uid}-a`,
          staff_id: cast.uid,
          date: "2026-12-01",
          start_time: "20:00",
          end_time: "LAST",
        },
        {
          schedule_id: `${cast.uid}-b`,
          staff_id: cast.uid,
          date: "2026-12-02",
          start_time: "21:00",
          end_time: "LAST",
        },
      ]);
      const before = await shiftsOf(cast.uid);
      // The database refuses the second inserted row (a real failure after the delete ran).
      await database.db.execute(
        sql.raw(`create or replace function refuse_shift() returns trigger language plpgsql as $$
        begin
          if new.staff_id = '${cast.uid}' and new.end_time = '23:40' then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
      );
      await database.db.execute(
        sql.raw(
          "create trigger refuse_shift before insert on schedules for each row execute function refuse_shift()",
        ),
      );
      try {
        const answer = await post(
          ownSchedule.action,
          "/staff/mypage/schedule",
          cookie,
          form({
            intent: "schedule",
            start: "2026-11-29",
            end: "2026-12-05",
            "shifts.2026-12-01.start_time": "20:00",
            "shifts.2026-12-01.end_time": "23:00",
            "shifts.2026-12-03.start_time": "20:00",
            "shifts.2026-12-03.end_time": "23:40",
          }),
        );
        expect(answer.status).toBe(503);
        expect(errorsOf(answer)._form).toBe(SHIFT_MESSAGES.failed);
        expect(await shiftsOf(cast.uid)).toEqual(before);
      } finally {
        await database.db.execute(sql.raw("drop trigger refuse_shift on schedules"));
        await database.db.execute(sql.raw("drop function refuse_shift()"));
      }
    });

    it("two replacements of one week at once leave one of them whole", async () => {
      const cast = await makeStaff(database.db, storeA.uid);
      const week = (start_time: string) =>
        [
          "2026-12-13",
          "2026-12-14",
          "2026-12-15",
          "2026-12-16",
          "2026-12-17",
          "2026-12-18",
          "2026-12-19",
        ].map((date) => ({ date, start_time, end_time: "LAST" }));
      const { replaceStaffSchedules } = await import("~/.server/services/schedules/replace-staff-schedules");
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          replaceStaffSchedules({
            db: database.db,
            actor: storeA,
            staffId: cast.uid,
            input: { start: "2026-12-13", end: "2026-12-19", items: week(i % 2 === 0 ? "19:00" : "21:00") },
          }),
        ),
      );
      expect(runs.every((r) => r.ok)).toBe(true);
      const rows = await shiftsOf(cast.uid);
      expect(rows).toHaveLength(7);
      expect(new Set(rows.map((r) => r.start_time)).size).toBe(1);
    });
  });

  describe("uploads", () => {
    const folder = () => path.join(routes.dataDir, "uploads", "livers", storeA.uid);
    const files = () => {
      try {
        return readdirSync(folder());
      } catch {
        return [];
      }
    };
    const upload = (file: File | Blob, name?: string) =>
      post(
        storeProfile.action,
        "/liver/mypage/profile",
        cookies.storeA,
        form({ intent: "image_add" }, { image: name ? new File([file], name) : (file as File) }),
      );

    it("refuses oversized, bomb, SVG and misnamed files with 400 and its message, storing nothing", async () => {
      const before = (await storeRow(storeA.uid)).image_urls;
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#36c" } })
        .png()
        .toBuffer();
      const cases: [string, Promise<Answer>, string][] = [
        [
          "over the size limit",
          upload(new Blob([new Uint8Array(MYPAGE_FORM_MAX_BYTES + 1)]), "big.jpg"),
          IMAGE_MESSAGES.too_large,
        ],
        [
          "a 20,000 × 20,000 PNG",
          upload(new Blob([new Uint8Array(hugePng())]), "bomb.png"),
          IMAGE_MESSAGES.too_many_pixels,
        ],
        [
          "an SVG with a script",
          upload(
            new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>']),
            "evil.svg",
          ),
          IMAGE_MESSAGES.unsupported,
        ],
        [
          "an SVG named .png",
          upload(
            new Blob([
              '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
            ]),
            "evil.png",
          ),
          IMAGE_MESSAGES.unsupported,
        ],
        ["a PNG named .exe", upload(new Blob([png]), "photo.exe"), IMAGE_MESSAGES.unsupported],
        ["text named .jpg", upload(new Blob(["hello"]), "photo.jpg"), IMAGE_MESSAGES.unsupported],
        [
          "no file",
          post(storeProfile.action, "/liver/mypage/profile", cookies.storeA, form({ intent: "image_add" })),
          IMAGE_MESSAGES.required,
        ],
      ];
      for (const [name, pending, message] of cases) {
        const answer = await pending;
        expect(answer.status, name).toBe(400);
        // A refused picture is named in front of the reason (「photo.jpg」：…).
        expect(errorsOf(answer).image, name).toContain(message);
      }
      expect((await storeRow(storeA.uid)).image_urls).toEqual(before);
      expect(files()).toEqual([]);

      // The server is unharmed: a real picture goes through, re-encoded as WebP.
      const ok = await upload(new Blob([png]), "photo.png");
      expect(ok.status).toBe(302);
      const after = (await storeRow(storeA.uid)).image_urls;
      expect(after).toHaveLength(before.length + 1);
      expect(after.at(-1)).toMatch(new RegExp(`^/uploads/livers/${storeA.uid}/[A-Za-z0-9_-]+\\.webp$`));
      expect(files()).toHaveLength(1);
      const stored = await sharp(path.join(routes.dataDir, after.at(-1)!)).metadata();
      expect(stored.format).toBe("webp");

      // Removing it deletes the file.
      const removed = await post(
        storeProfile.action,
        "/liver/mypage/profile",
        cookies.storeA,
        form({ intent: "image_remove", url: after.at(-1)! }),
      );
      expect(removed.status).toBe(302);
      expect(files()).toEqual([]);
    });
  });

  describe("every field's bad input answers 400 with its message and writes nothing", () => {
    it("store profile", async () => {
      const before = await storeRow(storeA.uid);
      const cases: [string, string | string[], string][] = [
        ["store_name", "", messages.required],
        ["store_name", "あ".repeat(51), "店舗名は50文字以内で入力してください"],
        ["store_name_kana", "るな", messages.katakana],
        ["slug", "Has Space", STORE_PROFILE_MESSAGES.slug],
        ["slug", "admin", STORE_PROFILE_MESSAGES.slug_reserved],
        ["status", "suspended", STORE_PROFILE_MESSAGES.status],
        ["store_type", "casino", "業種を一覧から選択してください"],
        ["phone_number", "12345", messages.must_start_with_zero],
        ["postal_code", "12-345", messages.postal_code],
        ["address", "", messages.required],
        ["area", "umeda", "エリアを正しく選択してください"],
        ["business_start_time", "20:05", "一覧から選択してください"],
        ["business_end_time", "25:00", "一覧から選択してください"],
        ["holidays", ["月曜", "毎日"], STORE_PROFILE_MESSAGES.list_item],
        ["services", ["karaoke"], STORE_PROFILE_MESSAGES.list_item],
        ["commitments", ["pool"], STORE_PROFILE_MESSAGES.list_item],
      ];
      for (const [field, value, message] of cases) {
        const answer = await post(
          storeProfile.action,
          "/liver/mypage/profile",
          cookies.storeA,
          form({ ...STORE_FORM, [field]: value }),
        );
        expect(answer.status, field).toBe(400);
        expect(errorsOf(answer)[field], `${field}=${value}`).toBe(message);
      }
      // A slug another store has: refused next to the field.
      await database.db.update(livers).set({ slug: "taken-slug" }).where(eq(livers.uid, storeB.uid));
      const taken = await post(
        storeProfile.action,
        "/liver/mypage/profile",
        cookies.storeA,
        form({ ...STORE_FORM, slug: "taken-slug" }),
      );
      expect(taken.status).toBe(400);
      expect(errorsOf(taken).slug).toBe(STORE_PROFILE_MESSAGES.slug_taken);
      expect(await storeRow(storeA.uid)).toEqual(before);

      const saved = await post(
        storeProfile.action,
        "/liver/mypage/profile",
        cookies.storeA,
        form(STORE_FORM),
      );
      expect(saved).toMatchObject({ status: 302, location: "/liver/mypage/profile?done=saved" });
      expect(await storeRow(storeA.uid)).toMatchObject({ store_name: "ラウンジ 月", slug: "lounge-tsuki" });
      expect((await staffRow(castA1.uid)).liver_name).toBe("ラウンジ 月");
    });

    it("staff profile (by the staff member and by the store)", async () => {
      const before = await staffRow(castA2.uid);
      const cases: [string, string, string][] = [
        ["name", "", messages.required],
        ["name_kana", "みお", messages.katakana],
        ["age", "17", STAFF_PROFILE_MESSAGES.age],
        ["age", "abc", STAFF_PROFILE_MESSAGES.age],
        ["height", "200", STAFF_PROFILE_MESSAGES.height],
        ["birth_of_date", "2000-02-30", STAFF_PROFILE_MESSAGES.birth_of_date],
        ["birth_of_date", "2999-01-01", STAFF_PROFILE_MESSAGES.birth_of_date],
        ["blood_type", "C", STAFF_PROFILE_MESSAGES.choice],
        ["bust_type", "huge", STAFF_PROFILE_MESSAGES.choice],
        ["type_type", "x", STAFF_PROFILE_MESSAGES.choice],
        ["karaoke_type", "x", STAFF_PROFILE_MESSAGES.choice],
        ["alcohol_type", "x", STAFF_PROFILE_MESSAGES.choice],
        ["smoke_type", "x", STAFF_PROFILE_MESSAGES.choice],
        ["personality_type", "intj", STAFF_PROFILE_MESSAGES.choice],
        ["introduction", "あ".repeat(1001), "自己紹介は1000文字以内で入力してください"],
        ["instagram_id", "@mio", messages.starts_with_at],
        ["instagram_id", "mio-night", STAFF_PROFILE_MESSAGES.instagram_id],
        ["tiktok_id", "m", STAFF_PROFILE_MESSAGES.tiktok_id],
        ["youtube_id", "ab", STAFF_PROFILE_MESSAGES.youtube_id],
        ["followers", "-5", STAFF_PROFILE_MESSAGES.followers],
        ["matching_info.animal", "bird", STAFF_PROFILE_MESSAGES.choice],
      ];
      for (const [field, value, message] of cases) {
        for (const [fn, url, cookie, params] of [
          [ownProfile.action, "/staff/mypage/profile", cookies.castA2, {}],
          [staffEdit.action, `/liver/mypage/staff/${castA2.uid}`, cookies.storeA, { id: castA2.uid }],
        ] as const) {
          const answer = await post(fn, url, cookie, form({ ...STAFF_FORM, [field]: value }), params);
          expect(answer.status, `${url} ${field}`).toBe(400);
          expect(errorsOf(answer)[field], `${url} ${field}=${value}`).toBe(message);
        }
      }
      expect(await staffRow(castA2.uid)).toEqual(before);
    });

    it("staff profile saved: 13 answers, published_profile with age hidden (the public answer leaves it out)", async () => {
      const body = form({ ...STAFF_FORM, name: "いお", "published_profile.age": undefined });
      const answer = await post(ownProfile.action, "/staff/mypage/profile", cookies.castA2, body);
      expect(answer).toMatchObject({ status: 302, location: "/staff/mypage/profile?done=profile" });
      const row = await staffRow(castA2.uid);
      expect(row).toMatchObject({
        age: 22,
        height: 158,
        blood_type: "A",
        instagram_id: "mio_night",
        personality_type: "mediator",
      });
      expect(Object.keys(row.matching_info)).toHaveLength(13);
      expect(row.matching_info.animal).toBe("cat");
      expect(row.matching_mask).toBe(2 ** 13 - 1);
      expect(row.published_profile.age).toBe(false);
      expect(row.published_profile.height).toBe(true);
      // The store's log says nothing about the staff member's own edit.
      const entries = await database.db
        .select()
        .from(logs)
        .where(and(eq(logs.liver_id, storeA.uid), eq(logs.target_id, castA2.uid)));
      expect(entries).toEqual([]);
    });

    it("staff creation, password and shifts", async () => {
      const staffBefore = await database.db.select().from(staffs).where(eq(staffs.liver_id, storeA.uid));
      const create = (values: Record<string, string>) =>
        post(
          staffCreate.action,
          "/liver/mypage/staff/create",
          cookies.storeA,
          form({
            name: "ゆな",
            name_kana: "ユナ",
            login_id: `yuna_${driver}`,
            password: "yuna-pass-2026",
            password_confirmation: "yuna-pass-2026",
            ...values,
          }),
        );
      for (const [field, value, message] of [
        ["name", "", messages.required],
        ["name_kana", "yuna", messages.katakana],
        ["login_id", "ab", messages.login_id],
        ["login_id", castA1.loginId.toUpperCase(), STAFF_ACCOUNT_MESSAGES.login_id_taken],
        ["password", "short", messages.password],
        ["password", "ぱすわーどぱすわーど", messages.full_width],
        ["password_confirmation", "other-pass-2026", STAFF_ACCOUNT_MESSAGES.password_mismatch],
      ] as const) {
        const answer = await create({ [field]: value });
        expect(answer.status, field).toBe(400);
        expect(errorsOf(answer)[field], `${field}=${value}`).toBe(message);
      }
      expect(await database.db.select().from(staffs).where(eq(staffs.liver_id, storeA.uid))).toEqual(
        staffBefore,
      );

      const pass = (values: Record<string, string>) =>
        post(
          staffEdit.action,
          `/liver/mypage/staff/${castA1.uid}?tab=password`,
          cookies.storeA,
          form({ intent: "password", ...values }),
          { id: castA1.uid },
        );
      const [credential] = await database.db.select().from(account).where(eq(account.userId, castA1.uid));
      expect(errorsOf(await pass({ password: "short", password_confirmation: "short" })).password).toBe(
        messages.password,
      );
      expect(
        errorsOf(await pass({ password: "long-enough-1", password_confirmation: "long-enough-2" }))
          .password_confirmation,
      ).toBe(STAFF_ACCOUNT_MESSAGES.password_mismatch);
      const [unchanged] = await database.db.select().from(account).where(eq(account.userId, castA1.uid));
      expect(unchanged!.password).toBe(credential!.password);

      const shifts = await shiftsOf(castA2.uid);
      for (const [field, start, end, message] of [
        ["start_time", "25:00", "LAST", SHIFT_MESSAGES.start],
        ["end_time", "22:00", "21:00", SHIFT_MESSAGES.end],
        ["end_time", "22:00", "", SHIFT_MESSAGES.end_required],
      ] as const) {
        const answer = await post(
          ownSchedule.action,
          "/staff/mypage/schedule",
          cookies.castA2,
          form({
            intent: "schedule",
            start: "2026-11-22",
            end: "2026-11-28",
            "shifts.2026-11-23.start_time": start,
            "shifts.2026-11-23.end_time": end,
          }),
        );
        expect(answer.status).toBe(400);
        expect(errorsOf(answer)[`shifts.2026-11-23.${field}`]).toBe(message);
      }
      expect(await shiftsOf(castA2.uid)).toEqual(shifts);
    });

    it("price system", async () => {
      const before = (await storeRow(storeA.uid)).price_system;
      const base = {
        intent: "price",
        "sets.0.start_time": "20:00",
        "sets.0.end_time": "21:00",
        "sets.0.minutes": "60",
        "sets.0.price": "4000",
        "sets.0.label": "",
        "drinks.0.name": "キャストドリンク",
        "drinks.0.price": "1000",
        payment_methods: ["cash"],
      };
      for (const [field, value, message] of [
        ["sets.0.price", "abc", PRICE_SYSTEM_MESSAGES.yen],
        ["sets.0.price", "", messages.required],
        ["sets.0.minutes", "5", PRICE_SYSTEM_MESSAGES.minutes],
        ["sets.0.start_time", "20:05", PRICE_SYSTEM_MESSAGES.time],
        ["sets.0.end_time", "", PRICE_SYSTEM_MESSAGES.time_pair],
        ["sets.0.label", "あ".repeat(21), "補足は20文字以内で入力してください"],
        ["extension.price", "", PRICE_SYSTEM_MESSAGES.extension_pair],
        ["nomination_fee", "10000000", PRICE_SYSTEM_MESSAGES.yen],
        ["service_charge_percent", "101", PRICE_SYSTEM_MESSAGES.percent],
        ["tax_percent", "1.25", PRICE_SYSTEM_MESSAGES.percent],
        ["drinks.0.name", "", messages.required],
        ["drinks.0.price", "-1", PRICE_SYSTEM_MESSAGES.yen],
        ["payment_methods", ["bitcoin"], PRICE_SYSTEM_MESSAGES.payment_method],
        ["note", "あ".repeat(1001), "備考は1000文字以内で入力してください"],
      ] as const) {
        const values = {
          ...base,
          "extension.minutes": field === "extension.price" ? "30" : "",
          [field]: value,
        };
        const answer = await post(
          storePrice.action,
          "/liver/mypage/price",
          cookies.storeA,
          form(values as Record<string, string | string[]>),
        );
        expect(answer.status, field).toBe(400);
        expect(errorsOf(answer)[field], `${field}=${value}`).toBe(message);
      }
      expect((await storeRow(storeA.uid)).price_system).toEqual(before);
      const saved = await post(storePrice.action, "/liver/mypage/price", cookies.storeA, form(base));
      expect(saved.status).toBe(302);
      expect((await storeRow(storeA.uid)).price_system).toMatchObject({
        sets: [{ price: 4000 }],
        drinks: [{ price: 1000 }],
      });
    });

    it("bank account and plan", async () => {
      const before = await storeRow(storeA.uid);
      const bank = {
        intent: "bank_account",
        account_holder: "ヨルナビ　タロウ",
        bank_code: "0001",
        branch_code: "123",
        account_type: "saving",
        account_number: "1234567",
        current_password: FACTORY_PASSWORD,
      };
      for (const [field, value, message] of [
        ["current_password", "wrong-password-1", "パスワードが間違っています"],
        ["current_password", "", messages.required],
        ["account_holder", "yoru", BANK_ACCOUNT_MESSAGES.account_holder],
        ["account_holder", "", messages.required],
        ["bank_code", "12", BANK_ACCOUNT_MESSAGES.bank_code],
        ["branch_code", "1234", BANK_ACCOUNT_MESSAGES.branch_code],
        ["account_type", "gold", BANK_ACCOUNT_MESSAGES.account_type],
        ["account_number", "123456", BANK_ACCOUNT_MESSAGES.account_number],
      ] as const) {
        const answer = await post(
          storeSetting.action,
          "/liver/mypage/setting",
          cookies.storeA,
          form({ ...bank, [field]: value }),
        );
        expect(answer.status, field).toBe(400);
        expect(errorsOf(answer)[field], `${field}=${value}`).toBe(message);
      }
      const plan = await post(
        storeSetting.action,
        "/liver/mypage/setting",
        cookies.storeA,
        form({ intent: "plan", new_plan_id: "gold" }),
      );
      expect(plan.status).toBe(400);
      expect(await storeRow(storeA.uid)).toEqual(before);

      const saved = await post(
        storeSetting.action,
        "/liver/mypage/setting",
        cookies.storeA,
        form({ ...bank, bank_code: "０００１" }),
      );
      expect(saved).toMatchObject({ status: 302, location: "/liver/mypage/setting?done=bank_account" });
      const { intent: _intent, current_password: _password, ...stored } = bank;
      expect((await storeRow(storeA.uid)).account).toEqual({
        ...stored,
        bank_code: "0001",
        bank_name: "みずほ",
        branch_name: "戸越",
      });
      // The store's address is told, with the number masked.
      const [notice] = await database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, "bank-account-changed"), eq(mailOutbox.to, storeA.email)));
      expect(notice?.subject).toContain("振込口座が変更されました");
      expect(notice?.text).toContain("****567");
      expect(notice?.text).not.toContain("1234567");
    });
  });
});
