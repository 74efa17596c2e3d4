import type { Page } from "@playwright/test";

/**
 * Every request of the page, to prove the map pages load their tiles from MAP_TILE_URL (a local
 * fixture in this suite: tests/e2e/support/tile-server.ts) and never from OpenStreetMap.
 */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

export const toOpenStreetMap = (urls: string[]) => urls.filter((url) => /openstreetmap\.org/i.test(url));
export const tileRequests = (urls: string[]) =>
  urls.filter((url) => /\/tiles\/\d+\/\d+\/\d+\.png$/.test(url));

/** "350 m", "1.2 km" → metres (what formatDistance prints). */
export function metresOf(text: string): number {
  const match = /([\d.]+)\s*(k?m)/.exec(text);
  if (!match) throw new Error(`not a distance: ${text}`);
  return Number(match[1]) * (match[2] === "km" ? 1000 : 1);
}

/** The centre of the demo store's area, 歌舞伎町 (app/domain/areas/kanto.ts). */
export const KABUKICHO = { latitude: 35.695, longitude: 139.703 };
