import { CHUBU } from "./chubu";
import { CHUGOKU_SHIKOKU } from "./chugoku-shikoku";
import { HOKKAIDO } from "./hokkaido";
import { KANSAI } from "./kansai";
import { KANTO } from "./kanto";
import { KYUSHU } from "./kyushu";
import { OKINAWA } from "./okinawa";
import { TOHOKU } from "./tohoku";
import type { Area, AreaDetail, AreaGroup, AreaPath, AreaTreeNode, Prefecture, Region } from "./types";

export type {
  Area,
  AreaDetail,
  AreaGroup,
  AreaPath,
  AreaTreeNode,
  Prefecture,
  Region,
} from "./types";

/** The 8 regions, north to south. */
export const REGIONS: readonly Region[] = [
  HOKKAIDO,
  TOHOKU,
  KANTO,
  CHUBU,
  KANSAI,
  CHUGOKU_SHIKOKU,
  KYUSHU,
  OKINAWA,
];

/** All 47 prefectures in JIS code order. */
export const PREFECTURES: readonly Prefecture[] = /* @__PURE__ */ (() =>
  REGIONS.flatMap((r) => r.prefectures).sort((a, b) => a.code - b.code))();

export interface PrefectureHit {
  prefecture: Prefecture;
  region: Region;
}
export interface GroupHit extends PrefectureHit {
  group: AreaGroup;
}
export interface AreaHit extends PrefectureHit {
  area: Area;
  /** The group the area belongs to, if any. */
  group: AreaGroup | undefined;
}
export interface AreaDetailHit extends AreaHit {
  detail: AreaDetail;
}

interface Indices {
  regionById: Map<string, Region>;
  prefectureById: Map<string, PrefectureHit>;
  groupById: Map<string, GroupHit>;
  areaById: Map<string, AreaHit>;
  detailById: Map<string, AreaDetailHit>;
}

let built: Indices | undefined;

/**
 * The lookups by id, built on first use: the module has no side effects when it loads, so a
 * browser bundle that only passes through a server-side use of it (a loader's mapping) drops the
 * tree (scripts/page-weight.ts).
 */
function indices(): Indices {
  if (built) return built;
  const regionById = new Map<string, Region>();
  const prefectureById = new Map<string, PrefectureHit>();
  const groupById = new Map<string, GroupHit>();
  const areaById = new Map<string, AreaHit>();
  const detailById = new Map<string, AreaDetailHit>();
  for (const region of REGIONS) {
    regionById.set(region.id, region);
    for (const prefecture of region.prefectures) {
      prefectureById.set(prefecture.id, { prefecture, region });
      const groupOfArea = new Map<string, AreaGroup>();
      for (const group of prefecture.groups) {
        groupById.set(group.id, { group, prefecture, region });
        for (const areaId of group.areaIds) groupOfArea.set(areaId, group);
      }
      for (const area of prefecture.areas) {
        const hit: AreaHit = { area, prefecture, region, group: groupOfArea.get(area.id) };
        areaById.set(area.id, hit);
        for (const detail of area.details) detailById.set(detail.id, { ...hit, detail });
      }
    }
  }
  built = { regionById, prefectureById, groupById, areaById, detailById };
  return built;
}

type Id = string | null | undefined;

export function findRegion(id: Id): Region | undefined {
  return id ? indices().regionById.get(id) : undefined;
}

export function findPrefecture(id: Id): PrefectureHit | undefined {
  return id ? indices().prefectureById.get(id) : undefined;
}

export function findGroup(id: Id): GroupHit | undefined {
  return id ? indices().groupById.get(id) : undefined;
}

export function findArea(id: Id): AreaHit | undefined {
  return id ? indices().areaById.get(id) : undefined;
}

/**
 * The area whose centre is nearest to a point (an equirectangular distance: exact enough to
 * name a place on a map within Japan). Undefined only for an empty tree.
 */
export function nearestArea(lat: number, lng: number): AreaHit | undefined {
  const scale = Math.cos((lat * Math.PI) / 180);
  let best: AreaHit | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const hit of indices().areaById.values()) {
    const distance = (hit.area.lat - lat) ** 2 + ((hit.area.lng - lng) * scale) ** 2;
    if (distance < bestDistance) {
      best = hit;
      bestDistance = distance;
    }
  }
  return best;
}

export function findAreaDetail(id: Id): AreaDetailHit | undefined {
  return id ? indices().detailById.get(id) : undefined;
}

/** The area ids of a group (a copy), or [] for an unknown group. */
export function areaIdsOfGroup(groupId: Id): string[] {
  const hit = findGroup(groupId);
  return hit ? [...hit.group.areaIds] : [];
}

/**
 * True when every given (non-empty) level exists and is consistent with every given level above it:
 * prefecture ∈ region, group ∈ prefecture, area ∈ prefecture (and ∈ group when a group is given),
 * area_detail ∈ area. Levels may be omitted; the group is optional even when the prefecture has groups.
 */
