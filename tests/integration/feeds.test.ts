import { eq, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { favorites, listeners, livers, posts, staffs } from "~/.server/db/schema";
import { searchStaffs } from "~/.server/services/directory/search-staffs";
import { followTarget } from "~/.server/services/favorites/follow-target";
import { unfollowTarget } from "~/.server/services/favorites/unfollow-target";
import { classStaffIds, newOrder, staffClassConditions } from "~/.server/services/posts/feed-query";
import { listPosts } from "~/.server/services/posts/list-posts";
import { writePost } from "~/.server/services/posts/write-post";
import { parseStaffSearch } from "~/domain/directory-search";
import { parseFeedSearch, STORE_POST_CLASS } from "~/domain/feed-search";
import { masksInClasses, matchingMask, scoreFromMasks } from "~/domain/matching";
import { MATCHING_QUESTIONS } from "~/domain/options";
import type { PostKind, PostSource } from "~/domain/posts";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";

/**
 * The feeds (ADR 0024) against a small world built for them. Every expectation is computed in
 * the test from the rows it wrote (a model of the listed rule, the filters and the sorts), so a
 * missing condition or tie-break fails on either database.
 */

const secondAnswers = (n: number) =>
  Object.fromEntries(MATCHING_QUESTIONS.slice(0, n).map((q) => [q.key, q.answers[1].value]));

interface StoreModel {
  key: string;
  uid: string;
  listed: boolean;
  region: string;
  prefecture: string;
  followers: number;
}
interface StaffModel {
  key: string;
  uid: string;
  store: StoreModel;
  listed: boolean;
  followers: number;
  mask: number;
}
interface PostModel {
  id: string;
  staff: StaffModel | null;
  store: StoreModel;
  source: PostSource;
  kind: PostKind;
  at: Date;
  public: boolean;
}

const SOURCES: PostSource[] = ["instagram", "tiktok", "youtube", "live", "native"];
const KINDS: PostKind[] = ["image", "video", "carousel_album", "text"];

describe.each(drivers)("feeds on %s", (driver) => {
  let database: TestDatabase;
  const stores: StoreModel[] = [];
  const staffList: StaffModel[] = [];
  const model: PostModel[] = [];
  let listener: Viewer;
  let listenerMask: number;
  let follower: Viewer;

  async function feed(query: string, actor: Viewer | null = null) {
    const parsed = parseFeedSearch(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(parsed.message);
    const result = await listPosts({ db: database.db, actor, input: parsed.value });
    if (!result.ok) throw new Error(result.error);
    return result;
  }

  /** Every page of a feed, concatenated (checks paging never overlaps or skips). */
  async function allIds(query: string, actor: Viewer | null = null) {
    const ids: string[] = [];
    let total = 0;
    for (let page = 1; page < 50; page++) {
      const result = await feed(`${query}&pageSize=4&page=${page}`, actor);
      total = result.total;
      ids.push(...result.items.map((item) => item.post_id));
      if (result.items.length < 4) break;
    }
    expect(ids.length).toBe(total);
    return ids;
  }

  const listed = (p: PostModel) => p.public && p.store.listed && (p.staff ? p.staff.listed : true);
  const byNew = (a: PostModel, b: PostModel) =>
    b.at.getTime() - a.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const followersOf = (p: PostModel) => (p.staff ? p.staff.followers : p.store.followers);
  const classOf = (p: PostModel) => {
    if (!p.staff) return 1000;
    return -scoreFromMasks(p.staff.mask, listenerMask);
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "feeds" });
    const db = database.db;
    const store = async (
      key: string,
      status: "public" | "private" | "suspended",
      region: string,
      prefecture: string,
      followers: number,
    ) => {
      const uid = (await makeLiver(db, { status, region, prefecture, follower_number: followers })).uid;
      const s: StoreModel = { key, uid, listed: status === "public", region, prefecture, followers };
      stores.push(s);
      return s;
    };
    const A = await store("A", "public", "kanto", "tokyo", 5);
    const B = await store("B", "public", "kansai", "osaka", 50);
    const C = await store("C", "private", "kanto", "tokyo", 100);
    const D = await store("D", "suspended", "kanto", "tokyo", 100);
    const staff = async (
      key: string,
      s: StoreModel,
      followers: number,
      answers: number,
      hidden: { is_displayed?: boolean; status?: "deleted" } = {},
    ) => {
      const info = secondAnswers(answers);
      const uid = (
        await makeStaff(db, s.uid, {
          follower_number: followers,
          matching_info: info,
          ...hidden,
        })
      ).uid;
      const m: StaffModel = {
        key,
        uid,
        store: s,
        listed: hidden.is_displayed !== false && hidden.status !== "deleted",
        followers,
        mask: matchingMask(info),
      };
      staffList.push(m);
      return m;
    };
    const a1 = await staff("a1", A, 30, 0);
    const a2 = await staff("a2", A, 90, 0, { is_displayed: false });
    const a3 = await staff("a3", A, 90, 0, { status: "deleted" });
    const b1 = await staff("b1", B, 1, 13);
    const b2 = await staff("b2", B, 30, 4);
    const c1 = await staff("c1", C, 90, 0);
    const d1 = await staff("d1", D, 90, 0);

    // Posts: every author, every source, kinds in turn, times spread (two share a time).
    const authors: [StaffModel | null, StoreModel][] = [
      [a1, A],
      [a2, A],
      [a3, A],
      [b1, B],
      [b2, B],
      [c1, C],
      [d1, D],
      [null, A],
      [null, B],
      [null, C],
      [null, D],
    ];
    let n = 0;
    await db.transaction(async (tx) => {
      for (const [who, s] of authors) {
        for (const source of SOURCES) {
          n++;
          const kind = KINDS[n % KINDS.length]!;
          const at = new Date(Date.UTC(2026, 10, 1, 0, (n * 37) % 600));
          const { post } = await writePost(tx, {
            author: who
              ? { type: "staff", staffId: who.uid, liverId: s.uid }
              : { type: "liver", liverId: s.uid },
            source,
            kind,
            caption: `post ${n}`,
            media: [],
            permalink: `https://example.test/p/${n}`,
            externalId: `ext-${n}`,
            postedAt: n === 7 ? new Date(Date.UTC(2026, 10, 1, 0, (3 * 37) % 600)) : at,
          });
          model.push({
            id: post.post_id,
            staff: who,
            store: s,
            source,
            kind,
            at: post.posted_at,
            public: true,
          });
        }
      }
    });
    // One post of a listed author deleted.
    const gone = model.find((p) => p.staff === a1 && p.source === "tiktok")!;
    await db.update(posts).set({ status: "deleted" }).where(eq(posts.post_id, gone.id));
    gone.public = false;

    listener = await makeListener(db);
    await db
      .update(listeners)
      .set({ matching_info: secondAnswers(3) })
      .where(eq(listeners.uid, listener.uid));
    listenerMask = matchingMask(secondAnswers(3));
    follower = await makeListener(db);
    // The same answers as `listener`: her sort=matching ranks by the same classes (ADR 0060: a
    // listener without answers would get \`new\`).
    await db
      .update(listeners)
      .set({ matching_info: secondAnswers(3) })
      .where(eq(listeners.uid, follower.uid));
    await db.insert(favorites).values([
      { favorite_id: crypto.randomUUID(), uid: follower.uid, staff_id: b2.uid },
      { favorite_id: crypto.randomUUID(), uid: follower.uid, staff_id: a2.uid },
      { favorite_id: crypto.randomUUID(), uid: follower.uid, liver_id: A.uid },
    ]);
  });

  afterAll(async () => {
    await database?.close();
  });

  const storeKey = (key: string) => stores.find((s) => s.key === key)!;
  const staffKey = (key: string) => staffList.find((s) => s.key === key)!;

  const CASES: [string, () => string, (p: PostModel) => boolean][] = [
    ["everything", () => "", () => true],
    ["one source", () => "source=youtube", (p) => p.source === "youtube"],
    [
      "two sources",
      () => "source=instagram,tiktok",
      (p) => p.source === "instagram" || p.source === "tiktok",
    ],
    ["a kind", () => "kind=video", (p) => p.kind === "video"],
    [
      "source and kind",
      () => "source=native&kind=image,text",
      (p) => p.source === "native" && ["image", "text"].includes(p.kind),
    ],
    ["a staff member", () => `staffId=${staffKey("b2").uid}`, (p) => p.staff?.key === "b2"],
    ["a hidden staff member", () => `staffId=${staffKey("a2").uid}`, () => false],
    ["a store and its staff", () => `liverId=${storeKey("A").uid}`, (p) => p.store.key === "A"],
    ["a private store", () => `liverId=${storeKey("C").uid}`, () => false],
    ["a region", () => "region=kansai", (p) => p.store.region === "kansai"],
    ["a prefecture", () => "prefecture=tokyo", (p) => p.store.prefecture === "tokyo"],
    ["a prefecture without posts", () => "prefecture=hokkaido", () => false],
  ];

  it.each(CASES)("sort=new: %s", async (_name, query, filter) => {
    const expected = model.filter((p) => listed(p) && filter(p)).sort(byNew);
    expect(await allIds(`${query()}&sort=new`)).toEqual(expected.map((p) => p.id));
  });

  it.each(CASES)("sort=popular: %s", async (_name, query, filter) => {
    const expected = model
      .filter((p) => listed(p) && filter(p))
      .sort((a, b) => followersOf(b) - followersOf(a) || byNew(a, b));
    expect(await allIds(`${query()}&sort=popular`)).toEqual(expected.map((p) => p.id));
  });

  it("sort=popular follows a follow and an unfollow at once (the count copied onto the posts)", async () => {
    const b1 = staffKey("b1");
    const b2 = staffKey("b2");
    const B = storeKey("B");
    const popular = () => model.filter(listed).sort((a, b) => followersOf(b) - followersOf(a) || byNew(a, b));
    const fan = await makeListener(database.db);
    // b1 (1 follower) and store B (50) one follow below and above the top (a1/b2 30, B 50).
    await database.db.update(staffs).set({ follower_number: 50 }).where(eq(staffs.uid, b1.uid));
    b1.followers = 50;
    expect(await allIds("sort=popular")).toEqual(popular().map((p) => p.id));

    const followed = await followTarget({
      db: database.db,
      actor: fan,
      input: { kind: "staff", id: b1.uid },
    });
    expect(followed.ok && followed.follower_number).toBe(51);
    b1.followers = 51;
    const afterFollow = await allIds("sort=popular");
    expect(afterFollow).toEqual(popular().map((p) => p.id));
    expect(model.find((p) => p.id === afterFollow[0])!.staff).toBe(b1);

    const storeFollow = await followTarget({
      db: database.db,
      actor: fan,
      input: { kind: "liver", id: B.uid },
    });
    expect(storeFollow.ok && storeFollow.follower_number).toBe(51);
    B.followers = 51;
    expect(await allIds("sort=popular")).toEqual(popular().map((p) => p.id));

    expect(
      (await unfollowTarget({ db: database.db, actor: fan, input: { kind: "staff", id: b1.uid } })).ok,
    ).toBe(true);
    b1.followers = 50;
    expect(await allIds("sort=popular")).toEqual(popular().map((p) => p.id));
    expect(
      (await unfollowTarget({ db: database.db, actor: fan, input: { kind: "liver", id: B.uid } })).ok,
    ).toBe(true);
    B.followers = 50;

    // A post written now carries its author's count too.
    await database.db.update(staffs).set({ follower_number: 1 }).where(eq(staffs.uid, b1.uid));
    b1.followers = 1;
    const { post } = await database.db.transaction((tx) =>
      writePost(tx, {
        author: { type: "staff", staffId: b2.uid, liverId: b2.store.uid },
        source: "native",
        kind: "text",
        caption: "popular",
        media: [],
        permalink: "",
        externalId: "ext-popular",
        postedAt: new Date(Date.UTC(2026, 9, 1)),
      }),
    );
    model.push({
      id: post.post_id,
      staff: b2,
      store: b2.store,
      source: "native",
      kind: "text",
      at: post.posted_at,
      public: true,
    });
    expect(post.author_follower_number).toBe(30);
    expect(await allIds("sort=popular")).toEqual(popular().map((p) => p.id));
  });

  it.each(CASES)("sort=matching with a listener: %s", async (_name, query, filter) => {
    const expected = model
      .filter((p) => listed(p) && filter(p))
      .sort((a, b) => classOf(a) - classOf(b) || byNew(a, b));
    expect(await allIds(`${query()}&sort=matching`, listener)).toEqual(expected.map((p) => p.id));
  });

  it("a matching class checked by its staff list or by a subquery selects the same posts", async () => {
    const parsed = parseFeedSearch(new URLSearchParams(""));
    if (!parsed.ok) throw new Error(parsed.message);
    const { sort: _sort, page: _page, pageSize: _pageSize, ...filters } = parsed.value;
    const ids = (condition: SQL) =>
      database.db
        .select({ id: posts.post_id })
        .from(posts)
        .where(condition)
        .orderBy(...newOrder)
        .then((rows) => rows.map((row) => row.id));
    let seen = 0;
    for (let cls = 0; cls < STORE_POST_CLASS; cls++) {
      const masks = masksInClasses(listenerMask, [cls]);
      const staffList = await classStaffIds(database.db, masks);
      expect(staffList).toBeDefined();
      const bySubquery = await ids(staffClassConditions(database.db, filters, null, masks));
      expect(
        await ids(staffClassConditions(database.db, filters, null, masks, undefined, staffList)),
      ).toEqual(bySubquery);
      seen += bySubquery.length;
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("sort=matching without a listener is new", async () => {
    const expected = model.filter(listed).sort(byNew);
    expect(await allIds("sort=matching")).toEqual(expected.map((p) => p.id));
  });

  it("following: the posts of followed listed staff and of followed stores (store posts only)", async () => {
    const expected = model
      .filter(
        (p) => listed(p) && (p.staff ? p.staff.key === "b2" || p.staff.key === "a2" : p.store.key === "A"),
      )
      .sort(byNew);
    expect(expected.length).toBeGreaterThan(0);
    expect(await allIds("following=true", follower)).toEqual(expected.map((p) => p.id));
    expect(await allIds("following=true&source=youtube", follower)).toEqual(
      expected.filter((p) => p.source === "youtube").map((p) => p.id),
    );
    expect((await feed("following=true", listener)).total).toBe(0);
    expect(await allIds("following=true&sort=matching", follower)).toEqual(
      [...expected].sort((a, b) => classOf(a) - classOf(b) || byNew(a, b)).map((p) => p.id),
    );
  });

  it("following: hidden authors and suspended stores vanish at once; the area filter applies", async () => {
    const followedPosts = (ok: (p: PostModel) => boolean) =>
      model
        .filter((p) => listed(p) && ok(p))
        .filter((p) => (p.staff ? ["b2", "a2"].includes(p.staff.key) : p.store.key === "A"))
        .sort(byNew)
        .map((p) => p.id);
    const b2 = staffKey("b2");
    const A = storeKey("A");
    expect(await allIds("following=true&region=kansai", follower)).toEqual(
      followedPosts((p) => p.store.region === "kansai"),
    );
    expect(await allIds("following=true&prefecture=tokyo", follower)).toEqual(
      followedPosts((p) => p.store.prefecture === "tokyo"),
    );

    await database.db.update(staffs).set({ is_displayed: false }).where(eq(staffs.uid, b2.uid));
    b2.listed = false;
    try {
      const hidden = await allIds("following=true", follower);
      expect(hidden).toEqual(followedPosts(() => true));
      expect(hidden.some((id) => model.find((p) => p.id === id)!.staff === b2)).toBe(false);
    } finally {
      await database.db.update(staffs).set({ is_displayed: true }).where(eq(staffs.uid, b2.uid));
      b2.listed = true;
    }
    await database.db.update(livers).set({ status: "suspended" }).where(eq(livers.uid, A.uid));
    A.listed = false;
    try {
      expect(await allIds("following=true", follower)).toEqual(followedPosts(() => true));
      expect((await feed("following=true", follower)).items.every((i) => i.liver_id !== A.uid)).toBe(true);
    } finally {
      await database.db.update(livers).set({ status: "public" }).where(eq(livers.uid, A.uid));
      A.listed = true;
    }
    expect(await allIds("following=true", follower)).toEqual(followedPosts(() => true));
  });

  it("following: the remembered totals follow a follow, an unfollow and a new post at once", async () => {
    const fan = await makeListener(database.db);
    const a1 = staffKey("a1");
    const ofA1 = () => model.filter((p) => listed(p) && p.staff === a1);
    const total = async (query: string) => (await feed(query, fan)).total;
    expect(await total("following=true")).toBe(0);
    expect(await total("following=true&sort=matching")).toBe(0);

    await followTarget({ db: database.db, actor: fan, input: { kind: "staff", id: a1.uid } });
    expect(ofA1().length).toBeGreaterThan(0);
    expect(await total("following=true")).toBe(ofA1().length);
    expect(await total("following=true&sort=matching")).toBe(ofA1().length);
    expect(await allIds("following=true", fan)).toEqual(
      ofA1()
        .sort(byNew)
        .map((p) => p.id),
    );
    // She has not answered the matching questions: sort=matching is new for her (ADR 0060).
    expect(await allIds("following=true&sort=matching", fan)).toEqual(
      ofA1()
        .sort(byNew)
        .map((p) => p.id),
    );

    const { post } = await database.db.transaction((tx) =>
      writePost(tx, {
        author: { type: "staff", staffId: a1.uid, liverId: a1.store.uid },
        source: "native",
        kind: "text",
        caption: "new for the fan",
        media: [],
        permalink: "",
        externalId: "ext-following-total",
        postedAt: new Date(Date.UTC(2026, 9, 2)),
      }),
    );
    model.push({
      id: post.post_id,
      staff: a1,
      store: a1.store,
      source: "native",
      kind: "text",
      at: post.posted_at,
      public: true,
    });
    expect(await total("following=true")).toBe(ofA1().length);
    expect(await total("following=true&sort=matching")).toBe(ofA1().length);

    await unfollowTarget({ db: database.db, actor: fan, input: { kind: "staff", id: a1.uid } });
    expect(await total("following=true")).toBe(0);
    expect(await total("following=true&sort=matching")).toBe(0);
  });

  it("following: 401 signed out, 403 for a store or a staff member", async () => {
    const input = parseFeedSearch(new URLSearchParams("following=true"));
    if (!input.ok) throw new Error(input.message);
    const run = (actor: Viewer | null) => listPosts({ db: database.db, actor, input: input.value });
    expect(await run(null)).toEqual({ ok: false, error: "unauthenticated" });
    expect(await run({ type: "liver", uid: storeKey("A").uid, name: "", email: "" })).toEqual({
      ok: false,
      error: "forbidden",
    });
    expect(await run({ type: "staff", uid: staffKey("a1").uid, name: "", email: "" })).toEqual({
      ok: false,
      error: "forbidden",
    });
  });

  it("items carry the post and its author", async () => {
    const page = await feed(`staffId=${staffKey("b2").uid}&pageSize=1`);
    const item = page.items[0]!;
    expect(item.author).toEqual({
      type: "staff",
      id: staffKey("b2").uid,
      name: "ゆい",
      image_url: null,
      liver_id: storeKey("B").uid,
      liver_name: "クラブ テスト",
      store_type: "girls_bar",
    });
    const store = await feed(
      `liverId=${storeKey("B").uid}&source=native&kind=text,image,video,carousel_album`,
    );
    const own = store.items.find((i) => i.author_type === "liver")!;
    expect(own.author).toMatchObject({ type: "liver", id: storeKey("B").uid, name: "クラブ テスト" });
  });

  it.each([
    ["source=myspace"],
    ["kind=reel"],
    ["sort=oldest"],
    ["page=x"],
    ["prefecture=atlantis"],
    ["following=maybe"],
  ])("400 invalid-argument for %s", (query) => {
    const parsed = parseFeedSearch(new URLSearchParams(query));
    expect(parsed.ok).toBe(false);
  });

  it("pageSize defaults to 10 and is capped at 100", async () => {
    expect((await feed("")).pageSize).toBe(10);
    expect((await feed("pageSize=500")).pageSize).toBe(100);
  });

  it("a hidden author vanishes from every feed at once (totals stay exact)", async () => {
    const b1 = staffKey("b1");
    const before = await feed("");
    const ofB1 = model.filter((p) => listed(p) && p.staff === b1).length;
    await database.db.update(staffs).set({ is_displayed: false }).where(eq(staffs.uid, b1.uid));
    const hidden = await feed("");
    expect(hidden.total).toBe(before.total - ofB1);
    expect((await feed(`staffId=${b1.uid}`)).total).toBe(0);
    await database.db.update(staffs).set({ is_displayed: true }).where(eq(staffs.uid, b1.uid));
    expect((await feed("")).total).toBe(before.total);

    const B = storeKey("B");
    const ofB = model.filter((p) => listed(p) && p.store === B).length;
    await database.db.update(livers).set({ status: "suspended" }).where(eq(livers.uid, B.uid));
    expect((await feed("")).total).toBe(before.total - ofB);
    expect((await feed("region=kansai")).total).toBe(0);
    await database.db.update(livers).set({ status: "public" }).where(eq(livers.uid, B.uid));
    expect((await feed("")).total).toBe(before.total);
  });

  it("a new post and a deleted post change the remembered total; the author moves up in the directory", async () => {
    const before = await feed("");
    const b2 = staffKey("b2");
    const later = new Date(Date.UTC(2027, 0, 1));
    const { post } = await database.db.transaction((tx) =>
      writePost(tx, {
        author: { type: "staff", staffId: b2.uid, liverId: b2.store.uid },
        source: "instagram",
        kind: "image",
        caption: "new",
        media: [],
        permalink: "https://example.test/p/new",
        externalId: "ext-new",
        postedAt: later,
      }),
    );
    const after = await feed("");
    expect(after.total).toBe(before.total + 1);
    expect(after.items[0]!.post_id).toBe(post.post_id);
    const [row] = await database.db
      .select({ last_post_at: staffs.last_post_at, last_instagram_at: staffs.last_instagram_at })
      .from(staffs)
      .where(eq(staffs.uid, b2.uid));
    expect(row).toEqual({ last_post_at: later, last_instagram_at: later });
    const parsed = parseStaffSearch(new URLSearchParams("sort=new"));
    if (!parsed.ok) throw new Error(parsed.message);
    const directory = await searchStaffs({ db: database.db, actor: null, input: parsed.value });
    expect(directory.items[0]!.uid).toBe(b2.uid);

    await database.db.update(posts).set({ status: "deleted" }).where(eq(posts.post_id, post.post_id));
    const deleted = await feed("");
    expect(deleted.total).toBe(before.total);
    expect(deleted.items.map((i) => i.post_id)).not.toContain(post.post_id);
    expect((await feed(`staffId=${b2.uid}&sort=popular`)).items.map((i) => i.post_id)).not.toContain(
      post.post_id,
    );
    expect(
      (await feed(`staffId=${b2.uid}&sort=matching`, listener)).items.map((i) => i.post_id),
    ).not.toContain(post.post_id);
    expect((await feed("following=true", follower)).items.map((i) => i.post_id)).not.toContain(post.post_id);
  });

  it("a deleted staff member's posts vanish; a deleted staff row takes its posts with it", async () => {
    const a1 = staffKey("a1");
    const total = (await feed("")).total;
    const ofA1 = model.filter((p) => listed(p) && p.staff === a1).length;
    await database.db.update(staffs).set({ status: "deleted" }).where(eq(staffs.uid, a1.uid));
    expect((await feed("")).total).toBe(total - ofA1);
    expect((await feed("following=true", follower)).items.every((i) => i.staff_id !== a1.uid)).toBe(true);
    await database.db.delete(staffs).where(eq(staffs.uid, a1.uid));
    expect((await feed("")).total).toBe(total - ofA1);
  });
});
