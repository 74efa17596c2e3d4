// Builds the production bundle (react-router build) when build/ is missing or older than the
// sources: `npm start` and `npm run bench` serve the build, and a stale one would measure or serve
// code that is no longer there.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];
const BUILT = "build/server/index.js";

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Builds when needed; exits the process with the build's status when it fails. */
export function buildIfStale(label) {
  const stale = !existsSync(BUILT) || Math.max(...SOURCES.map(newestMtime)) > statSync(BUILT).mtimeMs;
  if (!stale) return;
  console.log(`[${label}] building (react-router build)…`);
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
