import { createRequire } from "node:module";
import path from "node:path";
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
  plugins: [browserPhoneMetadata(), tailwindcss(), reactRouter()],
}));
