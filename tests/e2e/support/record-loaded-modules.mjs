// Preloaded into a spawned server with `--import` (NODE_OPTIONS): records every module the process
// loads — ES modules through a load hook (which sees CommonJS files imported from ES modules too),
// CommonJS files required by CommonJS from `require.cache` — and writes their URLs, one a line, to
// LOADED_MODULES_FILE when the process exits. Used by tests/e2e/platform/server-router-build.spec.ts.
import { writeFileSync } from "node:fs";
import { createRequire, register } from "node:module";
import { pathToFileURL } from "node:url";
import { isMainThread, MessageChannel } from "node:worker_threads";

let hookPort;

/** Module hook (runs on the hooks thread): receives the port to report to. */
export function initialize(data) {
  hookPort = data.port;
}

/** Module hook: reports each URL before it is loaded. */
export async function load(url, context, nextLoad) {
  hookPort?.postMessage(url);
  return nextLoad(url, context);
}

const file = process.env.LOADED_MODULES_FILE;
// The hooks thread (and any worker) evaluates this file too: only the main thread registers.
if (isMainThread && file) {
  const loaded = new Set();
  const { port1, port2 } = new MessageChannel();
  port1.on("message", (url) => loaded.add(url));
  port1.unref();
  register(import.meta.url, { data: { port: port2 }, transferList: [port2] });
  process.on("exit", () => {
    const require = createRequire(import.meta.url);
    for (const path of Object.keys(require.cache)) loaded.add(pathToFileURL(path).href);
    writeFileSync(file, [...loaded].join("\n"));
  });
}
