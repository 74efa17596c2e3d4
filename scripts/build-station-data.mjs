#!/usr/bin/env node
import { writeFileSync } from "node:fs";
/**
 * Builds app/.server/integrations/stations/station-data.json, the station data the store profile's
 * access chooser and `GET /api/stations` read (ADR 0056), from the npm package japan-train-data
 * 0.6.0 (MIT; its stations, lines and coordinates come from 駅データ.jp). Only the Japanese station
 * and line names and the coordinates are kept (not the package's machine
 * translations or reverse-geocoded addresses); operator names changed since the package's data
 * (2017) are brought up to date by RENAMES below.
 *
 *   npm pack japan-train-data@0.6.0 && tar xzf japan-train-data-0.6.0.tgz
 *   node scripts/build-station-data.mjs package/dist/bundle.cjs.js
 */
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const source = process.argv[2];
if (!source) {
  console.error("usage: node scripts/build-station-data.mjs <japan-train-data/dist/bundle.cjs.js>");
  process.exit(2);
}

/** Line names as the operators use them now (the package's data is from May 2017). */
const RENAMES = [
  // Osaka Municipal Subway became Osaka Metro on 2018-04-01.
  [/^大阪市営地下鉄(.+)$/, "Osaka Metro$1"],
  [/^ニュートラム$/, "Osaka Metro南港ポートタウン線"],
];

/** Services the data lists as lines, which nobody gives as a way to a store. */
const SKIPPED_LINES = new Set(["JR成田エクスプレス"]);

/**
 * A line's name as a page shows it: the data's section qualifiers dropped ("JR東海道本線(東京～熱海)"
 * is the JR東海道本線 of every section), other parentheses ("JR中央線(快速)") kept, full-width.
 */
const lineName = (name) => {
  let renamed = name.trim().replace(/\([^()]*[～~][^()]*\)$/, "");
  for (const [pattern, replacement] of RENAMES) renamed = renamed.replace(pattern, replacement);
  return renamed.replace(/\(/g, "（").replace(/\)/g, "）");
};
// NFKC keeps the data's full-width parentheses as ASCII ones; put them back as full-width.
const stationName = (name) => name.normalize("NFKC").trim().replace(/\(/g, "（").replace(/\)/g, "）");
const round6 = (value) => Math.round(value * 1e6) / 1e6;

const { prefectures } = createRequire(import.meta.url)(path.resolve(source));
const lines = [];
const lineIndex = new Map();
const seen = new Set();
const stations = [];
for (const prefecture of prefectures) {
  for (const line of prefecture.lines) {
    const name = lineName(line.name.ja);
    if (SKIPPED_LINES.has(line.name.ja)) continue;
    for (const station of line.stations) {
      const { lat, lng } = station.location;
      if (typeof lat !== "number" || typeof lng !== "number") continue;
      // A line is listed under every prefecture it crosses, and a station where two sections of
      // one line meet twice: one row per station, line and place.
      const key = `${stationName(station.name.ja)}|${name}|${lat.toFixed(3)}|${lng.toFixed(3)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (!lineIndex.has(name)) {
        lineIndex.set(name, lines.length);
        lines.push(name);
      }
      stations.push([stationName(station.name.ja), lineIndex.get(name), round6(lat), round6(lng)]);
    }
  }
}
stations.sort((a, b) => a[0].localeCompare(b[0], "ja") || a[1] - b[1]);

const out = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../app/.server/integrations/stations/station-data.json",
);
const body = {
  source:
    "japan-train-data 0.6.0 (npm, MIT; data of 駅データ.jp, https://ekidata.jp/, May 2017), built by scripts/build-station-data.mjs (ADR 0056)",
  fields: ["station", "line", "lat", "lng"],
  lines,
  // One station of one line a row: [name, index into lines, lat, lng].
  stations,
};
// Laid out as the formatter (biome) writes it: one line and one station a line.
const list = (items, show) => `[\n${items.map((item) => `    ${show(item)}`).join(",\n")}\n  ]`;
const text = [
  "{",
  `  "source": ${JSON.stringify(body.source)},`,
  `  "fields": ${JSON.stringify(body.fields).replace(/,/g, ", ")},`,
  `  "lines": ${list(lines, (line) => JSON.stringify(line))},`,
  `  "stations": ${list(stations, (row) => JSON.stringify(row).replace(/,/g, ", "))}`,
  "}",
  "",
].join("\n");
writeFileSync(out, text);
console.log(`${stations.length} stations on ${lines.length} lines → ${path.relative(process.cwd(), out)}`);
