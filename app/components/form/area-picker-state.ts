/**
 * The cascade of the area picker (docs/product.md), as pure functions so it can be tested without a DOM.
 *
 * Levels: region → prefecture → (group) → area → area_detail. Changing a level clears every level
 * below it. A level is enabled only when its parent has a value; the group is optional (no group =
 * every area of the prefecture), it is shown only for prefectures that have groups, and choosing
 * one narrows the areas to the group's. The detail level is shown only when the area has details.
 */
import {
  type AreaPath,
  findArea,
  findAreaDetail,
  findGroup,
  findPrefecture,
  findRegion,
  REGIONS,
} from "~/domain/areas";
import { AREA_LEVELS, type AreaLevel } from "./area-levels";

export { AREA_LEVELS, type AreaLevel };

/** One id per level; "" = not chosen. */
export type AreaSelection = Record<AreaLevel, string>;

export const EMPTY_AREA_SELECTION: Readonly<AreaSelection> = Object.freeze({
  region: "",
  prefecture: "",
  group: "",
  area: "",
  area_detail: "",
});

export interface AreaChoice {
  value: string;
  label: string;
}

export interface LevelChoices {
  /** The choices for the current parents (without the blank one). */
  options: AreaChoice[];
  /** The parent has a value (and, for group/detail, there is something to choose). */
  enabled: boolean;
  /**
   * False for the group level of a prefecture without groups and the detail level of an area
   * without details (and before their parent is chosen): the select stays, disabled.
   */
  visible: boolean;
}

export type AreaChoices = Record<AreaLevel, LevelChoices>;

/** The levels strictly below `level`, top to bottom. */
export function levelsBelow(level: AreaLevel): AreaLevel[] {
  return AREA_LEVELS.slice(AREA_LEVELS.indexOf(level) + 1);
}

/** The choices of every level under the parents chosen in `selection`. */
export function choicesFor(selection: AreaSelection): AreaChoices {
  const region = findRegion(selection.region);
  const prefectureHit = findPrefecture(selection.prefecture);
  const prefecture =
    prefectureHit && prefectureHit.region.id === region?.id ? prefectureHit.prefecture : undefined;
  const groupHit = findGroup(selection.group);
  const group = groupHit && groupHit.prefecture.id === prefecture?.id ? groupHit.group : undefined;
  const areaHit = findArea(selection.area);
  const areaInScope =
    areaHit &&
    areaHit.prefecture.id === prefecture?.id &&
    (group === undefined || areaHit.group?.id === group.id);
  const area = areaInScope ? areaHit.area : undefined;

  const groups = prefecture?.groups ?? [];
  const areas = prefecture
    ? group
      ? prefecture.areas.filter((a) => group.areaIds.includes(a.id))
      : prefecture.areas
    : [];
  const details = area?.details ?? [];

  return {
    region: { options: REGIONS.map(choice), enabled: true, visible: true },
    prefecture: {
      options: region ? region.prefectures.map(choice) : [],
      enabled: Boolean(region),
      visible: true,
    },
    group: { options: groups.map(choice), enabled: groups.length > 0, visible: groups.length > 0 },
    area: { options: areas.map(choice), enabled: Boolean(prefecture), visible: true },
    area_detail: { options: details.map(choice), enabled: details.length > 0, visible: details.length > 0 },
  };
}

function choice(item: { id: string; name: string }): AreaChoice {
  return { value: item.id, label: item.name };
}

/**
 * The selection after the user set `level` to `value`: that level takes the value (or "" when it
 * is not one of the level's current choices), and every level below is cleared. Choosing the value
 * already chosen changes nothing.
 */
export function nextAreaSelection(current: AreaSelection, level: AreaLevel, value: string): AreaSelection {
  if (current[level] === value) return current;
  const allowed = choicesFor(current)[level];
  const accepted = allowed.enabled && allowed.options.some((o) => o.value === value) ? value : "";
  const next: AreaSelection = { ...current, [level]: accepted };
  for (const below of levelsBelow(level)) next[below] = "";
  return next;
}

/**
 * A consistent selection from stored or submitted ids: missing parents are filled in from the
 * deepest known level (an area implies its prefecture and region; its group only when one was
 * given), and anything unknown or inconsistent is dropped with everything below it.
 */
export function selectionFrom(path: AreaPath | null | undefined): AreaSelection {
  const given = {
    region: path?.region ?? "",
    prefecture: path?.prefecture ?? "",
    group: path?.group ?? "",
    area: path?.area ?? "",
    area_detail: path?.area_detail ?? "",
  };
  const detailHit = findAreaDetail(given.area_detail);
  const areaHit = findArea(given.area) ?? detailHit;
  const groupHit = findGroup(given.group);
  const prefectureHit = findPrefecture(given.prefecture) ?? groupHit ?? areaHit;
  const filled: AreaSelection = {
    region: given.region || prefectureHit?.region.id || "",
    prefecture: given.prefecture || prefectureHit?.prefecture.id || "",
    group: given.group,
    area: given.area || areaHit?.area.id || "",
    area_detail: given.area_detail,
  };
  let selection: AreaSelection = { ...EMPTY_AREA_SELECTION };
  for (const level of AREA_LEVELS) {
    if (filled[level] === "") continue;
    const next = nextAreaSelection(selection, level, filled[level]);
    if (next[level] === "") break; // inconsistent: keep what is above it
    selection = next;
  }
  return selection;
}

export interface ChoiceGroup {
  /** The parent's id ("" for the top level). */
  key: string;
  /** The parent's name, for an <optgroup>; "" for the top level. */
  label: string;
  options: AreaChoice[];
}

/**
 * Every choice of a level, grouped by parent: what the selects offer before JavaScript runs (or
 * without it), when they cannot follow each other. The server checks the path (`isValidAreaPath`).
 */
export function allChoices(level: AreaLevel): ChoiceGroup[] {
  const prefectures = REGIONS.flatMap((r) => r.prefectures);
  switch (level) {
    case "region":
      return [{ key: "", label: "", options: REGIONS.map(choice) }];
    case "prefecture":
      return REGIONS.map((r) => ({ key: r.id, label: r.name, options: r.prefectures.map(choice) }));
    case "group":
      return prefectures
        .filter((p) => p.groups.length > 0)
        .map((p) => ({ key: p.id, label: p.name, options: p.groups.map(choice) }));
    case "area":
      return prefectures.map((p) => ({ key: p.id, label: p.name, options: p.areas.map(choice) }));
    case "area_detail":
      return prefectures
        .flatMap((p) => p.areas)
        .filter((a) => a.details.length > 0)
        .map((a) => ({ key: a.id, label: a.name, options: a.details.map(choice) }));
  }
}
