import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
  plugins: [tailwindcss(), reactRouter()],
}));
