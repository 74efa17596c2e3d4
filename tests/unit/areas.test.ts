import { describe, expect, it } from "vitest";
import {
  type AreaTreeNode,
  areaIdsOfGroup,
  areaLabel,
  findArea,
  findAreaDetail,
  findGroup,
  findPrefecture,
  findRegion,
  isValidAreaPath,
  nearestArea,
  PREFECTURES,
  REGIONS,
  regionChoices,
  toApiTree,
} from "~/domain/areas";

const prefectures = REGIONS.flatMap((r) => r.prefectures);
const areas = prefectures.flatMap((p) => p.areas);
const groups = prefectures.flatMap((p) => p.groups);
const details = areas.flatMap((a) => a.details);

const KANA = /^[ぁ-ゖー・　 ]+$/;
const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe("regions and prefectures", () => {
  it("lists the 8 regions in order", () => {
    expect(REGIONS.map((r) => [r.id, r.name])).toEqual([
      ["hokkaido", "北海道"],
      ["tohoku", "東北"],
      ["kanto", "関東"],
      ["chubu", "中部"],
      ["kansai", "関西"],
      ["chugoku-shikoku", "中国・四国"],
      ["kyushu", "九州"],
      ["okinawa", "沖縄"],
    ]);
  });

  it("has exactly 47 prefectures with codes 1..47 each once, in code order inside regions", () => {
    expect(prefectures).toHaveLength(47);
    expect(prefectures.map((p) => p.code)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    expect(PREFECTURES.map((p) => p.code)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    expect(new Set(prefectures.map((p) => p.id)).size).toBe(47);
  });

  it.each([
    ["hokkaido", 1, "北海道", "ほっかいどう", "hokkaido"],
    ["aomori", 2, "青森県", "あおもりけん", "tohoku"],
    ["fukushima", 7, "福島県", "ふくしまけん", "tohoku"],
    ["ibaraki", 8, "茨城県", "いばらきけん", "kanto"],
    ["tokyo", 13, "東京都", "とうきょうと", "kanto"],
    ["kanagawa", 14, "神奈川県", "かながわけん", "kanto"],
    ["niigata", 15, "新潟県", "にいがたけん", "chubu"],
    ["aichi", 23, "愛知県", "あいちけん", "chubu"],
    ["mie", 24, "三重県", "みえけん", "kansai"],
    ["kyoto", 26, "京都府", "きょうとふ", "kansai"],
    ["osaka", 27, "大阪府", "おおさかふ", "kansai"],
    ["wakayama", 30, "和歌山県", "わかやまけん", "kansai"],
    ["tottori", 31, "鳥取県", "とっとりけん", "chugoku-shikoku"],
    ["kochi", 39, "高知県", "こうちけん", "chugoku-shikoku"],
    ["fukuoka", 40, "福岡県", "ふくおかけん", "kyushu"],
    ["kagoshima", 46, "鹿児島県", "かごしまけん", "kyushu"],
    ["okinawa", 47, "沖縄県", "おきなわけん", "okinawa"],
  ])("prefecture %s is code %i %s (%s) in %s", (id, code, name, kana, regionId) => {
    const hit = findPrefecture(id);
    expect(hit?.prefecture).toMatchObject({ code, name, name_kana: kana });
    expect(hit?.region.id).toBe(regionId);
  });

  it.each([
    ["hokkaido", 1],
    ["tohoku", 6],
    ["kanto", 7],
    ["chubu", 9],
    ["kansai", 7],
    ["chugoku-shikoku", 9],
    ["kyushu", 7],
    ["okinawa", 1],
  ])("region %s has %i prefectures", (id, count) => {
    expect(findRegion(id)?.prefectures).toHaveLength(count);
  });

  it("names every prefecture with its official suffix", () => {
    for (const p of prefectures) {
      expect(p.name, p.id).toMatch(p.id === "hokkaido" ? /^北海道$/ : /^.+[都府県]$/);
    }
  });
});

describe("content rules", () => {
  it("writes every name_kana in hiragana", () => {
    const all = [...REGIONS, ...prefectures, ...groups, ...areas, ...details];
    for (const node of all) expect(node.name_kana, node.id).toMatch(KANA);
  });

  it("uses unique kebab-case ids for areas, groups and details, distinct from region/prefecture ids", () => {
    const ids = [...groups, ...areas, ...details].map((n) => n.id);
    for (const id of ids) expect(id).toMatch(ID);
    expect(new Set(ids).size).toBe(ids.length);
    const upper = new Set([...REGIONS.map((r) => r.id), ...prefectures.map((p) => p.id)]);
    expect(ids.filter((id) => upper.has(id))).toEqual([]);
    for (const id of [...REGIONS, ...prefectures].map((n) => n.id)) expect(id).toMatch(ID);
  });

  it("gives every prefecture at least 3 areas", () => {
    for (const p of prefectures) expect(p.areas.length, p.id).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ["tokyo", 25],
    ["osaka", 12],
    ["hokkaido", 6],
    ["miyagi", 6],
    ["saitama", 6],
    ["chiba", 6],
    ["kanagawa", 6],
    ["aichi", 6],
    ["kyoto", 6],
    ["hyogo", 6],
    ["hiroshima", 6],
    ["fukuoka", 6],
  ])("%s has at least %i areas", (id, min) => {
    expect(findPrefecture(id)?.prefecture.areas.length).toBeGreaterThanOrEqual(min);
  });

  it("has groups in Tokyo and Osaka only", () => {
    const withGroups = prefectures.filter((p) => p.groups.length > 0).map((p) => p.id);
    expect(withGroups.sort()).toEqual(["osaka", "tokyo"]);
  });

  it("keeps every group's areas inside its prefecture, 2+ per group, no area in two groups", () => {
    for (const p of prefectures) {
      const own = new Set(p.areas.map((a) => a.id));
      const seen = new Set<string>();
      for (const g of p.groups) {
        expect(g.areaIds.length, g.id).toBeGreaterThanOrEqual(2);
        for (const id of g.areaIds) {
          expect(own.has(id), `${g.id} → ${id}`).toBe(true);
          expect(seen.has(id), `${id} in two groups`).toBe(false);
          seen.add(id);
        }
      }
    }
  });

  it.each([
    ["shinjuku", ["kabukicho", "nishi-shinjuku", "shinjuku-sanchome", "shinjuku-nichome"]],
    ["kita", ["kitashinchi", "umeda", "toganocho", "doyama"]],
    ["minami", ["shinsaibashi", "namba", "soemoncho", "dotonbori", "sennichimae"]],
  ])("group %s contains %j", (groupId, expected) => {
    expect(areaIdsOfGroup(groupId)).toEqual(expect.arrayContaining(expected));
  });

  it("keeps well-known areas outside any group", () => {
    for (const id of ["kichijoji", "tachikawa", "machida", "hachioji", "kitasenju", "sakaihigashi"]) {
      const hit = findArea(id);
      expect(hit, id).toBeDefined();
      expect(hit?.group, id).toBeUndefined();
    }
  });

  it("splits at least 8 areas into details, including the classic ones", () => {
    expect(areas.filter((a) => a.details.length > 0).length).toBeGreaterThanOrEqual(8);
    for (const id of ["kabukicho", "roppongi", "ginza", "kitashinchi", "susukino", "nakasu", "kokubuncho"]) {
      expect(findArea(id)?.area.details.length, id).toBeGreaterThan(0);
    }
    expect(findArea("kabukicho")?.area.details.map((d) => d.name)).toEqual(["一丁目", "二丁目"]);
  });

  it("places every area inside Japan", () => {
    for (const a of areas) {
      expect(a.lat, a.id).toBeGreaterThan(24);
      expect(a.lat, a.id).toBeLessThan(46);
      expect(a.lng, a.id).toBeGreaterThan(122);
      expect(a.lng, a.id).toBeLessThan(154);
    }
  });

  it("keeps each area within 1.5° of its prefecture's other areas (Hokkaido excepted)", () => {
    for (const p of prefectures) {
      if (p.id === "hokkaido") continue;
      for (const a of p.areas) {
        for (const b of p.areas) {
          expect(Math.abs(a.lat - b.lat), `${a.id}/${b.id}`).toBeLessThan(1.5);
          expect(Math.abs(a.lng - b.lng), `${a.id}/${b.id}`).toBeLessThan(1.5);
        }
      }
    }
  });

  it.each([
    ["susukino", 43.055, 141.353],
    ["nakasu", 33.593, 130.405],
    ["kabukicho", 35.695, 139.703],
    ["kitashinchi", 34.698, 135.497],
    ["kokubuncho", 38.265, 140.87],
    ["naha-matsuyama", 26.219, 127.678],
  ])("places %s near %f,%f", (id, lat, lng) => {
    const area = findArea(id)?.area;
    expect(Math.abs((area?.lat ?? 0) - lat)).toBeLessThan(0.01);
    expect(Math.abs((area?.lng ?? 0) - lng)).toBeLessThan(0.01);
  });
});

describe("lookups", () => {
  it.each([
    ["kanto", "関東"],
    ["chugoku-shikoku", "中国・四国"],
    ["hokkaido", "北海道"],
  ])("findRegion(%s)", (id, name) => {
    expect(findRegion(id)?.name).toBe(name);
  });

  it.each([["tokyo"], ["nope"], [""], [null], [undefined]])("findRegion(%j) is undefined", (id) => {
    expect(findRegion(id)).toBeUndefined();
  });

  it("findArea tells the prefecture, region and group", () => {
    const hit = findArea("kabukicho");
    expect(hit?.area.name).toBe("歌舞伎町");
    expect(hit?.prefecture.id).toBe("tokyo");
    expect(hit?.region.id).toBe("kanto");
    expect(hit?.group?.id).toBe("shinjuku");
    expect(findArea("susukino")?.group).toBeUndefined();
  });

  it("findAreaDetail tells the area, prefecture and region", () => {
    const hit = findAreaDetail("kabukicho-1");
    expect(hit?.detail.name).toBe("一丁目");
    expect(hit?.area.id).toBe("kabukicho");
    expect(hit?.prefecture.id).toBe("tokyo");
    expect(hit?.region.id).toBe("kanto");
  });

  it("findGroup tells the prefecture and region", () => {
    const hit = findGroup("minami");
    expect(hit?.group.name).toBe("ミナミ");
    expect(hit?.prefecture.id).toBe("osaka");
    expect(hit?.region.id).toBe("kansai");
  });

  it.each([
    ["findPrefecture", () => findPrefecture("kanto")],
    ["findGroup", () => findGroup("kabukicho")],
    ["findArea", () => findArea("tokyo")],
    ["findArea (empty)", () => findArea("")],
    ["findAreaDetail", () => findAreaDetail("kabukicho")],
  ])("%s returns undefined for an unknown id", (_name, call) => {
    expect(call()).toBeUndefined();
  });

  it("areaIdsOfGroup returns [] for an unknown group and a copy otherwise", () => {
    expect(areaIdsOfGroup("nope")).toEqual([]);
    expect(areaIdsOfGroup(undefined)).toEqual([]);
    const ids = areaIdsOfGroup("shinjuku");
    ids.push("x");
    expect(areaIdsOfGroup("shinjuku")).not.toContain("x");
  });
});

describe("isValidAreaPath", () => {
  it.each([
    [{}],
    [{ region: "kanto" }],
    [{ region: "kanto", prefecture: "tokyo" }],
    [{ region: "kanto", prefecture: "tokyo", group: "shinjuku" }],
    [{ region: "kanto", prefecture: "tokyo", group: "shinjuku", area: "kabukicho" }],
    [
      {
        region: "kanto",
        prefecture: "tokyo",
        group: "shinjuku",
        area: "kabukicho",
        area_detail: "kabukicho-2",
      },
    ],
    [{ region: "kanto", prefecture: "tokyo", area: "kabukicho", area_detail: "kabukicho-1" }],
    [{ region: "kanto", prefecture: "tokyo", group: "", area: "kichijoji", area_detail: "" }],
    [
      {
        region: "kansai",
        prefecture: "osaka",
        group: "kita",
        area: "kitashinchi",
        area_detail: "kitashinchi-1",
      },
    ],
    [{ region: "kansai", prefecture: "osaka", area: "sakaihigashi" }],
    [{ region: "hokkaido", prefecture: "hokkaido", area: "susukino", area_detail: "susukino-minami-5jo" }],
    [{ prefecture: "fukuoka", area: "nakasu" }],
    [{ region: null, prefecture: "okinawa", group: null, area: "chatan", area_detail: null }],
  ])("accepts %j", (path) => {
    expect(isValidAreaPath(path)).toBe(true);
  });

  it.each([
    ["unknown region", { region: "tokyo" }],
    ["unknown prefecture", { region: "kanto", prefecture: "kanto" }],
    ["prefecture in another region", { region: "kansai", prefecture: "tokyo" }],
    ["unknown group", { region: "kanto", prefecture: "tokyo", group: "kita-senju" }],
    ["group of another prefecture", { region: "kanto", prefecture: "tokyo", group: "minami" }],
    ["group of another region", { region: "kanto", group: "kita" }],
    ["unknown area", { region: "kanto", prefecture: "tokyo", area: "shinjuku" }],
    ["area of another prefecture", { region: "kanto", prefecture: "tokyo", area: "susukino" }],
    ["area of another region", { region: "kansai", area: "kabukicho" }],
    ["area in the wrong group", { prefecture: "tokyo", group: "shibuya-ebisu", area: "kabukicho" }],
    ["ungrouped area with a group", { prefecture: "tokyo", group: "shinjuku", area: "kichijoji" }],
    ["unknown detail", { prefecture: "tokyo", area: "kabukicho", area_detail: "kabukicho-9" }],
    ["detail of another area", { prefecture: "tokyo", area: "kabukicho", area_detail: "ginza-8" }],
    ["detail of another prefecture", { prefecture: "osaka", area_detail: "kabukicho-1" }],
    [
      "detail outside the group",
      { prefecture: "tokyo", group: "ginza-shimbashi", area_detail: "kabukicho-1" },
    ],
  ])("rejects %s", (_name, path) => {
    expect(isValidAreaPath(path)).toBe(false);
  });
});

describe("toApiTree", () => {
  const tree = toApiTree();
  const walk = (
    nodes: AreaTreeNode[],
    fn: (n: AreaTreeNode, parent?: AreaTreeNode) => void,
    parent?: AreaTreeNode,
  ) => {
    for (const n of nodes) {
      fn(n, parent);
      walk(n.children, fn, n);
    }
  };

  it("has the 8 regions at the top, each holding its prefectures", () => {
    expect(tree.map((n) => n.id)).toEqual(REGIONS.map((r) => r.id));
    expect(tree.every((n) => n.type === "region")).toBe(true);
    expect(tree.flatMap((r) => r.children).map((p) => p.type)).toEqual(Array(47).fill("prefecture"));
  });

  it("gives every node the same keys and the right child types", () => {
    const allowed: Record<string, string[]> = {
      region: ["prefecture"],
      prefecture: ["group", "area"],
      group: ["area"],
      area: ["area_detail"],
      area_detail: [],
    };
    let count = 0;
    walk(tree, (n) => {
      count++;
      const centred =
        n.type === "area" || n.type === "group" || (n.type === "prefecture" && n.children.length > 0);
      const keys = ["children", "id", "name", "name_kana", "type", ...(centred ? ["lat", "lng"] : [])];
      expect(Object.keys(n).sort()).toEqual(keys.sort());
      for (const c of n.children) expect(allowed[n.type]).toContain(c.type);
      if (n.type === "area_detail") expect(n.children).toEqual([]);
    });
    expect(count).toBe(REGIONS.length + 47 + groups.length + areas.length + details.length);
  });

  it("puts grouped areas under their group and the others directly under the prefecture", () => {
    const tokyo = tree.find((r) => r.id === "kanto")?.children.find((p) => p.id === "tokyo");
    const shinjuku = tokyo?.children.find((c) => c.id === "shinjuku");
    expect(shinjuku?.type).toBe("group");
    expect(shinjuku?.children.map((a) => a.id)).toEqual(areaIdsOfGroup("shinjuku"));
    const kabukicho = shinjuku?.children.find((a) => a.id === "kabukicho");
    expect(kabukicho?.children.map((d) => [d.id, d.type, d.children])).toEqual([
      ["kabukicho-1", "area_detail", []],
      ["kabukicho-2", "area_detail", []],
    ]);
    const direct = tokyo?.children.filter((c) => c.type === "area").map((c) => c.id);
    expect(direct).toContain("kichijoji");
    expect(direct).not.toContain("kabukicho");
  });

  it("lists every area exactly once", () => {
    const seen: string[] = [];
    walk(tree, (n) => {
      if (n.type === "area") seen.push(n.id);
    });
    expect(seen.sort()).toEqual(areas.map((a) => a.id).sort());
  });

  it("puts prefectures without groups straight to areas, leaves with children []", () => {
    const hokkaido = tree[0]?.children[0];
    expect(hokkaido?.children.every((c) => c.type === "area")).toBe(true);
    const chatan = tree[7]?.children[0]?.children.find((a) => a.id === "chatan");
    expect(chatan).toMatchObject({
      id: "chatan",
      name: "北谷",
      name_kana: "ちゃたん",
      type: "area",
      children: [],
    });
  });

  it("gives areas their centre, and groups and prefectures the mean of their areas' centres", () => {
    const tokyo = tree.find((r) => r.id === "kanto")?.children.find((p) => p.id === "tokyo");
    const shinjuku = tokyo?.children.find((c) => c.id === "shinjuku");
    const kabukicho = shinjuku?.children.find((a) => a.id === "kabukicho");
    const area = areas.find((a) => a.id === "kabukicho")!;
    expect([kabukicho?.lat, kabukicho?.lng]).toEqual([area.lat, area.lng]);
    const members = shinjuku!.children;
    const mean = (k: "lat" | "lng") => members.reduce((sum, a) => sum + a[k]!, 0) / members.length;
    expect(shinjuku?.lat).toBeCloseTo(mean("lat"), 4);
    expect(shinjuku?.lng).toBeCloseTo(mean("lng"), 4);
    // Every centre lies in Japan (24–46° N, 122–146° E).
    walk(tree, (n) => {
      if (n.lat === undefined) return;
      expect(n.lat).toBeGreaterThan(24);
      expect(n.lat).toBeLessThan(46);
      expect(n.lng).toBeGreaterThan(122);
      expect(n.lng).toBeLessThan(146);
    });
  });

  it("is JSON-serialisable and not shared between calls", () => {
    expect(JSON.parse(JSON.stringify(tree))).toEqual(tree);
    expect(toApiTree()).not.toBe(tree);
  });
});

describe("regionChoices", () => {
  const choices = regionChoices();

  it("offers the 8 regions and the 47 prefectures, by id and name, in the tree's order", () => {
    expect(choices.map((r) => [r.id, r.name])).toEqual(REGIONS.map((r) => [r.id, r.name]));
    expect(choices.flatMap((r) => r.prefectures)).toEqual(PREFECTURES.map(({ id, name }) => ({ id, name })));
    expect(choices.flatMap((r) => r.prefectures)).toHaveLength(47);
  });

  it("carries names only: far smaller than the tree it comes from", () => {
    expect(JSON.stringify(choices).length * 10).toBeLessThan(JSON.stringify(REGIONS).length);
  });
});

describe("areaLabel", () => {
  it.each([
    [{ prefecture: "tokyo", area: "kabukicho", area_detail: "" }, "東京都 歌舞伎町"],
    [{ prefecture: "tokyo", area: "kabukicho", area_detail: "kabukicho-1" }, "東京都 歌舞伎町 一丁目"],
    [{ prefecture: "osaka", area: "kitashinchi", area_detail: "kitashinchi-2" }, "大阪府 北新地 二丁目"],
    [{ prefecture: "hokkaido", area: "susukino" }, "北海道 すすきの"],
    [{ prefecture: "fukuoka", area: "nakasu", area_detail: "nakasu-3" }, "福岡県 中洲 三丁目"],
    [{ prefecture: "tokyo", area: "unknown", area_detail: "kabukicho-2" }, "東京都 二丁目"],
    [{ prefecture: "tokyo", area: "" }, "東京都"],
    [{ prefecture: "nowhere", area: "susukino" }, "すすきの"],
    [{ prefecture: "", area: "", area_detail: "" }, ""],
    [{}, ""],
  ])("areaLabel(%j) = %s", (ids, label) => {
    expect(areaLabel(ids)).toBe(label);
  });
});

describe("nearestArea", () => {
  it.each([
    ["every area's own centre", null, null, null],
    ["a little east of 歌舞伎町", 35.6949, 139.7042, "kabukicho"],
    ["すすきの at night", 43.0553, 141.3531, "susukino"],
    ["中洲 by the river", 33.5935, 130.4055, "nakasu"],
    ["那覇 松山", 26.2175, 127.6765, "naha-matsuyama"],
  ])("%s", (_name, lat, lng, id) => {
    if (lat === null || lng === null) {
      for (const area of areas) expect(nearestArea(area.lat, area.lng)?.area.id).toBe(area.id);
      return;
    }
    const hit = nearestArea(lat, lng);
    expect(hit?.area.id).toBe(id);
    expect(hit?.prefecture.areas).toContain(hit?.area);
  });
});
