import { describe, expect, it } from "vitest";
import {
  AREA_LEVELS,
  type AreaLevel,
  type AreaSelection,
  allChoices,
  choicesFor,
  EMPTY_AREA_SELECTION,
  levelsBelow,
  nextAreaSelection,
  selectionFrom,
} from "~/components/form/area-picker-state";
import { areaIdsOfGroup, findPrefecture, findRegion, isValidAreaPath, REGIONS } from "~/domain/areas";

const sel = (partial: Partial<AreaSelection>): AreaSelection => ({ ...EMPTY_AREA_SELECTION, ...partial });

/** A full Tokyo path: 関東 / 東京都 / 新宿 / 歌舞伎町 / a detail. */
const tokyoGroup = findPrefecture("tokyo")!.prefecture.groups.find((g) => g.areaIds.includes("kabukicho"))!;
const kabukicho = findPrefecture("tokyo")!.prefecture.areas.find((a) => a.id === "kabukicho")!;
const FULL = sel({
  region: "kanto",
  prefecture: "tokyo",
  group: tokyoGroup.id,
  area: "kabukicho",
  area_detail: kabukicho.details[0]!.id,
});

/** An area of Tokyo outside that group, and a prefecture without groups and its first area. */
const otherTokyoArea = findPrefecture("tokyo")!.prefecture.areas.find(
  (a) => !tokyoGroup.areaIds.includes(a.id),
)!;
const ibaraki = findPrefecture("ibaraki")!.prefecture;

describe("levelsBelow", () => {
  it.each<[AreaLevel, AreaLevel[]]>([
    ["region", ["prefecture", "group", "area", "area_detail"]],
    ["prefecture", ["group", "area", "area_detail"]],
    ["group", ["area", "area_detail"]],
    ["area", ["area_detail"]],
    ["area_detail", []],
  ])("%s → %j", (level, expected) => {
    expect(levelsBelow(level)).toEqual(expected);
  });
});

describe("nextAreaSelection", () => {
  it.each<[string, AreaSelection, AreaLevel, string, AreaSelection]>([
    [
      "choosing a region on an empty picker",
      EMPTY_AREA_SELECTION,
      "region",
      "kanto",
      sel({ region: "kanto" }),
    ],
    [
      "changing the region clears prefecture, group, area and detail",
      FULL,
      "region",
      "kansai",
      sel({ region: "kansai" }),
    ],
    ["clearing the region clears everything", FULL, "region", "", EMPTY_AREA_SELECTION],
    [
      "changing the prefecture clears group, area and detail",
      FULL,
      "prefecture",
      "kanagawa",
      sel({ region: "kanto", prefecture: "kanagawa" }),
    ],
    [
      "changing the group clears area and detail",
      FULL,
      "group",
      "",
      sel({ region: "kanto", prefecture: "tokyo" }),
    ],
    [
      "changing the area clears the detail",
      FULL,
      "area",
      tokyoGroup.areaIds.find((id) => id !== "kabukicho")!,
      sel({
        region: "kanto",
        prefecture: "tokyo",
        group: tokyoGroup.id,
        area: tokyoGroup.areaIds.find((id) => id !== "kabukicho")!,
      }),
    ],
    [
      "changing the detail keeps everything above",
      FULL,
      "area_detail",
      kabukicho.details[1]!.id,
      { ...FULL, area_detail: kabukicho.details[1]!.id },
    ],
    ["the same value changes nothing", FULL, "region", "kanto", FULL],
    [
      "a prefecture of another region is refused (and the levels below cleared)",
      sel({ region: "kanto" }),
      "prefecture",
      "osaka",
      sel({ region: "kanto" }),
    ],
    [
      "a prefecture without a region is refused",
      EMPTY_AREA_SELECTION,
      "prefecture",
      "tokyo",
      EMPTY_AREA_SELECTION,
    ],
    ["an unknown region is refused", EMPTY_AREA_SELECTION, "region", "atlantis", EMPTY_AREA_SELECTION],
    [
      "an area outside the chosen group is refused",
      sel({ region: "kanto", prefecture: "tokyo", group: tokyoGroup.id }),
      "area",
      otherTokyoArea.id,
      sel({ region: "kanto", prefecture: "tokyo", group: tokyoGroup.id }),
    ],
    [
      "without a group any area of the prefecture may be chosen",
      sel({ region: "kanto", prefecture: "tokyo" }),
      "area",
      otherTokyoArea.id,
      sel({ region: "kanto", prefecture: "tokyo", area: otherTokyoArea.id }),
    ],
    [
      "a group for a prefecture without groups is refused",
      sel({ region: "kanto", prefecture: "ibaraki" }),
      "group",
      tokyoGroup.id,
      sel({ region: "kanto", prefecture: "ibaraki" }),
    ],
    [
      "a detail of another area is refused",
      sel({ region: "kanto", prefecture: "tokyo", area: otherTokyoArea.id }),
      "area_detail",
      kabukicho.details[0]!.id,
      sel({ region: "kanto", prefecture: "tokyo", area: otherTokyoArea.id }),
    ],
  ])("%s", (_name, current, level, value, expected) => {
    const next = nextAreaSelection(current, level, value);
    expect(next).toEqual(expected);
    expect(isValidAreaPath(next)).toBe(true);
  });

  it("does not change its input", () => {
    const current = { ...FULL };
    nextAreaSelection(current, "region", "kansai");
    expect(current).toEqual(FULL);
  });
});

