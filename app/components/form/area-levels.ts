/**
 * The five levels of the area picker and their labels (docs/product.md), apart from the area tree:
 * the picker's light shell (area-picker.tsx) shows them before the tree has loaded.
 */
export const AREA_LEVELS = ["region", "prefecture", "group", "area", "area_detail"] as const;
export type AreaLevel = (typeof AREA_LEVELS)[number];

export const AREA_LEVEL_LABELS: Record<AreaLevel, string> = {
  region: "地方",
  prefecture: "都道府県",
  group: "エリアグループ",
  area: "エリア",
  area_detail: "詳細エリア",
};
