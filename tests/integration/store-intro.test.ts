import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { livers } from "~/.server/db/schema";
import { listNewestStores } from "~/.server/services/stores/list-newest-stores";
import { STORE_INTRO_MESSAGES } from "~/domain/store-intro";
import * as liverApi from "~/routes/api/liver";
import * as liversApi from "~/routes/api/livers";
import * as stationsApi from "~/routes/api/stations";
import * as storeProfile from "~/routes/liver/mypage-profile";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeLiver } from "../support/factories";
import { call, form, type RouteContext, routeContext, sessionCookie } from "../support/routes";

/** The profile form as the page posts it, with the top of the store page (ADR 0056). */
const PROFILE_FORM = {
  intent: "profile",
  store_name: "ガールズバー 紹介テスト",
  store_name_kana: "ガールズバー　ショウカイテスト",
  status: "public",
  store_type: "girls_bar",
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
  // The pin stays where it is: 歌舞伎町一番街.
  lat: "35.6938",
  lng: "139.7013",
  pr_text: "歌舞伎町のガールズバーです。\n初めての方も歓迎！<b>太字</b>",
  "access.0.station": "西武新宿駅",
  "access.0.line": "西武新宿線",
  "access.0.walk_minutes": "３",
  "access.1.station": "",
  "access.1.line": "",
  "access.1.walk_minutes": "",
  "access.2.station": "新宿",
  "access.2.line": "山手線",
  "access.2.walk_minutes": "7分",
  "first_visit.price_jpy": "￥３，０００",
  "first_visit.minutes": "60",
  "first_visit.includes": "飲み放題・チャージ込み",
};

const SAVED = {
  pr_text: "歌舞伎町のガールズバーです。\n初めての方も歓迎！<b>太字</b>",
  access: [
    { station: "西武新宿", line: "西武新宿線", walk_minutes: 3 },
    { station: "新宿", line: "JR山手線", walk_minutes: 7 },
  ],
  first_visit: { price_jpy: 3_000, minutes: 60, includes: "飲み放題・チャージ込み" },
};

let seq = 0;

