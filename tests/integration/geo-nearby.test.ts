import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/.server/db/client";
import { livers, posts, user } from "~/.server/db/schema";
import { listNearbyLivers } from "~/.server/services/geo/list-nearby-livers";
import { listPostMap } from "~/.server/services/geo/list-post-map";
import { type NearbySearch, parsePostMapQuery } from "~/domain/geo";
import { EARTH_RADIUS_M } from "~/domain/geo-units";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";

/** Great-circle distance on the sphere earthdistance uses, computed here on its own (haversine). */
function haversine(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A small deterministic PRNG (mulberry32): the same points on every run and driver. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Centres across Japan, from its southern and western edge (Okinawa) to its northern (Hokkaido). */
const CENTRES = {
  shinjuku: [35.6938, 139.7034],
  naha: [26.2124, 127.6792],
  ishigaki: [24.3448, 124.1572],
  sapporo: [43.0556, 141.3529],
  wakkanai: [45.4156, 141.673],
  nemuro: [43.3301, 145.5826],
} as const;

interface Pin {
  uid: string;
  lat: number;
  lng: number;
  status: "public" | "private";
  store_type: string;
}

function search(fields: Partial<NearbySearch> & Pick<NearbySearch, "lat" | "lng">): NearbySearch {
  return {
    ids: [],
    areas: [],
    storeTypes: [],
    services: [],
    commitments: [],
    radius: 3_000,
    page: 1,
    pageSize: 100,
    ...fields,
  };
}

describe.each(drivers)("nearby stores on %s", (driver) => {
  let database: TestDatabase;
  const pins: Pin[] = [];
  const random = prng(20261125);

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "geo_nearby" });
    // 40 stores around each centre, up to ~8 km out, a few private, and two without a pin.
    let n = 0;
    for (const [name, [lat, lng]] of Object.entries(CENTRES)) {
      for (let i = 0; i < 40; i++) {
        const distance = 8_000 * Math.sqrt(random());
        const bearing = 2 * Math.PI * random();
        const dLat = (distance * Math.cos(bearing)) / 111_320;
        const dLng = (distance * Math.sin(bearing)) / (111_320 * Math.cos((lat * Math.PI) / 180));
        pins.push({
          uid: `geo-${name}-${i}`,
          lat: lat + dLat,
          lng: lng + dLng,
          status: n++ % 9 === 0 ? "private" : "public",
          store_type: i % 3 === 0 ? "snack" : "girls_bar",
        });
      }
    }
    const ids = [...pins.map((p) => p.uid), "geo-nopin-1", "geo-nopin-2"];
    await database.db.insert(user).values(ids.map((id) => ({ id, name: id, email: `${id}@example.com` })));
    await database.db.insert(livers).values([
      ...pins.map((p) => ({
        uid: p.uid,
        store_name: p.uid,
        slug: p.uid,
        status: p.status,
        store_type: p.store_type,
        lat: p.lat,
        lng: p.lng,
      })),
      { uid: "geo-nopin-1", store_name: "geo-nopin-1", slug: "geo-nopin-1" },
      { uid: "geo-nopin-2", store_name: "geo-nopin-2", slug: "geo-nopin-2", lat: null, lng: null },
    ]);
  });
  afterAll(() => database?.close());

  it("finds every public store inside the radius and none outside it, nearest first, for random points", async () => {
    const centres = Object.values(CENTRES);
    let checked = 0;
    for (let round = 0; round < 30; round++) {
      const [lat, lng] = centres[round % centres.length]!;
      const at = { lat: lat + (random() - 0.5) * 0.06, lng: lng + (random() - 0.5) * 0.06 };
      const radius = Math.round(500 + random() * 6_000);
      const expected = pins
        .filter((p) => p.status === "public")
        .map((p) => ({ uid: p.uid, d: haversine(at.lat, at.lng, p.lat, p.lng) }))
        // A store within a metre of the edge could fall either way in floating point: leave it out.
        .filter((p) => Math.abs(p.d - radius) > 1);
      const page = await listNearbyLivers({
        db: database.db,
        actor: null,
        input: search({ ...at, radius }),
      });
      const found = new Map(page.items.map((s) => [s.uid, s.distance_m]));
      const inside = expected.filter((p) => p.d < radius);
      for (const p of inside) expect(found.has(p.uid), `${p.uid} at ${p.d} m of ${radius} m`).toBe(true);
      for (const p of expected.filter((e) => e.d > radius))
        expect(found.has(p.uid), `${p.uid} at ${p.d} m outside ${radius} m`).toBe(false);
      for (const item of page.items) {
        const pin = pins.find((p) => p.uid === item.uid)!;
        expect(pin.status).toBe("public");
        expect(Math.abs(item.distance_m - haversine(at.lat, at.lng, pin.lat, pin.lng))).toBeLessThanOrEqual(
          1,
        );
      }
      const distances = page.items.map((s) => s.distance_m);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(page.total).toBe(page.items.length);
      checked += inside.length;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("applies the store filters and pages with a total", async () => {
    const [lat, lng] = CENTRES.shinjuku;
    const all = await listNearbyLivers({
      db: database.db,
      actor: null,
      input: search({ lat, lng, radius: 10_000 }),
    });
    expect(all.items.length).toBeGreaterThan(20);
    const snacks = await listNearbyLivers({
      db: database.db,
      actor: null,
      input: search({ lat, lng, radius: 10_000, store_type: "snack" }),
    });
    expect(snacks.items.length).toBeGreaterThan(0);
    expect(snacks.items.every((s) => s.store_type === "snack")).toBe(true);
    expect(snacks.total).toBe(all.items.filter((s) => s.store_type === "snack").length);

    const second = await listNearbyLivers({
      db: database.db,
      actor: null,
      input: search({ lat, lng, radius: 10_000, page: 2, pageSize: 10 }),
    });
    expect(second.total).toBe(all.total);
    expect(second.items.map((s) => s.uid)).toEqual(all.items.slice(10, 20).map((s) => s.uid));
    const beyond = await listNearbyLivers({
      db: database.db,
      actor: null,
      input: search({ lat, lng, radius: 10_000, page: 50, pageSize: 10 }),
    });
    expect(beyond).toMatchObject({ items: [], total: all.total });
  });

  it("answers with the GiST index, not by scanning every store", async () => {
    const [lat, lng] = CENTRES.sapporo;
    const sqlText = sql`explain select uid from ${livers} where ${livers.status} = 'public' and ${livers.lat} is not null and ${livers.lng} is not null and earth_box(ll_to_earth(${lat}::float8, ${lng}::float8), 3000::float8) @> ll_to_earth(${livers.lat}, ${livers.lng})`;
    await database.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = (await queryRows<Record<string, string>>(database.db, sqlText))
        .map((r) => Object.values(r)[0])
        .join("\n");
      expect(plan).toContain("livers_earth_idx");
    } finally {
      await database.db.execute(sql`set enable_seqscan = on`);
    }
  });

  it("keeps a geohash of every pin in the database", async () => {
    // Reference vectors of the geohash definition (Wikipedia): 57.64911,10.40744 → u4pruydqq.
    const [row] = await queryRows<{ a: string; b: string; none: string | null }>(
      database.db,
      sql`select geohash_encode(57.64911, 10.40744, 11) as a, geohash_encode(42.6, -5.6, 5) as b, geohash_encode(null, 1, 5) as none`,
    );
    expect(row).toEqual({ a: "u4pruydqqvj", b: "ezs42", none: null });
    const stored = await database.db
      .select({ uid: livers.uid, geohash: livers.geohash, lat: livers.lat, lng: livers.lng })
      .from(livers);
    for (const store of stored) {
      if (store.lat === null) expect(store.geohash).toBeNull();
      else {
        expect(store.geohash).toMatch(/^[0-9b-hjkmnp-z]{9}$/);
        const box = decodeGeohash(store.geohash!);
        expect(store.lat).toBeGreaterThanOrEqual(box.south);
        expect(store.lat).toBeLessThanOrEqual(box.north);
        expect(store.lng).toBeGreaterThanOrEqual(box.west);
        expect(store.lng).toBeLessThanOrEqual(box.east);
      }
    }
  });

  it("clusters the last week's posts at their stores' pins, finer as the map zooms in", async () => {
    const now = new Date();
    const publicNaha = pins.filter((p) => p.uid.startsWith("geo-naha") && p.status === "public");
    const old = new Date(now.getTime() - 8 * 86_400_000);
    await database.db.insert(posts).values([
      ...publicNaha.slice(0, 5).map((p, i) => ({
        post_id: `geo-post-${i}`,
        author_type: "liver" as const,
        liver_id: p.uid,
        source: i % 2 === 0 ? ("instagram" as const) : ("native" as const),
        kind: "text" as const,
        external_id: `geo-post-${i}`,
        posted_at: now,
      })),
      {
        post_id: "geo-post-old",
        author_type: "liver" as const,
        liver_id: publicNaha[6]!.uid,
        source: "native" as const,
        kind: "text" as const,
        external_id: "geo-post-old",
        posted_at: old,
      },
    ]);
    const parse = (query: string) => {
      const parsed = parsePostMapQuery(new URLSearchParams(query));
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.value;
    };
    const wide = await listPostMap({
      db: database.db,
      actor: null,
      input: parse("bbox=122,24,146,46&zoom=4"),
    });
    expect(wide.clusters).toHaveLength(1);
    expect(wide.clusters[0]).toMatchObject({ posts: 5, stores: 5, liver: null, place: "沖縄県" });

    const close = await listPostMap({
      db: database.db,
      actor: null,
      input: parse("bbox=127.5,26.0,127.9,26.4&zoom=18"),
    });
    expect(close.clusters).toHaveLength(5);
    for (const cluster of close.clusters) {
      const pin = pins.find((p) => p.uid === cluster.liver?.uid)!;
      expect(cluster).toMatchObject({ posts: 1, stores: 1, lat: pin.lat, lng: pin.lng });
      expect(cluster.place).toMatch(/^沖縄県 /);
    }
    const instagram = await listPostMap({
      db: database.db,
      actor: null,
      input: parse("bbox=127.5,26.0,127.9,26.4&zoom=18&source=instagram"),
    });
    expect(instagram.clusters).toHaveLength(3);
    const elsewhere = await listPostMap({
      db: database.db,
      actor: null,
      input: parse("bbox=139,35,140,36&zoom=10"),
    });
    expect(elsewhere.clusters).toEqual([]);
  });
});

function decodeGeohash(hash: string) {
  const alphabet = "0123456789bcdefghjkmnpqrstuvwxyz";
  let [south, north, west, east] = [-90, 90, -180, 180];
  let even = true;
  for (const char of hash) {
    const value = alphabet.indexOf(char);
    for (let bit = 4; bit >= 0; bit--) {
      const on = (value >> bit) & 1;
      if (even) {
        const mid = (west + east) / 2;
        if (on) west = mid;
        else east = mid;
      } else {
        const mid = (south + north) / 2;
        if (on) south = mid;
        else north = mid;
      }
      even = !even;
    }
  }
  return { south, north, west, east };
}
