import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsOf } from "~/.server/http/form";
import stationFile from "~/.server/integrations/stations/station-data.json";
import { matchStation, nearestStations, type StationEntry, stationsNamed } from "~/domain/stations";
import {
  accessLabel,
  addressLocalityOf,
  firstVisitLabel,
  STORE_INTRO_MESSAGES as M,
  priceRangeOf,
  STORE_INTRO_FIELDS,
  walkMinutesFor,
} from "~/domain/store-intro";
import { TEXT_FIELD_MESSAGES } from "~/domain/text-fields";

/** The three fields as the profile form sends them (the rest of StoreProfileSchema is tested elsewhere). */
const IntroSchema = z.object(STORE_INTRO_FIELDS);
const blank = { pr_text: "", access: {}, first_visit: { price_jpy: "", minutes: "", includes: "" } };
const row = (station: string, line: string, walk_minutes: string) => ({ station, line, walk_minutes });

function errorsOf(value: unknown) {
  const result = IntroSchema.safeParse(value);
  return result.success ? {} : fieldErrorsOf(result.error.issues, value as never);
}

describe("store intro: the form's validation", () => {
  it.each([
    ["nothing filled in", blank, { pr_text: "", access: [], first_visit: null }],
    [
      "PR text of 2,000 characters, line breaks kept (CRLF folded)",
      { ...blank, pr_text: `${"あ".repeat(1_998)}\r\n🍾` },
      { pr_text: `${"あ".repeat(1_998)}\n🍾` },
    ],
    [
      "access rows: blank rows dropped, 駅 and spaces taken off, full-width minutes",
      {
        ...blank,
        access: {
          0: row(" 新宿駅 ", "JR山手線", "５"),
          1: row("", "", ""),
          2: row("西武新宿", "西武新宿線", "徒歩3分"),
        },
      },
      {
        access: [
          { station: "新宿", line: "JR山手線", walk_minutes: 5, row: "0" },
          { station: "西武新宿", line: "西武新宿線", walk_minutes: 3, row: "2" },
        ],
      },
    ],
    [
      "walk minutes at both ends",
      { ...blank, access: { 0: row("新宿", "JR山手線", "1"), 1: row("渋谷", "JR山手線", "60") } },
      {
        access: [
          { station: "新宿", line: "JR山手線", walk_minutes: 1, row: "0" },
          { station: "渋谷", line: "JR山手線", walk_minutes: 60, row: "1" },
        ],
      },
    ],
    [
      "a first visit with full-width digits, yen sign and commas (as the price form)",
      { ...blank, first_visit: { price_jpy: "￥３，０００", minutes: "６０分", includes: " 飲み放題込み " } },
      { first_visit: { price_jpy: 3_000, minutes: 60, includes: "飲み放題込み" } },
    ],
    [
      "a free first visit at the bounds",
      { ...blank, first_visit: { price_jpy: "0", minutes: "720", includes: "" } },
      { first_visit: { price_jpy: 0, minutes: 720, includes: "" } },
    ],
  ])("accepts %s", (_name, input, expected) => {
    expect(IntroSchema.parse(input)).toMatchObject(expected);
  });

  it.each([
    [
      "PR text over 2,000 characters",
      { pr_text: "あ".repeat(2_001) },
      "pr_text",
      TEXT_FIELD_MESSAGES.maxLength("紹介文", 2_000),
    ],
    [
      "four stations",
      {
        access: {
          0: row("新宿", "JR山手線", "5"),
          1: row("新宿", "JR埼京線", "5"),
          2: row("新宿三丁目", "東京メトロ丸ノ内線", "7"),
          3: row("西武新宿", "西武新宿線", "3"),
        },
      },
      "access",
      M.too_many_stations,
    ],
    [
      "0 walk minutes",
      { access: { 0: row("新宿", "JR山手線", "0") } },
      "access.0.walk_minutes",
      M.walk_minutes,
    ],
    [
      "61 walk minutes",
      { access: { 1: row("新宿", "JR山手線", "61") } },
      "access.1.walk_minutes",
      M.walk_minutes,
    ],
    [
      "walk minutes in words",
      { access: { 0: row("新宿", "JR山手線", "すぐ") } },
      "access.0.walk_minutes",
      M.walk_minutes,
    ],
    [
      "a row without minutes",
      { access: { 0: row("新宿", "JR山手線", "") } },
      "access.0.walk_minutes",
      M.walk_minutes_required,
    ],
    [
      "a row without a station",
      { access: { 2: row("", "JR山手線", "5") } },
      "access.2.station",
      M.station_required,
    ],
    ["a row without a line", { access: { 0: row("新宿", "", "5") } }, "access.0.line", M.line_required],
    [
      "one station and line twice",
      { access: { 0: row("新宿", "JR山手線", "5"), 1: row("新宿駅", "JR 山手線", "6") } },
      "access.1.station",
      M.duplicate_station,
    ],
    [
      "a price without minutes",
      { first_visit: { price_jpy: "3000", minutes: "", includes: "" } },
      "first_visit.minutes",
      M.first_visit_pair,
    ],
    [
      "minutes without a price",
      { first_visit: { price_jpy: "", minutes: "60", includes: "" } },
      "first_visit.price_jpy",
      M.first_visit_pair,
    ],
    [
      "what it includes alone",
      { first_visit: { price_jpy: "", minutes: "", includes: "飲み放題" } },
      "first_visit.price_jpy",
      M.includes_without_price,
    ],
    [
      "a price over ¥999,999",
      { first_visit: { price_jpy: "1000000", minutes: "60", includes: "" } },
      "first_visit.price_jpy",
      M.price,
    ],
    [
      "a negative price",
      { first_visit: { price_jpy: "-1", minutes: "60", includes: "" } },
      "first_visit.price_jpy",
      M.price,
    ],
    [
      "9 minutes",
      { first_visit: { price_jpy: "3000", minutes: "9", includes: "" } },
      "first_visit.minutes",
      M.minutes,
    ],
    [
      "721 minutes",
      { first_visit: { price_jpy: "3000", minutes: "721", includes: "" } },
      "first_visit.minutes",
      M.minutes,
    ],
    [
      "what it includes over 100 characters",
      { first_visit: { price_jpy: "3000", minutes: "60", includes: "あ".repeat(101) } },
      "first_visit.includes",
      TEXT_FIELD_MESSAGES.maxLength("料金に含まれるもの", 100),
    ],
  ])("refuses %s", (_name, input, field, message) => {
    expect(errorsOf({ ...blank, ...input })[field]).toBe(message);
  });
});

