import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { listeners, type NewStaff } from "~/.server/db/schema";
import { updateMatchingInfo } from "~/.server/services/accounts/update-matching-info";
import { getPublicLiver } from "~/.server/services/directory/get-public-liver";
import { getPublicStaff } from "~/.server/services/directory/get-public-staff";
import { listLiverStaffs } from "~/.server/services/directory/list-liver-staffs";
import { listTopStaffs } from "~/.server/services/directory/list-top-staffs";
import { searchLivers } from "~/.server/services/directory/search-livers";
import { searchStaffs } from "~/.server/services/directory/search-staffs";
import { parseLiverSearch, parseStaffSearch } from "~/domain/directory-search";
import { scoreFromEqualCount } from "~/domain/matching";
import { MATCHING_QUESTIONS } from "~/domain/options";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";

/**
 * Every filter and sort of ADR 0020 against a data set built for it. Each expectation lists the
 * exact order, so a missing tie-break or a driver difference fails.
 */

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
/** Second answers on the first `n` questions (the rest default). */
const secondAnswers = (n: number) =>
  Object.fromEntries(MATCHING_QUESTIONS.slice(0, n).map((q) => [q.key, q.answers[1].value]));

describe.each(drivers)("directory search on %s", (driver) => {
  let database: TestDatabase;
  const store: Record<string, string> = {};
  const staff: Record<string, string> = {};
  let defaultListener: Viewer;
  let contraryListener: Viewer;

  const names = (items: { uid: string }[]) => {
    const byUid = new Map(Object.entries(staff).map(([k, v]) => [v, k]));
    return items.map((item) => byUid.get(item.uid) ?? item.uid);
  };
  const storeNames = (items: { uid: string }[]) => {
    const byUid = new Map(Object.entries(store).map(([k, v]) => [v, k]));
    return items.map((item) => byUid.get(item.uid) ?? item.uid);
  };

  async function staffSearch(query: string, actor: Viewer | null = null) {
    const parsed = parseStaffSearch(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(parsed.message);
    return searchStaffs({ db: database.db, actor, input: parsed.value });
  }
  async function liverSearch(query: string) {
    const parsed = parseLiverSearch(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(parsed.message);
    return searchLivers({ db: database.db, actor: null, input: parsed.value });
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "directory" });
    const db = database.db;
    const liver = async (key: string, fields: Parameters<typeof makeLiver>[1]) => {
      store[key] = (await makeLiver(db, fields)).uid;
    };
    await liver("S1", {
      store_name: "ガールズバー ミサキ",
      store_name_kana: "ガールズバー ミサキ",
      region: "kanto",
      prefecture: "tokyo",
      group: "", // the group filter must work from the area, not from this column
      area: "kabukicho",
      area_detail: "kabukicho-1",
      store_type: "girls_bar",
      services: ["cheap", "bunny"],
      commitments: ["card"],
      order: 2,
      created_at: at("2026-01-01"),
    });
    await liver("S2", {
      store_name: "Club ＡＢＣ",
      store_name_kana: "クラブ エービーシー",
      region: "kanto",
      prefecture: "tokyo",
      group: "shibuya-ebisu",
      area: "shibuya",
      store_type: "hostess_bar",
      services: ["luxury"],
      commitments: ["vip_room"],
      created_at: at("2026-03-01"),
    });
    await liver("S3", {
      store_name: "すなっく ひまわり",
      store_name_kana: "スナック ヒマワリ",
      region: "kansai",
      prefecture: "osaka",
      group: "minami",
      area: "namba",
      store_type: "snack",
      commitments: ["karaoke_main_floor", "card"],
      order: 1,
      is_individual: true,
      created_at: at("2025-12-01"),
    });
    await liver("S4", {
      store_name: "非公開ミサキ",
      status: "private",
      region: "kanto",
      prefecture: "tokyo",
      area: "kabukicho",
      store_type: "girls_bar",
      created_at: at("2026-04-01"),
    });
    await liver("S5", {
      store_name: "ラウンジ 月",
      store_name_kana: "ラウンジ ツキ",
      region: "kanto",
      prefecture: "tokyo",
      group: "shinjuku",
      area: "nishi-shinjuku",
      store_type: "lounge",
      created_at: at("2026-02-01"),
    });

    const cast = async (key: string, storeKey: string, fields: Partial<Omit<NewStaff, "login_id">>) => {
      staff[key] = (await makeStaff(db, store[storeKey]!, fields)).uid;
    };
    await cast("a", "S1", {
      name: "みさき",
      name_kana: "ミサキ",
      age: 20,
      height: 160,
      blood_type: "A",
      bust_type: "average",
      type_type: "slender",
      karaoke_type: "sing",
      alcohol_type: "strong",
      smoke_type: "not_smoke",
      created_at: at("2026-01-10"),
      last_post_at: at("2026-05-01"),
      follower_number: 5,
      order: 2,
    });
    await cast("b", "S1", {
      name: "ユイ",
      name_kana: "ユイ",
      age: 25,
      height: null,
      blood_type: "AB",
      created_at: at("2026-02-01"),
      follower_number: 10,
      matching_info: secondAnswers(13),
      order: 1,
    });
    await cast("c", "S2", {
      name: "Ｒｉｎａ",
      name_kana: "リナ",
      age: 30,
      height: 170,
      blood_type: "B",
      published_profile: { age: false, blood_type: false },
      created_at: at("2026-03-01"),
      follower_number: 5,
      matching_info: secondAnswers(4),
    });
    await cast("d", "S3", {
      name: "さくら",
      name_kana: "サクラ",
      age: 22,
      height: 155,
      blood_type: "O",
      created_at: at("2026-04-01"),
    });
    await cast("h", "S5", {
      name: "あや",
      name_kana: "アヤ",
      age: 18,
      height: 150,
      published_profile: { name: false },
      created_at: at("2025-12-01"),
      follower_number: 1,
    });
    await cast("hidden", "S1", { name: "みさき", is_displayed: false, created_at: at("2026-06-01") });
    await cast("deleted", "S1", { name: "みさき", status: "deleted", created_at: at("2026-06-01") });
    await cast("privateStore", "S4", { name: "みさき", created_at: at("2026-06-01") });

    defaultListener = await makeListener(db);
    // One saved answer, the default one: she has answered (ADR 0060), and scores as all-default.
    await db
      .update(listeners)
      .set({ matching_info: { [MATCHING_QUESTIONS[0].key]: MATCHING_QUESTIONS[0].answers[0].value } })
      .where(eq(listeners.uid, defaultListener.uid));
    contraryListener = await makeListener(db);
    await db
      .update(listeners)
      .set({ matching_info: secondAnswers(13) })
      .where(eq(listeners.uid, contraryListener.uid));
  });
  afterAll(async () => {
    await database?.close();
  });

  describe("staff", () => {
    it("lists only publicly listed staff, newest of last post and creation first", async () => {
      const result = await staffSearch("");
      expect(names(result.items)).toEqual(["a", "d", "c", "b", "h"]);
      expect(result).toMatchObject({ total: 5, page: 1, pageSize: 10 });
    });

    it.each([
      ["sort=popular", ["b", "a", "c", "h", "d"]],
      ["sort=new", ["a", "d", "c", "b", "h"]],
      ["sort=matching", ["a", "d", "c", "b", "h"]], // without a listener: new
    ])("%s", async (query, expected) => {
      expect(names((await staffSearch(query)).items)).toEqual(expected);
    });

    it("sort=matching ranks by the score against the signed-in listener, ties by new", async () => {
      const mine = await staffSearch("sort=matching", defaultListener);
      expect(names(mine.items)).toEqual(["a", "d", "h", "c", "b"]);
      expect(mine.items.map((s) => s.matching_score)).toEqual([100, 100, 100, 87, 18]);
      const contrary = await staffSearch("sort=matching", contraryListener);
      expect(names(contrary.items)).toEqual(["b", "c", "a", "d", "h"]);
      expect(contrary.items.map((s) => s.matching_score)).toEqual([100, 49, 18, 18, 18]);
      // A signed-out visitor gets no score at all.
      expect((await staffSearch("")).items[0]).not.toHaveProperty("matching_score");
    });

    it("a listener without answers has no score and sort=matching is new; one saved answer gives §5's scores", async () => {
      const listener = await makeListener(database.db);
      const before = await staffSearch("sort=matching", listener);
      expect(names(before.items)).toEqual(["a", "d", "c", "b", "h"]); // new
      expect(before.items.map((s) => s.matching_score)).toEqual([null, null, null, null, null]);
      const page = await getPublicStaff({
        db: database.db,
        actor: listener,
        input: { key: staff.c!, by: "id" },
      });
      expect(page.ok && page.detail.staff.matching_score).toBeNull();
      expect(page.ok && page.detail.matched_keys).toBeNull();

      // A partial save: one question, the others stay unanswered (stored as such) at their default.
      const saved = await updateMatchingInfo({
        db: database.db,
        actor: listener,
        input: { matching_info: secondAnswers(1) },
      });
      expect(saved).toEqual({ ok: true, matching_info: secondAnswers(1) });
      const after = await staffSearch("sort=matching", listener);
      expect(names(after.items)).toEqual(["a", "d", "h", "c", "b"]);
      expect(after.items.map((s) => s.matching_score)).toEqual([
        100,
        100,
        100,
        scoreFromEqualCount(10),
        scoreFromEqualCount(1),
      ]);
    });

    it.each([
      ["ageFrom=20&ageTo=25", ["a", "d", "b"]],
      ["ageFrom=25&ageTo=25", ["b"]],
      // c is 30 but hides the age: a filter on a hidden attribute does not match.
      ["ageFrom=30", []],
      // b has no height: any height bound excludes b.
      ["heightFrom=150", ["a", "d", "c", "h"]],
      ["heightTo=155", ["d", "h"]],
      ["heightFrom=155&heightTo=160", ["a", "d"]],
      ["bloodTypes=A,AB", ["a", "b"]],
      ["bloodTypes=A&bloodTypes=AB", ["a", "b"]],
      ["bloodTypes=B", []], // c hides the blood type
      ["bloodTypes=O", ["d"]],
      ["bustTypes=average", ["a"]],
      ["typeTypes=slender,petite", ["a"]],
      ["karaokeTypes=sing", ["a"]],
      ["alcoholTypes=strong", ["a"]],
      ["smokeTypes=not_smoke", ["a"]],
      ["smokeTypes=paper", []],
      ["region=kansai", ["d"]],
      ["prefecture=tokyo", ["a", "c", "b", "h"]],
      ["group=shinjuku", ["a", "b", "h"]],
      ["area=kabukicho", ["a", "b"]],
      ["area_detail=kabukicho-1", ["a", "b"]],
      ["liverIds=S2", ["c"]],
      ["keyword=みさき", ["a"]],
      ["keyword=ミサキ", ["a"]],
      ["keyword=ﾐｻｷ", ["a"]],
      ["keyword=ゆい", ["b"]],
      ["keyword=rina", ["c"]],
      ["keyword=ＲＩＮＡ", ["c"]],
      ["keyword=リ ナ", ["c"]],
      ["keyword=あや", []], // h hides the name
      ["keyword=%", []],
      ["keyword=ミサキ&ageFrom=21", []],
      ["prefecture=tokyo&heightFrom=150&sort=popular", ["a", "c", "h"]],
    ])("%s", async (query, expected) => {
      const resolved = query.replace(/S\d/g, (key) => store[key]!);
      const result = await staffSearch(resolved);
      expect(names(result.items)).toEqual(expected);
      expect(result.total).toBe(expected.length);
    });

    it("pages never overlap and keep the total; a page past the end is empty", async () => {
      const pages = await Promise.all([1, 2, 3, 4].map((p) => staffSearch(`pageSize=2&page=${p}`)));
      expect(pages.map((p) => names(p.items))).toEqual([["a", "d"], ["c", "b"], ["h"], []]);
      expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
      expect((await staffSearch("pageSize=500")).pageSize).toBe(100);
    });

    it("pages of sort=matching carry the total too, also past the end", async () => {
      const pages = await Promise.all(
        [1, 2, 3, 4].map((p) => staffSearch(`sort=matching&pageSize=2&page=${p}`, defaultListener)),
      );
      expect(pages.map((p) => names(p.items))).toEqual([["a", "d"], ["h", "c"], ["b"], []]);
      expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
      const filtered = await staffSearch("sort=matching&heightFrom=155", contraryListener);
      expect(names(filtered.items)).toEqual(["c", "a", "d"]);
      expect(filtered.total).toBe(3);
    });

    it("hides unpublished attributes from the public object", async () => {
      const [c] = (await staffSearch(`liverIds=${store.S2}`)).items;
      expect(c).not.toHaveProperty("age");
      expect(c).not.toHaveProperty("blood_type");
      expect(c).toMatchObject({
        height: 170,
        name: "Ｒｉｎａ",
        store: { uid: store.S2, store_type: "hostess_bar" },
      });
      expect(Object.keys(c!.matching_info)).toHaveLength(13);
      const [h] = (await staffSearch(`liverIds=${store.S5}`)).items;
      expect(h).not.toHaveProperty("name");
      expect(h).not.toHaveProperty("name_kana");
      expect(h).toMatchObject({ age: 18 });
    });

    it("top staff: most followers, ties by new", async () => {
      expect(names(await listTopStaffs({ db: database.db, actor: null }))).toEqual(["b", "a", "c", "h", "d"]);
    });

    it("one staff member by id or slug; unlisted ones are not found", async () => {
      const byId = await getPublicStaff({ db: database.db, actor: null, input: { key: staff.a!, by: "id" } });
      expect(byId.ok && byId.detail.staff.uid).toBe(staff.a);
      expect(byId.ok && byId.detail.schedule).toHaveLength(14);
      expect(byId.ok && byId.detail.matched_keys).toBeNull();
      const slug = byId.ok ? byId.detail.staff.slug! : "";
      const bySlug = await getPublicStaff({ db: database.db, actor: null, input: { key: slug, by: "slug" } });
      expect(bySlug.ok && bySlug.detail.staff.uid).toBe(staff.a);
      for (const key of ["hidden", "deleted", "privateStore"]) {
        const result = await getPublicStaff({
          db: database.db,
          actor: null,
          input: { key: staff[key]!, by: "either" },
        });
        expect(result).toEqual({ ok: false, error: "not_found" });
      }
      const withListener = await getPublicStaff({
        db: database.db,
        actor: contraryListener,
        input: { key: staff.c!, by: "either" },
      });
      expect(withListener.ok && withListener.detail.matched_keys).toEqual(
        MATCHING_QUESTIONS.slice(0, 4).map((q) => q.key),
      );
      expect(withListener.ok && withListener.detail.staff.matching_score).toBe(49);
    });

    it("a store's listed staff in the store's order", async () => {
      const result = await listLiverStaffs({
        db: database.db,
        actor: null,
        input: { liverId: store.S1!, page: 1, pageSize: 10 },
      });
      expect(result.ok && names(result.items)).toEqual(["b", "a"]);
      const hidden = await listLiverStaffs({
        db: database.db,
        actor: null,
        input: { liverId: store.S4!, page: 1, pageSize: 10 },
      });
      expect(hidden).toEqual({ ok: false, error: "not_found" });
    });
  });

  describe("stores", () => {
    it("lists public stores by order (none last), then newest", async () => {
      const result = await liverSearch("");
      expect(storeNames(result.items)).toEqual(["S3", "S1", "S2", "S5"]);
      expect(result.total).toBe(4);
      expect(result.items[0]).not.toHaveProperty("email");
      expect(result.items[0]).not.toHaveProperty("account");
    });

    it.each([
      ["group=shinjuku", ["S1", "S5"]],
      ["region=kanto&prefecture=tokyo&group=shinjuku", ["S1", "S5"]],
      ["group=minami", ["S3"]],
      ["region=kansai", ["S3"]],
      ["prefecture=tokyo", ["S1", "S2", "S5"]],
      ["area=shibuya", ["S2"]],
      ["area_detail=kabukicho-1", ["S1"]],
      ["store_type=girls_bar", ["S1"]],
      ["storeTypes=snack,lounge", ["S3", "S5"]],
      ["services=luxury,bunny", ["S1", "S2"]],
      ["commitments=card", ["S3", "S1"]],
      ["commitments=card&services=cheap", ["S1"]],
      ["is_individual=true", ["S3"]],
      ["is_individual=false", ["S1", "S2", "S5"]],
      ["keyword=ひまわり", ["S3"]],
      ["keyword=ＡＢＣ", ["S2"]],
      ["keyword=abc", ["S2"]],
      ["keyword=つき", ["S5"]],
      ["keyword=ミサキ", ["S1"]],
      ["areas=namba,shibuya", ["S3", "S2"]],
      ["ids=S2,S4", ["S2"]],
      ["liverIds=S5", ["S5"]],
    ])("%s", async (query, expected) => {
      const resolved = query.replace(/S\d/g, (key) => store[key]!);
      const result = await liverSearch(resolved);
      expect(storeNames(result.items)).toEqual(expected);
      expect(result.total).toBe(expected.length);
    });

    it("pages of stores", async () => {
      const second = await liverSearch("pageSize=3&page=2");
      expect(storeNames(second.items)).toEqual(["S5"]);
      expect(second.total).toBe(4);
    });

    it("one store by id or slug; a private one is not found", async () => {
      const result = await getPublicLiver({
        db: database.db,
        actor: null,
        input: { key: store.S1!, by: "either" },
      });
      expect(result.ok && result.store.store_name).toBe("ガールズバー ミサキ");
      const slug = result.ok ? result.store.slug! : "";
      const bySlug = await getPublicLiver({ db: database.db, actor: null, input: { key: slug, by: "slug" } });
      expect(bySlug.ok && bySlug.store.uid).toBe(store.S1);
      expect(
        await getPublicLiver({ db: database.db, actor: null, input: { key: store.S4!, by: "id" } }),
      ).toEqual({
        ok: false,
        error: "not_found",
      });
    });
  });
});