type Flags = Record<AreaLevel, [enabled: boolean, visible: boolean]>;
const flagsOf = (selection: AreaSelection): Flags =>
  Object.fromEntries(
    AREA_LEVELS.map((level) => [
      level,
      [choicesFor(selection)[level].enabled, choicesFor(selection)[level].visible],
    ]),
  ) as Flags;

describe("choicesFor: enabled and visible", () => {
  it.each<[string, AreaSelection, Flags]>([
    [
      "nothing chosen: only the region is enabled; group and detail hidden",
      EMPTY_AREA_SELECTION,
      {
        region: [true, true],
        prefecture: [false, true],
        group: [false, false],
        area: [false, true],
        area_detail: [false, false],
      },
    ],
    [
      "a region: the prefecture is enabled",
      sel({ region: "kanto" }),
      {
        region: [true, true],
        prefecture: [true, true],
        group: [false, false],
        area: [false, true],
        area_detail: [false, false],
      },
    ],
    [
      "a prefecture without groups: no group select, areas enabled",
      sel({ region: "kanto", prefecture: "ibaraki" }),
      {
        region: [true, true],
        prefecture: [true, true],
        group: [false, false],
        area: [true, true],
        area_detail: [false, false],
      },
    ],
    [
      "Tokyo: the group select appears; areas enabled without a group",
      sel({ region: "kanto", prefecture: "tokyo" }),
      {
        region: [true, true],
        prefecture: [true, true],
        group: [true, true],
        area: [true, true],
        area_detail: [false, false],
      },
    ],
    [
      "an area with details: the detail select appears",
      FULL,
      {
        region: [true, true],
        prefecture: [true, true],
        group: [true, true],
        area: [true, true],
        area_detail: [true, true],
      },
    ],
    [
      "an area without details: no detail select",
      sel({ region: "kanto", prefecture: "ibaraki", area: ibaraki.areas[0]!.id }),
      {
        region: [true, true],
        prefecture: [true, true],
        group: [false, false],
        area: [true, true],
        area_detail: [false, false],
      },
    ],
  ])("%s", (_name, selection, expected) => {
    expect(flagsOf(selection)).toEqual(expected);
  });
});

