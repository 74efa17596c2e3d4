import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect, test } from "@playwright/test";
import { spawnServer } from "../support/spawn-server";

// The built server runs exactly one copy of React Router, its production build (vite.config.ts:
// the SSR build bundles `react-router` from dist/production with its Node adapters). The server is
// started with a preload that records every module the process loads; after a page is rendered
// the list must hold no React Router package from node_modules and one router, in the bundle,
// without the development build's warnings.

const ROOT = path.resolve(fileURLToPath(import.meta.url), "../../../..");
const PRELOAD = pathToFileURL(path.join(ROOT, "tests/e2e/support/record-loaded-modules.mjs")).href;
/** A development-only warning of React Router: its production build drops it with its branch. */
const DEV_ONLY = "No routes matched location";
const copiesOfRouter = (source: string) => source.match(/function matchRoutesImpl\(/g)?.length ?? 0;

test("the built server loads one React Router, the production build", async () => {
  test.setTimeout(120_000);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "yoru-modules-")), "loaded.txt");
  const server = await spawnServer(3263, {
    SEED_DEMO: "true",
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${PRELOAD}`,
    LOADED_MODULES_FILE: file,
  });
  for (const page of ["/", "/search/staff"]) {
    const response = await fetch(`${server.baseUrl}${page}`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    await response.text();
  }
  expect(await server.stop()).toBe(0);

  const loaded = readFileSync(file, "utf8").split("\n");
  // The recorder works: it saw the server's bundle and React (from node_modules, by design).
  expect(loaded.some((url) => url.includes("/build/server/"))).toBe(true);
  expect(loaded.some((url) => url.includes("/node_modules/react-dom/"))).toBe(true);

  // No React Router from node_modules: any would be a second copy (or the only, development one).
  expect(loaded.filter((url) => /\/node_modules\/(react-router|@react-router\/[^/]+)\//.test(url))).toEqual(
    [],
  );

  const bundle = loaded
    .filter((url) => url.startsWith("file:") && url.includes("/build/server/"))
    .map((url) => readFileSync(fileURLToPath(url), "utf8"));
  expect(bundle.reduce((n, source) => n + copiesOfRouter(source), 0)).toBe(1);
  // The marker means something: the development build has it, the production build lacks it.
  const development = path.join(ROOT, "node_modules/react-router/dist/development");
  expect(readDevelopmentRouter(development)).toContain(DEV_ONLY);
  expect(bundle.some((source) => source.includes(DEV_ONLY))).toBe(false);
  // ADR 0041's route-match memo is patched into the production build too (patches/).
  expect(bundle.some((source) => source.includes("__matchCaches"))).toBe(true);
  // ADR 0064: the server routes of the build are built once.
  for (const memo of ["__entryRouteModules", "__serverRoutesCache", "__staticDataRoutes"]) {
    expect(bundle.some((source) => source.includes(memo))).toBe(true);
  }
});

/** The development build's module that defines the router (the one with `matchRoutesImpl`). */
function readDevelopmentRouter(dir: string): string {
  const index = readFileSync(path.join(dir, "index.mjs"), "utf8");
  for (const [, chunk] of index.matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)) {
    const source = readFileSync(path.join(dir, chunk!), "utf8");
    if (copiesOfRouter(source) > 0) return source;
  }
  return "";
}
