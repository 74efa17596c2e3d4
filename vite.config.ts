import { readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * In the browser, libphonenumber's `max` metadata (157 kB, precise digit patterns) resolves to the
 * `min` set (83 kB) the phone fields' as-you-type formatting already loads: the browser never
 * decides whether a number is valid — the server does, with `max` (validators.ts) — so the
 * registration pages carry one metadata set, not two. Server code (SSR, tests, scripts) keeps `max`.
 */
function browserPhoneMetadata(): Plugin {
  return {
    name: "browser-phone-metadata",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (source !== "libphonenumber-js/max" || this.environment.config.consumer !== "client") return null;
      return this.resolve("libphonenumber-js/min", importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * React Router's production build, for the server bundle. Its package (7.18.4) maps every import
 * condition to `dist/development` (there is no `production` condition to choose), so the built
 * server ran the router's development build from node_modules: the same code with its development
 * warnings on. The SSR build instead bundles `react-router` from `dist/production` with the Node
 * adapters that import it (`@react-router/express`, `@react-router/node`) and the router's own
 * dependencies, so the built server holds exactly one copy of the router, the production one
 * (docs/benchmarks.md "Server renders"; tests/e2e/platform/server-router-build.spec.ts). The
 * browser bundle, `npm run dev` and Vitest are left as they were.
 */
const ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production/index.mjs",
);
const ROUTER_BUNDLED = [
  "react-router",
  "@react-router/express",
  "@react-router/node",
  "cookie",
  "set-cookie-parser",
];

/**
 * The browser's chunks: React, React DOM and React Router in one file that every page loads (one
 * request, one compression), instead of three (scripts/page-weight.ts holds the budget).
 */
const CLIENT_CHUNKS = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
      priority: 20,
    },
  ],
};

/**
 * The browser's hashed assets compressed once, at the build, beside each file: `x.js.br` (brotli,
 * quality 11) and `x.js.gz` (gzip, level 9), which server/precompressed.ts sends to a browser
 * that takes them. Smaller than what `compression` makes on the fly (brotli quality 4, gzip
 * level 6: the JavaScript of `/` 14 % smaller in brotli 11 than in gzip 6), and no CPU per
 * request. Text assets of 1 kB and more (the threshold of server/compress.ts).
 */
const PRECOMPRESSED = /\.(?:js|mjs|css|svg|json)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function precompressAssets(): Plugin {
  let assets = "";
  return {
    name: "precompress-assets",
    apply: "build",
    configResolved(config) {
      // React Router's client build directory (its default, react-router.config.ts).
      assets = path.resolve(config.root, "build/client/assets");
    },
    // At the end of the client build, and again at the end of the server build: React Router
    // writes its manifest module (assets/manifest-*.js) while building the server.
    async closeBundle() {
      const names = new Set(await readdir(assets).catch(() => []));
      await Promise.all(
        [...names]
          .filter((name) => PRECOMPRESSED.test(name) && !names.has(`${name}.br`))
          .map(async (name) => {
            const file = path.join(assets, name);
            const source = await readFile(file);
            if (source.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipped(source, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}

// The SSR build's entry is our start-up code (server/main.ts), which mounts the React Router
// request handler; server.js only boots it. This keeps every line of server code in TypeScript.
export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/main.ts" } : { output: { codeSplitting: CLIENT_CHUNKS } },
  },
  resolve: {
    tsconfigPaths: true,
    alias: isSsrBuild ? [{ find: /^react-router$/, replacement: ROUTER_PRODUCTION }] : [],
  },
  ssr: {
    external: ["@electric-sql/pglite", "pg", "sharp", "better-auth"],
    noExternal: isSsrBuild ? ROUTER_BUNDLED : [],
  },
  plugins: [browserPhoneMetadata(), tailwindcss(), reactRouter(), precompressAssets()],
}));