describe("choicesFor: options", () => {
  const values = (selection: AreaSelection, level: AreaLevel) =>
    choicesFor(selection)[level].options.map((o) => o.value);

  it("offers the 8 regions, north to south", () => {
    expect(values(EMPTY_AREA_SELECTION, "region")).toEqual(REGIONS.map((r) => r.id));
  });

  it.each(REGIONS.map((r) => [r.id]))("region %s offers its own prefectures", (regionId) => {
    expect(values(sel({ region: regionId }), "prefecture")).toEqual(
      findRegion(regionId)!.prefectures.map((p) => p.id),
    );
  });

  it.each<[string, AreaSelection, () => string[]]>([
    [
      "a prefecture without a group offers all its areas",
      sel({ region: "kanto", prefecture: "tokyo" }),
      () => findPrefecture("tokyo")!.prefecture.areas.map((a) => a.id),
    ],
    [
      "a group narrows the areas to the group's",
      sel({ region: "kanto", prefecture: "tokyo", group: tokyoGroup.id }),
      () =>
        findPrefecture("tokyo")!
          .prefecture.areas.filter((a) => tokyoGroup.areaIds.includes(a.id))
          .map((a) => a.id),
    ],
    ["no prefecture, no areas", sel({ region: "kanto" }), () => []],
  ])("%s", (_name, selection, expected) => {
    expect(values(selection, "area")).toEqual(expected());
  });

  it("every Osaka group narrows to exactly its areas", () => {
    for (const group of findPrefecture("osaka")!.prefecture.groups) {
      const offered = values(sel({ region: "kansai", prefecture: "osaka", group: group.id }), "area");
      expect(new Set(offered)).toEqual(new Set(areaIdsOfGroup(group.id)));
    }
  });

  it("offers the groups of the prefecture and the details of the area", () => {
    expect(values(FULL, "group")).toEqual(findPrefecture("tokyo")!.prefecture.groups.map((g) => g.id));
    expect(values(FULL, "area_detail")).toEqual(kabukicho.details.map((d) => d.id));
  });

  it("labels are the Japanese names", () => {
    expect(choicesFor(FULL).prefecture.options.find((o) => o.value === "tokyo")?.label).toBe("東京都");
  });
});

describe("selectionFrom", () => {
  it.each<[string, Parameters<typeof selectionFrom>[0], AreaSelection]>([
    ["nothing", undefined, EMPTY_AREA_SELECTION],
    ["a full consistent path", FULL, FULL],
    ["empty strings and nulls", { region: "", prefecture: null }, EMPTY_AREA_SELECTION],
    [
      "an area alone fills in its prefecture and region, not its group",
      { area: "kabukicho" },
      sel({ region: "kanto", prefecture: "tokyo", area: "kabukicho" }),
    ],
    [
      "a detail alone fills in everything but the group",
      { area_detail: FULL.area_detail },
      { ...FULL, group: "" },
    ],
    [
      "a prefecture alone fills in its region",
      { prefecture: "osaka" },
      sel({ region: "kansai", prefecture: "osaka" }),
    ],
    [
      "an inconsistent prefecture is dropped with the levels below",
      { region: "kanto", prefecture: "osaka", area: "kabukicho" },
      sel({ region: "kanto" }),
    ],
    [
      "an unknown area keeps the levels above",
      { region: "kanto", prefecture: "tokyo", area: "nowhere" },
      sel({ region: "kanto", prefecture: "tokyo" }),
    ],
  ])("%s", (_name, path, expected) => {
    expect(selectionFrom(path)).toEqual(expected);
  });
});

describe("allChoices (the selects before JavaScript runs)", () => {
  it.each<[AreaLevel, number]>([
    ["region", 8],
    ["prefecture", 47],
  ])("%s lists every choice (%i)", (level, count) => {
    expect(allChoices(level).flatMap((g) => g.options)).toHaveLength(count);
  });

  it("groups the prefectures by region and the groups by prefecture", () => {
    expect(allChoices("prefecture").map((g) => g.label)).toEqual(REGIONS.map((r) => r.name));
    expect(allChoices("group").map((g) => g.label)).toEqual(["東京都", "大阪府"]);
  });

  it("lists only areas that have details at the detail level", () => {
    expect(allChoices("area_detail").every((g) => g.options.length > 0)).toBe(true);
  });
});
