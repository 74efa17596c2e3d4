import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { coupons } from "~/.server/db/schema";
import { createCoupon } from "~/.server/services/coupons/create-coupon";
import { endCoupon } from "~/.server/services/coupons/end-coupon";
import { getDoorCoupon } from "~/.server/services/coupons/get-door-coupon";
import { getStoreCoupon } from "~/.server/services/coupons/get-store-coupon";
import { listPublicCoupons } from "~/.server/services/coupons/list-public-coupons";
import { listStoreCoupons } from "~/.server/services/coupons/list-store-coupons";
import { updateCoupon } from "~/.server/services/coupons/update-coupon";
import { listSitemapEntries } from "~/.server/services/directory/list-sitemap-entries";
import { COUPON_MESSAGES, COUPONS_OPEN_MAX, type CouponForm, isDoorCode } from "~/domain/coupons";
import { dateToTokyoLocal } from "~/domain/news";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver } from "../support/factories";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-12-01T03:00:00Z");
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

function form(fields: Partial<CouponForm> = {}): CouponForm {
  return {
    title: "初回ドリンク1杯無料",
    discount_text: "ドリンク1杯無料",
    conditions: "ご来店時にこの画面をご提示ください",
    first_visit_only: true,
    starts_at: "",
    ends_at: dateToTokyoLocal(at(7)),
    ...fields,
  };
}