export function isValidAreaPath(path: AreaPath): boolean {
  const { region, prefecture, group, area, area_detail } = path;
  if (region && !indices().regionById.has(region)) return false;

  if (prefecture) {
    const hit = indices().prefectureById.get(prefecture);
    if (!hit || (region && hit.region.id !== region)) return false;
  }

  if (group) {
    const hit = indices().groupById.get(group);
    if (!hit) return false;
    if (region && hit.region.id !== region) return false;
    if (prefecture && hit.prefecture.id !== prefecture) return false;
  }

  if (area) {
    const hit = indices().areaById.get(area);
    if (!hit) return false;
    if (region && hit.region.id !== region) return false;
    if (prefecture && hit.prefecture.id !== prefecture) return false;
    if (group && hit.group?.id !== group) return false;
  }

  if (area_detail) {
    const hit = indices().detailById.get(area_detail);
    if (!hit) return false;
    if (region && hit.region.id !== region) return false;
    if (prefecture && hit.prefecture.id !== prefecture) return false;
    if (group && hit.group?.id !== group) return false;
    if (area && hit.area.id !== area) return false;
  }

  return true;
}

/** The mean of the areas' centres (5 decimals: about a metre). */
function centreOf(areas: Area[]): { lat: number; lng: number } {
  const mean = (values: number[]) =>
    Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1e5) / 1e5;
  return { lat: mean(areas.map((a) => a.lat)), lng: mean(areas.map((a) => a.lng)) };
}

function areaNode(area: Area): AreaTreeNode {
  return {
    id: area.id,
    name: area.name,
    name_kana: area.name_kana,
    type: "area",
    lat: area.lat,
    lng: area.lng,
    children: area.details.map((d) => ({
      id: d.id,
      name: d.name,
      name_kana: d.name_kana,
      type: "area_detail",
      children: [],
    })),
  };
}

function prefectureNode(prefecture: Prefecture): AreaTreeNode {
  const grouped = new Set(prefecture.groups.flatMap((g) => g.areaIds));
  const groups: AreaTreeNode[] = prefecture.groups.map((group) => ({
    id: group.id,
    name: group.name,
    name_kana: group.name_kana,
    type: "group",
    ...centreOf(group.areaIds.map((id) => indices().areaById.get(id)!.area)),
    children: group.areaIds.map((id) => areaNode(indices().areaById.get(id)!.area)),
  }));
  const loose = prefecture.areas.filter((a) => !grouped.has(a.id)).map(areaNode);
  return {
    id: prefecture.id,
    name: prefecture.name,
    name_kana: prefecture.name_kana,
    type: "prefecture",
    ...(prefecture.areas.length > 0 ? centreOf(prefecture.areas) : {}),
    children: [...groups, ...loose],
  };
}

/**
 * The JSON tree served by `GET /api/areas`: region → prefecture → (group →) area → area_detail.
 * Areas in no group hang directly under their prefecture, after the groups. A fresh tree on each call.
 */
export function toApiTree(): AreaTreeNode[] {
  return REGIONS.map((region) => ({
    id: region.id,
    name: region.name,
    name_kana: region.name_kana,
    type: "region",
    children: region.prefectures.map(prefectureNode),
  }));
}

/** A region and its prefectures by name: what a 地方 / 都道府県 picker offers. */
export interface RegionChoice {
  id: string;
  name: string;
  prefectures: { id: string; name: string }[];
}

/** The regions and their prefectures, for a loader: the pickers get names, not the area tree. */
export function regionChoices(): RegionChoice[] {
  return REGIONS.map((region) => ({
    id: region.id,
    name: region.name,
    prefectures: region.prefectures.map(({ id, name }) => ({ id, name })),
  }));
}

/** "東京都 歌舞伎町 一丁目" from ids; unknown or empty parts are skipped. */
export function areaLabel(ids: Pick<AreaPath, "prefecture" | "area" | "area_detail">): string {
  const parts = [
    findPrefecture(ids.prefecture)?.prefecture.name,
    findArea(ids.area)?.area.name,
    findAreaDetail(ids.area_detail)?.detail.name,
  ];
  return parts.filter((p): p is string => Boolean(p)).join(" ");
}

/** The place a search names: "東京都 歌舞伎町", else its group's or its region's name, else "". */
export function placeName(path: AreaPath): string {
  return areaLabel(path) || findGroup(path.group)?.group.name || findRegion(path.region)?.name || "";
}

/** A store with its area's name ("東京都 歌舞伎町 一丁目"), for a loader: the area tree stays on the server. */
export function withAreaLabel<T extends Pick<AreaPath, "prefecture" | "area" | "area_detail">>(
  store: T,
): T & { area_label: string } {
  return { ...store, area_label: areaLabel(store) };
}