describe.each(drivers)("the store's introduction, access and first visit on %s", (driver) => {
  let database: TestDatabase;
  let routes: RouteContext;
  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "store_intro" });
    routes = routeContext(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function signedInStore() {
    const email = `intro-${Math.random().toString(36).slice(2)}@example.com`;
    const store = await makeLiver(database.db, {
      email,
      status: "public",
      area: "kabukicho",
      prefecture: "tokyo",
      region: "kanto",
      lat: 35.6938,
      lng: 139.7013,
    });
    const cookie = await sessionCookie(routes.context, "liver", email, FACTORY_PASSWORD);
    return { store, cookie, slug: `intro-${++seq}-${Date.now().toString(36)}` };
  }
  const post = (cookie: string, values: Record<string, string>) =>
    call(storeProfile.action, {
      context: routes.context,
      url: "/liver/mypage/profile",
      cookie,
      method: "POST",
      body: form(values),
    });
  const row = async (uid: string) => (await database.db.select().from(livers).where(eq(livers.uid, uid)))[0]!;

  it("saves them as the station data spells them, and every public read shows them", async () => {
    const { store, cookie, slug } = await signedInStore();
    // The form offers the stations near the pin.
    const page = await call(storeProfile.loader, {
      context: routes.context,
      url: "/liver/mypage/profile",
      cookie,
    });
    const stations = (page.body as { stations: { station: string }[] }).stations.map((s) => s.station);
    expect(stations).toContain("西武新宿");

    const saved = await post(cookie, { ...PROFILE_FORM, slug });
    expect(saved.status).toBe(302);
    expect(saved.location).toContain("done=saved");
    expect(await row(store.uid)).toMatchObject(SAVED);

    // The JSON API (one store, the search) and the cards of the top page.
    const one = await call(liverApi.loader, {
      context: routes.context,
      url: `/api/livers/${store.uid}`,
      params: { id: store.uid },
    });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject(SAVED);
    const listed = await call(liversApi.loader, {
      context: routes.context,
      url: `/api/livers?keyword=${encodeURIComponent("紹介テスト")}`,
    });
    const items = (listed.body as { items: { uid: string }[] }).items;
    expect(items.find((item) => item.uid === store.uid)).toMatchObject(SAVED);
    const cards = await listNewestStores({ db: database.db, input: { limit: 50 } });
    expect(cards.find((card) => card.uid === store.uid)?.first_visit).toEqual(SAVED.first_visit);

    // Emptied again: no access, no first visit.
    const cleared = await post(cookie, {
      ...PROFILE_FORM,
      slug,
      pr_text: "",
      "access.0.station": "",
      "access.0.line": "",
      "access.0.walk_minutes": "",
      "access.2.station": "",
      "access.2.line": "",
      "access.2.walk_minutes": "",
      "first_visit.price_jpy": "",
      "first_visit.minutes": "",
      "first_visit.includes": "",
    });
    expect(cleared.status).toBe(302);
    expect(await row(store.uid)).toMatchObject({ pr_text: "", access: [], first_visit: null });
  });

  it("refuses a station or line the data does not have: 400, the message at its field, nothing written", async () => {
    const { store, cookie, slug } = await signedInStore();
    expect((await post(cookie, { ...PROFILE_FORM, slug })).status).toBe(302);
    const before = await row(store.uid);

    const refused = await post(cookie, {
      ...PROFILE_FORM,
      slug,
      pr_text: "書き換えたつもりの紹介文",
      "access.0.station": "ヨルナビ前",
      "access.2.line": "銀座線",
    });
    expect(refused.status).toBe(400);
    const body = refused.body as { values: Record<string, unknown>; errors: Record<string, string> };
    expect(body.errors["access.0.station"]).toBe(STORE_INTRO_MESSAGES.unknown_station);
    expect(body.errors["access.2.line"]).toMatch(/^新宿駅の路線から入力してください（.*JR山手線/);
    // What was typed comes back to the form.
    expect(body.values).toMatchObject({
      pr_text: "書き換えたつもりの紹介文",
      access: { 0: { station: "ヨルナビ前" }, 2: { line: "銀座線" } },
    });
    const after = await row(store.uid);
    expect(after).toMatchObject({
      pr_text: before.pr_text,
      access: before.access,
      first_visit: before.first_visit,
    });
  });
});

// Reference data, no database: one run is enough.
describe("GET /api/stations", () => {
  const get = (query: string) =>
    call(stationsApi.loader, { context: {} as never, url: `/api/stations${query}` });

  it.each([
    ["the nearest to a position", "?lat=35.6938&lng=139.7013&limit=3", "新宿"],
    ["by name", "?q=%E3%81%99%E3%81%99%E3%81%8D%E3%81%AE", "すすきの"],
    ["by name, nearest the position first", "?q=%E6%A0%84&lat=35.17&lng=136.908&limit=1", "栄"],
  ])("answers %s", async (_name, query, first) => {
    const answer = await get(query);
    expect(answer.status).toBe(200);
    const items = (answer.body as { items: { station: string; lines: string[]; walk_minutes: number }[] })
      .items;
    expect(items[0]?.station).toBe(first);
    expect(items[0]?.lines.length).toBeGreaterThan(0);
  });

  it.each([
    ["nothing asked", ""],
    ["half a position", "?lat=35.69"],
    ["a latitude out of range", "?lat=95&lng=139.7"],
    ["a limit of 0", "?lat=35.69&lng=139.7&limit=0"],
    ["a limit of 21", "?q=%E6%96%B0%E5%AE%BF&limit=21"],
  ])("refuses %s with 400 and a Japanese message", async (_name, query) => {
    const answer = await get(query);
    expect(answer.status).toBe(400);
    expect((answer.body as { error: { code: string; message: string } }).error).toMatchObject({
      code: "invalid-argument",
      message: expect.stringMatching(/[ぁ-んァ-ヶ一-龠]/),
    });
  });
});