describe("store intro: words", () => {
  it.each([
    [{ price_jpy: 3_000, minutes: 60 }, "初回 60分 ¥3,000〜"],
    [{ price_jpy: 12_500, minutes: 90 }, "初回 90分 ¥12,500〜"],
    [{ price_jpy: 0, minutes: 30 }, "初回 30分 無料"],
  ])("first visit %o reads %s", (visit, label) => {
    expect(firstVisitLabel(visit)).toBe(label);
  });

  it.each([
    [{ station: "新宿", line: "JR山手線", walk_minutes: 5 }, "新宿駅 徒歩5分（JR山手線）"],
    [
      { station: "広島駅", line: "広電１号線（宇品線）", walk_minutes: 2 },
      "広島駅 徒歩2分（広電１号線（宇品線））",
    ],
  ])("access %o reads %s", (access, label) => {
    expect(accessLabel(access)).toBe(label);
  });

  // 80 m a minute, rounded up, at least 1 (ADR 0056).
  it.each([
    [0, 1],
    [1, 1],
    [80, 1],
    [81, 2],
    [400, 5],
    [401, 6],
    [4_800, 60],
  ])("%i m is a walk of %i minutes", (metres, minutes) => {
    expect(walkMinutesFor(metres)).toBe(minutes);
  });

  it.each([
    [{ price_jpy: 3_000 }, [{ price: 4_000 }, { price: 6_000 }], "¥3,000〜¥6,000"],
    [null, [{ price: 5_000 }], "¥5,000〜"],
    [{ price_jpy: 2_000 }, [], "¥2,000〜"],
    [null, [], undefined],
  ])("price range of %o and %o is %s", (visit, sets, range) => {
    expect(priceRangeOf(visit, sets)).toBe(range);
  });

  it.each([
    ["東京都新宿区歌舞伎町1-2-3", "東京都", "新宿区"],
    ["神奈川県横浜市中区福富町仲通1-1", "神奈川県", "横浜市中区"],
    ["北海道札幌市中央区南4条西3丁目", "北海道", "札幌市中央区"],
    ["沖縄県那覇市松山2-1", "沖縄県", "那覇市"],
    ["", "東京都", "歌舞伎町"],
  ])("the locality of %s is %s", (address, prefecture, locality) => {
    expect(addressLocalityOf(address, prefecture, "歌舞伎町")).toBe(locality);
  });
});