describe.each(drivers)("coupons on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "coupons" });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function create(actor: Viewer, fields: Partial<CouponForm> = {}, now = NOW) {
    const result = await createCoupon({ db: database.db, actor, input: form(fields), now });
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result.couponId;
  }
  const list = (input: Parameters<typeof listPublicCoupons>[0]["input"], now = NOW) =>
    listPublicCoupons({ db: database.db, actor: null, input, now });
  const ids = (page: { items: { coupon_id: string }[] }) => page.items.map((c) => c.coupon_id);

  it("lists the current coupons of public stores, filtered by area and store type, page by page", async () => {
    const db = database.db;
    const tokyo = { region: "kanto", prefecture: "tokyo", area: "kabukicho" };
    const kabukicho = await makeLiver(db, {
      ...tokyo,
      store_type: "girls_bar",
      store_name: "ガールズバー 星",
    });
    const kitashinchi = await makeLiver(db, {
      region: "kansai",
      prefecture: "osaka",
      area: "kitashinchi",
      store_type: "club",
    });
    const hidden = await makeLiver(db, { ...tokyo, store_type: "girls_bar", status: "private" });
    // Newest start first: the third is listed first.
    const first = await create(kabukicho, { starts_at: dateToTokyoLocal(at(-3)) });
    const second = await create(kabukicho, { starts_at: dateToTokyoLocal(at(-2)), first_visit_only: false });
    const third = await create(kabukicho, { starts_at: dateToTokyoLocal(at(-1)) });
    const osaka = await create(kitashinchi);
    const ofHidden = await create(hidden);

    const [row] = await db.select().from(coupons).where(eq(coupons.coupon_id, first));
    expect(row).toMatchObject({ liver_id: kabukicho.uid, status: "active", first_visit_only: true });
    expect(isDoorCode(row!.code)).toBe(true);

    const page1 = await list({ prefecture: "tokyo", page: 1, pageSize: 2 });
    expect(page1.total).toBe(3);
    expect(ids(page1)).toEqual([third, second]);
    expect(page1.items[0]).toMatchObject({
      title: "初回ドリンク1杯無料",
      discount_text: "ドリンク1杯無料",
      first_visit_only: true,
      store: {
        uid: kabukicho.uid,
        store_name: "ガールズバー 星",
        store_type: "girls_bar",
        area: "kabukicho",
      },
    });
    expect(ids(await list({ prefecture: "tokyo", page: 2, pageSize: 2 }))).toEqual([first]);

    expect(ids(await list({ region: "kansai", page: 1, pageSize: 10 }))).toEqual([osaka]);
    expect(ids(await list({ group: "kita", page: 1, pageSize: 10 }))).toEqual([osaka]);
    expect(ids(await list({ store_type: "club", page: 1, pageSize: 10 }))).toEqual([osaka]);
    expect((await list({ area: "kabukicho", store_type: "club", page: 1, pageSize: 10 })).total).toBe(0);
    // The store page's list: one store's coupons.
    expect(ids(await list({ liverId: kitashinchi.uid, page: 1, pageSize: 10 }))).toEqual([osaka]);

    // A store that is not public shows nothing, not even its door screen.
    expect(ids(await list({ page: 1, pageSize: 100 }))).not.toContain(ofHidden);
    expect(await getDoorCoupon({ db, actor: null, input: { couponId: ofHidden }, now: NOW })).toEqual({
      ok: false,
      error: "not_found",
    });

    // The list is in the sitemap once there are coupons.
    const sitemap = await listSitemapEntries({ db });
    expect(sitemap.find((entry) => entry.path === "/coupons")?.lastmod).toBeInstanceOf(Date);

    const door = await getDoorCoupon({ db, actor: null, input: { couponId: first }, now: NOW });
    expect(door).toMatchObject({
      ok: true,
      coupon: { coupon_id: first, code: row!.code, store: { store_name: "ガールズバー 星" } },
    });
  });

  it("drops expired, ended and not yet started coupons from the lists and the door", async () => {
    const db = database.db;
    const store = await makeLiver(db);
    const expiring = await create(store, { ends_at: dateToTokyoLocal(at(2)) });
    const ended = await create(store);
    const scheduled = await create(store, { starts_at: dateToTokyoLocal(at(1)) });
    const door = (couponId: string, now = NOW) =>
      getDoorCoupon({ db, actor: null, input: { couponId }, now });

    expect(await endCoupon({ db, actor: store, input: { couponId: ended }, now: NOW })).toEqual({ ok: true });
    expect(await endCoupon({ db, actor: store, input: { couponId: ended }, now: NOW })).toEqual({
      ok: false,
      error: "closed",
    });
    expect(ids(await list({ liverId: store.uid, page: 1, pageSize: 10 }))).toEqual([expiring]);
    expect(await door(ended)).toMatchObject({ ok: false, error: "ended", store: { uid: store.uid } });
    expect(await door(scheduled)).toEqual({ ok: false, error: "not_found" });

    // Two days and a minute later, by the clock alone.
    const later = new Date(at(2).getTime() + 60_000);
    expect(ids(await list({ liverId: store.uid, page: 1, pageSize: 10 }, later))).toEqual([scheduled]);
    expect(ids(await list({ page: 1, pageSize: 100 }, later))).not.toContain(expiring);
    expect(await door(expiring, later)).toMatchObject({ ok: false, error: "ended" });
    expect(await door(scheduled, later)).toMatchObject({ ok: true });

    const mine = await listStoreCoupons({ db, actor: store, now: later });
    expect(mine.ok && Object.fromEntries(mine.items.map((c) => [c.coupon_id, c.state]))).toEqual({
      [expiring]: "expired",
      [ended]: "ended",
      [scheduled]: "current",
    });
    expect(mine.ok && mine.open).toBe(1);
    // An expired coupon is not edited any more.
    expect(
      await updateCoupon({ db, actor: store, input: { couponId: expiring, form: form() }, now: later }),
    ).toEqual({ ok: false, error: "invalid", errors: { _form: COUPON_MESSAGES.notEditable } });
  });

  it("lets only its store edit and end a coupon", async () => {
    const db = database.db;
    const owner = await makeLiver(db);
    const other = await makeLiver(db);
    const listener = await makeListener(db);
    const couponId = await create(owner);
    const edit = form({ title: "乗っ取り" });

    expect(await updateCoupon({ db, actor: other, input: { couponId, form: edit }, now: NOW })).toEqual({
      ok: false,
      error: "not_found",
    });
    expect(await endCoupon({ db, actor: other, input: { couponId }, now: NOW })).toEqual({
      ok: false,
      error: "not_found",
    });
    expect(await getStoreCoupon({ db, actor: other, input: { couponId }, now: NOW })).toBeNull();
    expect(await updateCoupon({ db, actor: listener, input: { couponId, form: edit }, now: NOW })).toEqual({
      ok: false,
      error: "forbidden",
    });
    expect(await endCoupon({ db, actor: listener, input: { couponId }, now: NOW })).toEqual({
      ok: false,
      error: "forbidden",
    });
    expect(await createCoupon({ db, actor: listener, input: form(), now: NOW })).toEqual({
      ok: false,
      error: "forbidden",
    });
    const [row] = await db.select().from(coupons).where(eq(coupons.coupon_id, couponId));
    expect(row).toMatchObject({ title: "初回ドリンク1杯無料", status: "active" });

    // Its own store edits it; the door code stays.
    const ends = dateToTokyoLocal(at(30));
    expect(
      await updateCoupon({
        db,
        actor: owner,
        input: {
          couponId,
          form: form({ title: "セット料金10%OFF", first_visit_only: false, ends_at: ends }),
        },
        now: NOW,
      }),
    ).toEqual({ ok: true });
    const edited = await getStoreCoupon({ db, actor: owner, input: { couponId }, now: NOW });
    expect(edited).toMatchObject({ title: "セット料金10%OFF", first_visit_only: false, code: row!.code });
    expect(dateToTokyoLocal(edited!.ends_at)).toBe(ends);
  });

  it("refuses a period the clock does not allow, and an open coupon past the limit", async () => {
    const db = database.db;
    const store = await makeLiver(db);
    expect(
      await createCoupon({ db, actor: store, input: form({ ends_at: dateToTokyoLocal(at(-1)) }), now: NOW }),
    ).toEqual({ ok: false, error: "invalid", errors: { ends_at: COUPON_MESSAGES.endsPast } });
    expect(
      await createCoupon({ db, actor: store, input: form({ ends_at: dateToTokyoLocal(at(400)) }), now: NOW }),
    ).toEqual({ ok: false, error: "invalid", errors: { ends_at: COUPON_MESSAGES.tooFarAhead } });

    // The first twelve draws are all 0: the second coupon finds AAAAAA taken and draws again.
    let draws = 0;
    const randomIndex = (n: number) => (draws++ < 12 ? 0 : randomInt(n));
    const codes: string[] = [];
    for (let i = 0; i < COUPONS_OPEN_MAX; i++) {
      const result = await createCoupon({ db, actor: store, input: form(), now: NOW, randomIndex });
      if (!result.ok) throw new Error(JSON.stringify(result));
      codes.push(result.code);
      if (i === 1) expect(draws).toBe(18);
    }
    expect(codes[0]).toBe("AAAAAA");
    expect(new Set(codes).size).toBe(COUPONS_OPEN_MAX);
    expect(await createCoupon({ db, actor: store, input: form(), now: NOW })).toEqual({
      ok: false,
      error: "invalid",
      errors: { _form: COUPON_MESSAGES.limitReached },
    });
    // An ended coupon no longer counts.
    const mine = await listStoreCoupons({ db, actor: store, now: NOW });
    const some = mine.ok ? mine.items[0]!.coupon_id : "";
    expect(await endCoupon({ db, actor: store, input: { couponId: some }, now: NOW })).toEqual({ ok: true });
    expect((await createCoupon({ db, actor: store, input: form(), now: NOW })).ok).toBe(true);
  });
});
