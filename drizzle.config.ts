import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; they are applied at start by the
// runtime migrator (drizzle-kit's own PGlite loads no extensions: stack-probe §6.8).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/.server/db/schema/index.ts",
  out: "./drizzle",
});
