/** A subdivision of an area (e.g. 歌舞伎町 一丁目). */
export interface AreaDetail {
  id: string;
  name: string;
  name_kana: string;
}

/** A nightlife district (繁華街). lat/lng = approximate centre of the district (WGS84), used to place demo stores. */
export interface Area {
  id: string;
  name: string;
  name_kana: string;
  details: AreaDetail[];
  lat: number;
  lng: number;
}

/** A set of areas inside one prefecture (e.g. 新宿, ミナミ). */
export interface AreaGroup {
  id: string;
  name: string;
  name_kana: string;
  areaIds: string[];
}

export interface Prefecture {
  id: string;
  /** JIS X 0401 prefecture code, 1 (北海道) … 47 (沖縄県). */
  code: number;
  name: string;
  name_kana: string;
  groups: AreaGroup[];
  areas: Area[];
}

export interface Region {
  id: string;
  name: string;
  name_kana: string;
  prefectures: Prefecture[];
}

export type AreaNodeType = "region" | "prefecture" | "group" | "area" | "area_detail";

/** One node of the tree served by `GET /api/areas`. */
export interface AreaTreeNode {
  id: string;
  name: string;
  name_kana: string;
  type: AreaNodeType;
  /** The centre (WGS84) of an area, or the mean of its areas' centres for a group or prefecture. */
  lat?: number;
  lng?: number;
  children: AreaTreeNode[];
}

/** Ids as stored on a store (empty string or null = not set). */
export interface AreaPath {
  region?: string | null;
  prefecture?: string | null;
  group?: string | null;
  area?: string | null;
  area_detail?: string | null;
}
