import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/.server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated empty PGlite data directory as a tar file (see tests/support/databases.ts). */
    pgliteTemplate: string;
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
  return () => rmSync(dir, { recursive: true, force: true });
}
