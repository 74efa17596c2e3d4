import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { migrate, queryRows } from "~/.server/db/client";
import { directoryState, listeners, livers, staffs } from "~/.server/db/schema";
import { buildLiverSearch, searchLivers } from "~/.server/services/directory/search-livers";
import { buildStaffSearch, searchStaffs } from "~/.server/services/directory/search-staffs";
import { parseLiverSearch, parseStaffSearch } from "~/domain/directory-search";
import { matchingMask } from "~/domain/matching";
import { MATCHING_QUESTIONS } from "~/domain/options";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";

/**
 * Totals are remembered per directory version (ADR 0013). They must stay exact: every kind of
 * write a total depends on changes the version, whoever makes it (a service, a seed, plain SQL).
 * Each case reads a total (remembered), writes, and compares the next total with a fresh count.
 */

const secondAnswers = (n: number) =>
  Object.fromEntries(MATCHING_QUESTIONS.slice(0, n).map((q) => [q.key, q.answers[1].value]));

describe.each(drivers)("remembered directory totals on %s", (driver) => {
  let database: TestDatabase;
  let storeA: string;
  let storeB: string;
  let castA: string;
  let castB: string;
  let listener: Viewer;

  const staffInput = (query: string) => {
    const parsed = parseStaffSearch(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.value;
  };
  const liverInput = (query: string) => {
    const parsed = parseLiverSearch(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.value;
  };
  const staffTotal = async (query: string, actor: Viewer | null = null) =>
    (await searchStaffs({ db: database.db, actor, input: staffInput(query) })).total;
  const liverTotal = async (query: string) =>
    (await searchLivers({ db: database.db, actor: null, input: liverInput(query) })).total;
  /** The same count, straight from the database, nothing remembered. */
  const countedStaff = async (query: string) => {
    const plan = buildStaffSearch(database.db, staffInput(query), { today: "2026-11-25", listener: null });
    if (plan.kind !== "paged") throw new Error("unexpected plan");
    const [row] = await plan.total;
    return row?.n ?? 0;
  };
  const countedLivers = async (query: string) => {
    const [row] = await buildLiverSearch(database.db, liverInput(query), null).total;
    return row?.n ?? 0;
  };
  const version = async () => {
    const [row] = await database.db.select({ v: directoryState.version }).from(directoryState);
    return row!.v;
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "totals" });
    listener = await makeListener(database.db);
    // She has saved an answer (the default one), so she has scores (ADR 0060).
    await database.db
      .update(listeners)
      .set({ matching_info: { [MATCHING_QUESTIONS[0].key]: MATCHING_QUESTIONS[0].answers[0].value } })
      .where(eq(listeners.uid, listener.uid));
  });
  afterAll(async () => {
    await database?.close();
  });

  beforeEach(async () => {
    const db = database.db;
    await db.delete(livers);
    storeA = (
      await makeLiver(db, {
        store_name: "ガールズバー ミサキ",
        region: "kanto",
        prefecture: "tokyo",
        area: "kabukicho",
      })
    ).uid;
    storeB = (
      await makeLiver(db, {
        store_name: "スナック ツキ",
        region: "kansai",
        prefecture: "osaka",
        area: "namba",
      })
    ).uid;
    castA = (
      await makeStaff(db, storeA, {
        name: "みさき",
        name_kana: "ミサキ",
        age: 20,
        height: 160,
        blood_type: "A",
      })
    ).uid;
    castB = (
      await makeStaff(db, storeB, { name: "ユイ", name_kana: "ユイ", age: 30, height: 170, blood_type: "B" })
    ).uid;
  });

  type Write = () => Promise<unknown>;
  const staffCases: [string, string, Write][] = [
    ["age", "ageFrom=25", () => database.db.update(staffs).set({ age: 26 }).where(eq(staffs.uid, castA))],
    [
      "height",
      "heightTo=165",
      () => database.db.update(staffs).set({ height: 180 }).where(eq(staffs.uid, castA)),
    ],
    [
      "blood type",
      "bloodTypes=A",
      () => database.db.update(staffs).set({ blood_type: "O" }).where(eq(staffs.uid, castA)),
    ],
    [
      "a hidden attribute (published_profile)",
      "bloodTypes=A",
      () =>
        database.db
          .update(staffs)
          .set({ published_profile: { blood_type: false } })
          .where(eq(staffs.uid, castA)),
    ],
    [
      "the name (keyword)",
      "keyword=みさき",
      () => database.db.update(staffs).set({ name: "あや", name_kana: "アヤ" }).where(eq(staffs.uid, castA)),
    ],
    [
      "display off",
      "",
      () => database.db.update(staffs).set({ is_displayed: false }).where(eq(staffs.uid, castA)),
    ],
    [
      "deletion",
      "",
      () => database.db.update(staffs).set({ status: "deleted" }).where(eq(staffs.uid, castA)),
    ],
    [
      "a move to another store",
      "prefecture=tokyo&region=kanto",
      () => database.db.update(staffs).set({ liver_id: storeB }).where(eq(staffs.uid, castA)),
    ],
    ["a new staff member", "", () => makeStaff(database.db, storeA, { name: "新人" })],
    ["a removed row", "", () => database.db.delete(staffs).where(eq(staffs.uid, castB))],
    [
      "the store hidden",
      "",
      () => database.db.update(livers).set({ status: "private" }).where(eq(livers.uid, storeA)),
    ],
    [
      "the store's area",
      "area=kabukicho&prefecture=tokyo&region=kanto",
      () => database.db.update(livers).set({ area: "shinjuku-sanchome" }).where(eq(livers.uid, storeA)),
    ],
    [
      "a plain SQL write",
      "bloodTypes=B",
      () => database.db.execute(sql`update staffs set blood_type = 'AB'`),
    ],
  ];

  it.each(staffCases)("a staff total follows a change of %s", async (_label, query, write) => {
    const before = await staffTotal(query);
    expect(before).toBe(await countedStaff(query));
    expect(await staffTotal(query)).toBe(before); // remembered
    await write();
    const after = await countedStaff(query);
    expect(after).not.toBe(before); // the case really changes the total
    expect(await staffTotal(query)).toBe(after);
  });

  const liverCases: [string, string, Write][] = [
    [
      "the name (keyword)",
      "keyword=みさき",
      () =>
        database.db
          .update(livers)
          .set({ store_name: "ラウンジ 月", store_name_kana: "ラウンジ ツキ" })
          .where(eq(livers.uid, storeA)),
    ],
    [
      "the store type",
      "store_type=snack",
      () => database.db.update(livers).set({ store_type: "snack" }).where(eq(livers.uid, storeA)),
    ],
    [
      "services",
      "services=cheap",
      () =>
        database.db
          .update(livers)
          .set({ services: ["cheap"] })
          .where(eq(livers.uid, storeA)),
    ],
    [
      "the status",
      "",
      () => database.db.update(livers).set({ status: "suspended" }).where(eq(livers.uid, storeB)),
    ],
    ["a new store", "", () => makeLiver(database.db, { store_name: "新店" })],
  ];

  it.each(liverCases)("a store total follows a change of %s", async (_label, query, write) => {
    const before = await liverTotal(query);
    expect(before).toBe(await countedLivers(query));
    await write();
    const after = await countedLivers(query);
    expect(after).not.toBe(before);
    expect(await liverTotal(query)).toBe(after);
  });

  it("counts per matching class follow a change of the answers", async () => {
    const page = async () =>
      searchStaffs({ db: database.db, actor: listener, input: staffInput("sort=matching") });
    const first = await page();
    expect(first.items.map((s) => s.uid)).toContain(castA);
    // Both answer the defaults: both score 100, castA first by `new` ties or not — only the score matters here.
    expect(first.items.find((s) => s.uid === castA)?.matching_score).toBe(100);
    await database.db
      .update(staffs)
      .set({ matching_info: secondAnswers(13) })
      .where(eq(staffs.uid, castA));
    const second = await page();
    expect(second.total).toBe(2);
    expect(second.items.map((s) => s.uid)).toEqual([castB, castA]);
    expect(second.items[1]?.matching_score).toBe(18);
    expect(matchingMask(secondAnswers(13))).not.toBe(0);
  });

  it("remembers a total: a write that slips past the triggers is not seen until the version moves", async () => {
    const before = await staffTotal("");
    // Replica mode fires no triggers: the only way to change rows without changing the version.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(staffs).set({ is_displayed: false }).where(eq(staffs.uid, castA));
    });
    expect(await countedStaff("")).toBe(before - 1);
    expect(await staffTotal("")).toBe(before); // the remembered answer, not a count
    await database.db.update(staffs).set({ age: 21 }).where(eq(staffs.uid, castB));
    expect(await staffTotal("")).toBe(before - 1);
  });

  it("follows, posts and reordering leave the version alone; other writes give it a new one", async () => {
    const start = await version();
    await database.db
      .update(staffs)
      .set({ follower_number: 7, order: 3, last_post_at: new Date(), updated_at: new Date() })
      .where(eq(staffs.uid, castA));
    await database.db
      .update(livers)
      .set({ follower_number: 9, point: 100, order: 1 })
      .where(eq(livers.uid, storeA));
    expect(await version()).toBe(start);
    await database.db.transaction(async (tx) => {
      await tx.update(staffs).set({ age: 22 }).where(eq(staffs.uid, castA));
      await tx.update(staffs).set({ age: 33 }).where(eq(staffs.uid, castB));
      await tx.update(livers).set({ area: "umeda" }).where(eq(livers.uid, storeB));
    });
    const afterTransaction = await version();
    expect(afterTransaction).not.toBe(start);
    await database.db.execute(sql`update staffs set height = height + 1`);
    expect(await version()).not.toBe(afterTransaction);
  });

  it("a migration run gives a new version (DDL can rewrite rows without row triggers)", async () => {
    const before = await version();
    await migrate(database);
    expect(await version()).not.toBe(before);
  });

  // Needs a second connection with a transaction left open: PostgreSQL only (PGlite has one).
  if (driver !== "pg") return;
  it("a total counted while a change is uncommitted is not kept past its commit", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the pg.Pool behind drizzle, for a second connection
    const pool = (database.db as any).$client as import("pg").Pool;
    const writer = await pool.connect();
    try {
      const before = await staffTotal("");
      await writer.query("begin");
      await writer.query("update staffs set is_displayed = false where uid = $1", [castA]);
      // Counted now, the change is not visible yet, and neither is its new version.
      expect(await staffTotal("")).toBe(before);
      await writer.query("commit");
      expect(await staffTotal("")).toBe(before - 1);
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from staffs where is_displayed`,
      );
      expect(row?.n).toBe(before - 1);
    } finally {
      writer.release();
    }
  });
});
