/** The map's tiles as the loaders hand them to the page (from MAP_TILE_URL / MAP_TILE_ATTRIBUTION). */
export interface MapTiles {
  url: string;
  attribution: string;
}

/** The map pages' texts (Japanese, one place). */
export const MAP_TEXTS = {
  loading: "地図を読み込み中…",
  failed: "地図を読み込めませんでした。下の一覧からご覧ください。",
  noScript: "地図の表示にはJavaScriptが必要です。下の一覧からご覧ください。",
  keyboardHint: "矢印キーで移動、＋／−キーで拡大・縮小",
  me: "現在地",
  zoomIn: "拡大",
  zoomOut: "縮小",
} as const;