/** The station data as the directory reads it (integrations/stations/station-directory.ts). */
const data = stationFile as unknown as { lines: string[]; stations: [string, number, number, number][] };
const ENTRIES: StationEntry[] = data.stations.map(([station, line, lat, lng]) => ({
  station,
  line: data.lines[line]!,
  lat,
  lng,
}));

describe("the nearest stations (the station data, ADR 0056)", () => {
  // Pins in nightlife districts; the stations a local would name first.
  it.each([
    ["歌舞伎町一番街", 35.6938, 139.7013, ["西武新宿", "新宿"], "西武新宿線"],
    ["六本木交差点", 35.6628, 139.7314, ["六本木"], "東京メトロ日比谷線"],
    ["すすきの交差点", 43.0556, 141.3533, ["すすきの"], "札幌市営地下鉄南北線"],
    ["中洲", 33.5925, 130.4055, ["中洲川端"], "福岡市営地下鉄空港線"],
    ["道頓堀", 34.6687, 135.5013, ["なんば", "日本橋", "難波"], "Osaka Metro御堂筋線"],
    ["国分町", 38.2652, 140.8696, ["勾当台公園", "広瀬通"], undefined],
  ])("near %s (%f, %f)", (_place, lat, lng, firstNames, aLine) => {
    const near = nearestStations(ENTRIES, { lat, lng });
    expect(near.length).toBeGreaterThan(0);
    expect(firstNames).toContain(near[0]!.station);
    // Nearest first; the walk is the distance at 80 m a minute, rounded up.
    for (const [i, s] of near.entries()) {
      if (i > 0) expect(s.distance_m).toBeGreaterThanOrEqual(near[i - 1]!.distance_m);
      expect(s.walk_minutes).toBe(walkMinutesFor(s.distance_m));
    }
    // One item a station, its lines gathered.
    expect(new Set(near.map((s) => s.station)).size).toBe(near.length);
    if (aLine) expect(near.flatMap((s) => s.lines)).toContain(aLine);
  });

  it("gathers the lines of one station (新宿: JR, Metro, Toei, Keio, Odakyu)", () => {
    const [shinjuku] = nearestStations(ENTRIES, { lat: 35.6896, lng: 139.7006 }, { limit: 1 });
    expect(shinjuku?.station).toBe("新宿");
    expect(shinjuku?.lines).toEqual(
      expect.arrayContaining(["JR山手線", "東京メトロ丸ノ内線", "都営新宿線", "京王線", "小田急線"]),
    );
  });

  it("finds nothing beyond an hour's walk (the sea off Tokyo)", () => {
    expect(nearestStations(ENTRIES, { lat: 34.0, lng: 141.0 })).toEqual([]);
  });

  it("names stations, nearest the point first", () => {
    expect(stationsNamed(ENTRIES, "新宿駅", { limit: 3 }).map((s) => s.station)).toEqual([
      "新宿",
      "新宿御苑前",
      "新宿三丁目",
    ]);
    // Two 栄: the one in Nagoya first from Nagoya.
    const [sakae] = stationsNamed(ENTRIES, "栄", { point: { lat: 35.17, lng: 136.908 }, limit: 1 });
    expect(sakae?.lines).toContain("名古屋市営地下鉄東山線");
  });

  it.each([
    ["新宿", "JR山手線", { ok: true, station: "新宿", line: "JR山手線" }],
    ["新宿駅", "山手線", { ok: true, station: "新宿", line: "JR山手線" }],
    ["なんば", "御堂筋線", { ok: true, station: "なんば", line: "Osaka Metro御堂筋線" }],
    ["新宿", "銀座線", { ok: false, error: "unknown_line" }],
    ["新宿", "", { ok: false, error: "unknown_line" }],
    ["ヨルナビ前", "JR山手線", { ok: false, error: "unknown_station" }],
  ])("%s / %s is %o", (station, line, expected) => {
    expect(matchStation(ENTRIES, station, line)).toMatchObject(expected);
  });
});
