/** The words of the "live now" strip, apart from `LIVE_UI` so the top page carries only these. */
export const LIVE_NOW_UI = {
  live: "LIVE",
  liveNow: "ライブ配信中",
};
