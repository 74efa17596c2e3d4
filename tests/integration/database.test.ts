import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openDatabase, queryRows } from "~/.server/db/client";
import { DataDirLockedError } from "~/.server/db/lock";
import { livers, plans, staffs, user } from "~/.server/db/schema";
import { normalizeSearchText } from "~/domain/keyword";
import { matchingMask } from "~/domain/matching";
import { drivers, openTestDatabase, pgliteDirFromTemplate } from "../support/databases";

const EXPECTED_TABLES = [
  "account",
  "favorites",
  "listeners",
  "livers",
  "logs",
  "messages",
  "plans",
  "room_blocks",
  "room_reports",
  "rooms",
  "schedules",
  "session",
  "staffs",
  "user",
  "verification",
];

// One index per filter and sort of ADR 0020 (see the schema files for what each serves).
const EXPECTED_INDEXES = [
  "livers_slug_key",
  "livers_status_order_idx",
  "livers_status_created_idx",
  "livers_region_idx",
  "livers_prefecture_idx",
  "livers_area_idx",
  "livers_area_detail_idx",
  "livers_store_type_idx",
  "livers_services_idx",
  "livers_commitments_idx",
  "livers_search_text_idx",
  "staffs_slug_key",
  "staffs_login_id_key",
  "staffs_liver_order_idx",
  "staffs_listed_new_idx",
  "staffs_listed_popular_idx",
  "staffs_age_idx",
  "staffs_height_idx",
  "staffs_blood_type_idx",
  "staffs_bust_type_idx",
  "staffs_type_type_idx",
  "staffs_karaoke_type_idx",
  "staffs_alcohol_type_idx",
  "staffs_smoke_type_idx",
  "staffs_search_text_idx",
  "favorites_uid_staff_key",
  "favorites_uid_liver_key",
  "favorites_staff_idx",
  "favorites_liver_idx",
  "schedules_staff_date_key",
  "schedules_date_idx",
  "logs_liver_created_idx",
  "rooms_member_ids_idx",
  "rooms_pair_idx",
  "rooms_staff_idx",
  "messages_room_created_idx",
  "messages_unread_idx",
  "room_reports_status_created_idx",
];

describe.each(drivers)("database layer on %s", (driver) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("applies every migration to an empty database", async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const tables = rows.map((r) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining(EXPECTED_TABLES));
  });

  it("keeps the connection usable after a script fails between BEGIN and COMMIT", async () => {
    await expect(
      database.sql.executeSql("BEGIN; SET LOCAL lock_timeout = '1s'; SELECT 1/0; COMMIT;"),
    ).rejects.toThrow(/division by zero/);
    expect((await database.sql.executeSql("select 1 as one", [])).rows).toEqual([{ one: 1 }]);
    expect((await database.sql.executeSql("select 2 as two")).rows).toEqual([{ two: 2 }]);
  });

  it("is a no-op to migrate again", async () => {
    await expect(migrate({ ...database, close: async () => {} })).resolves.toBeUndefined();
  });

  it("has pg_trgm and an index for every filter and sort", async () => {
    const ext = await queryRows<{ extname: string }>(database.db, sql`select extname from pg_extension`);
    expect(ext.map((r) => r.extname)).toContain("pg_trgm");
    const idx = await queryRows<{ indexname: string }>(
      database.db,
      sql`select indexname from pg_indexes where schemaname = 'public'`,
    );
    expect(idx.map((r) => r.indexname)).toEqual(expect.arrayContaining(EXPECTED_INDEXES));
  });

  it("stores every point in time as timestamptz", async () => {
    const rows = await queryRows<{ table_name: string; column_name: string }>(
      database.db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type = 'timestamp without time zone'`,
    );
    expect(rows).toEqual([]);
  });

  it("ships the plan catalogue", async () => {
    const rows = await database.db.select().from(plans).orderBy(plans.sort_order);
    expect(rows.map((p) => [p.id, p.limit_staff])).toEqual([
      ["light", 3],
      ["standard", 15],
      ["premium", 50],
    ]);
  });

  describe("generated search columns", () => {
    beforeAll(async () => {
      await database.db.insert(user).values([
        { id: "store-1", name: "s", email: "s1@example.com" },
        { id: "staff-1", name: "m", email: "m1@example.com" },
      ]);
      await database.db
        .insert(livers)
        .values({ uid: "store-1", store_name: "Club ＬＵＮＡ 新宿", store_name_kana: "クラブ　ルナ" });
      await database.db.insert(staffs).values({
        uid: "staff-1",
        liver_id: "store-1",
        name: "みさき",
        name_kana: "ミサキ",
        matching_info: { animal: "cat", character: "cautious" },
      });
    });

    it.each([
      ["ﾐｻｷ", 1],
      ["みさき", 1],
      ["ミサキ", 1],
      ["サキ", 1],
      ["ゆうな", 0],
    ])("finds staff by %s the way the domain normalises it", async (keyword, expected) => {
      const needle = normalizeSearchText(keyword);
      const rows = await database.db
        .select({ uid: staffs.uid })
        .from(staffs)
        .where(sql`${staffs.search_text} like ${`%${needle}%`}`);
      expect(rows).toHaveLength(expected);
    });

    it.each([
      ["luna", 1],
      ["ＬＵＮＡ", 1],
      ["Luna", 1],
      ["るな", 1],
      ["新宿", 1],
      ["銀座", 0],
    ])("finds stores by %s", async (keyword, expected) => {
      const needle = normalizeSearchText(keyword);
      const rows = await database.db
        .select({ uid: livers.uid })
        .from(livers)
        .where(sql`${livers.search_text} like ${`%${needle}%`}`);
      expect(rows).toHaveLength(expected);
    });

    it("computes the matching mask as the domain does", async () => {
      const [row] = await database.db
        .select({ mask: staffs.matching_mask, sortNewAt: staffs.sort_new_at, createdAt: staffs.created_at })
        .from(staffs);
      expect(row?.mask).toBe(matchingMask({ animal: "cat", character: "cautious" }));
      expect(row?.mask).not.toBe(0);
      expect(row?.sortNewAt.getTime()).toBe(row?.createdAt.getTime());
    });
  });
});

describe("embedded database on disk", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "pglite-disk-"));
  const pgliteDir = path.join(dir, "db");
  // The reopen and the lock are the subject, not the first migration (the suite's servers migrate
  // an empty directory at every start).
  beforeAll(() => pgliteDirFromTemplate(pgliteDir));

  it("keeps data across a close and a reopen, and locks the directory while open", async () => {
    const first = await openDatabase({ pgliteDir });
    await expect(openDatabase({ pgliteDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.db.insert(user).values({ id: "u-1", name: "n", email: "disk@example.com" });
    await first.close();
    await first.close(); // closing twice is harmless

    const second = await openDatabase({ pgliteDir });
    const rows = await second.db.select({ email: user.email }).from(user);
    expect(rows).toEqual([{ email: "disk@example.com" }]);
    await second.close();
  });
});
