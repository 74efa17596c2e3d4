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

// The SSR build's entry is our start-up code (server/main.ts), which mounts the React Router
// request handler; server.js only boots it. This keeps every line of server code in TypeScript.
export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/main.ts" } : undefined,
  },
  resolve: {
    tsconfigPaths: true,
  },
  ssr: {
    external: ["@electric-sql/pglite", "pg", "sharp", "better-auth"],
  },
  plugins: [browserPhoneMetadata(), tailwindcss(), reactRouter()],
}));
