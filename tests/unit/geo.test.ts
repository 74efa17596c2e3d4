import { describe, expect, it } from "vitest";
import {
  clusterPrecision,
  GEO_MESSAGES,
  NEARBY_RADIUS_DEFAULT,
  parseNearbySearch,
  parsePostMapQuery,
} from "~/domain/geo";
import { formatDistance } from "~/domain/geo-units";

const nearby = (query: string) => parseNearbySearch(new URLSearchParams(query));

describe("the nearby query", () => {
  it.each([
    ["lat=35.6938&lng=139.7034", { lat: 35.6938, lng: 139.7034, radius: NEARBY_RADIUS_DEFAULT }],
    ["lat=-90&lng=180&radius=50000", { lat: -90, lng: 180, radius: 50_000 }],
    ["lat=+26.2&lng=127.68&radius=1", { lat: 26.2, lng: 127.68, radius: 1 }],
    ["lat=３５.６９&lng=１３９.７", { lat: 35.69, lng: 139.7 }],
    ["lat= 43.06 &lng=141.35", { lat: 43.06, lng: 141.35 }],
    ["lat=35&lng=139&store_type=snack&pageSize=500", { store_type: "snack", pageSize: 100 }],
  ])("%s is read", (query, expected) => {
    const parsed = nearby(query);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.value).toMatchObject(expected);
  });

  it.each([
    ["", GEO_MESSAGES.lat],
    ["lat=35.6", GEO_MESSAGES.lng],
    ["lat=90.0001&lng=139", GEO_MESSAGES.lat],
    ["lat=-91&lng=139", GEO_MESSAGES.lat],
    ["lat=35&lng=180.5", GEO_MESSAGES.lng],
    ["lat=35&lng=-181", GEO_MESSAGES.lng],
    ["lat=abc&lng=139", GEO_MESSAGES.lat],
    ["lat=1e2&lng=139", GEO_MESSAGES.lat],
    ["lat=NaN&lng=139", GEO_MESSAGES.lat],
    ["lat=Infinity&lng=139", GEO_MESSAGES.lat],
    ["lat=35&lng=0x10", GEO_MESSAGES.lng],
    ["lat=35&lng=139&radius=50001", "検索範囲（m）は1〜50000の数字で指定してください"],
    ["lat=35&lng=139&radius=0", "検索範囲（m）は1〜50000の数字で指定してください"],
    ["lat=35&lng=139&radius=-5", "検索範囲（m）は半角数字で指定してください"],
    ["lat=35&lng=139&store_type=casino", "業種に指定できない値です（casino）"],
  ])("%s is refused with a message", (query, message) => {
    expect(nearby(query)).toEqual({ ok: false, message });
  });
});

describe("the post map query", () => {
  it("reads a box, a zoom and sources", () => {
    const parsed = parsePostMapQuery(
      new URLSearchParams("bbox=139.6,35.6,139.8,35.8&zoom=14&source=tiktok,live"),
    );
    expect(parsed).toEqual({
      ok: true,
      value: { bbox: [139.6, 35.6, 139.8, 35.8], zoom: 14, source: ["tiktok", "live"] },
    });
  });
  it.each([
    "",
    "bbox=1,2,3",
    "bbox=1,2,3,4,5",
    "bbox=10,50,20,40",
    "bbox=20,10,10,30",
    "bbox=a,b,c,d",
    "bbox=1,91,2,92",
  ])("%s is refused", (query) => {
    expect(parsePostMapQuery(new URLSearchParams(query))).toEqual({ ok: false, message: GEO_MESSAGES.bbox });
  });
});

describe("map helpers", () => {
  it.each([
    [0, 2],
    [4, 2],
    [5, 3],
    [9, 4],
    [12, 5],
    [14, 6],
    [16, 7],
    [17, 9],
    [22, 9],
  ])("zoom %i clusters by %i geohash characters", (zoom, chars) => {
    expect(clusterPrecision(zoom)).toBe(chars);
  });
  it("never clusters coarser as the map zooms in", () => {
    for (let zoom = 1; zoom <= 22; zoom++)
      expect(clusterPrecision(zoom)).toBeGreaterThanOrEqual(clusterPrecision(zoom - 1));
  });
  it.each([
    [0, "10 m"],
    [4, "10 m"],
    [347, "350 m"],
    [994, "990 m"],
    [999.6, "1.0 km"],
    [1_049, "1.0 km"],
    [1_250, "1.3 km"],
    [9_949, "9.9 km"],
    [12_400, "12 km"],
    [50_000, "50 km"],
  ])("%f metres read %s", (metres, text) => {
    expect(formatDistance(metres)).toBe(text);
  });
});
