import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/.server/db/client";
import { createPostgresDatabase, dropPostgresDatabase, testDatabaseUrl } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated empty PGlite data directory as a tar file (see tests/support/databases.ts). */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database to copy (`create database … template`), "" without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

/**
 * Once per `vitest run`: migrate one in-memory PGlite and keep its data directory as a tar file.
 * Each integration test's fresh PGlite is loaded from it (about 0.4 s) instead of applying every
 * migration again (1.5–2.5 s, more on a busy machine). The template is made from this checkout's
 * migrations at the start of every run, so it can never be stale.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "yoru-pglite-template-"));
  const file = path.join(dir, "template.tar");
  const database = await openDatabase({ pgliteDir: "memory://", lock: false });
  try {
    if (database.listenTarget.kind !== "pglite") throw new Error("expected PGlite");
    const blob = await database.listenTarget.client.dumpDataDir("none");
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("pgliteTemplate", file);
  const postgresTemplate = testDatabaseUrl ? await migratedPostgresTemplate() : "";
  project.provide("postgresTemplate", postgresTemplate);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgresTemplate) await dropPostgresDatabase(postgresTemplate);
  };
}

/**
 * The same on PostgreSQL: one database migrated per run, closed, then copied by `create database …
 * template` for each test (about 40 ms instead of 0.5 s of migrations). A copy needs the template
 * to have no connection, so nothing but this function ever connects to it.
 */
async function migratedPostgresTemplate(): Promise<string> {
  const { name, url } = await createPostgresDatabase("vitest_template");
  try {
    const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
    await database.close();
  } catch (error) {
    await dropPostgresDatabase(name);
    throw error;
  }
  return name;
}
