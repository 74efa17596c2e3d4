import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Data directories for the private servers of the end-to-end suite (docs/testing.md). A server
 * started on an empty directory spends most of its start creating and migrating the embedded
 * database (about 8 s of CPU, more with the demo data); the suite makes two migrated directories
 * once per run — one empty, one with the demo data — and every private server or operator command
 * starts from a copy. The shared server of each half still starts on a truly empty directory, as a
 * fresh clone does (tests/e2e/public/app-shell.spec.ts).
 */
export type DataDirTemplate = "empty" | "demo";

const ENV_NAME: Record<DataDirTemplate, string> = {
  empty: "E2E_TEMPLATE_EMPTY",
  demo: "E2E_TEMPLATE_DEMO",
};

/**
 * Where this run's directories go: one directory per run (`E2E_RUN_DIR`, made with the templates),
 * removed with them at the end (a private server's copy is some 60 MB; a whole run makes about
 * thirty, and `npm run test:e2e` puts its halves' shared servers there too).
 */
export function runDir(): string {
  return process.env.E2E_RUN_DIR ?? tmpdir();
}

/** A new directory holding a copy of the template (an empty one when the run made none). */
export function freshDataDir(template: DataDirTemplate, label = "private"): string {
  const dir = mkdtempSync(path.join(runDir(), `yoru-${label}-`));
  const source = process.env[ENV_NAME[template]];
  if (source) cpSync(source, dir, { recursive: true });
  return dir;
}

async function healthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the template server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the template server did not answer ${url} within ${timeoutMs} ms`);
}

/** Starts the built server on an empty directory until it answers, then stops it (SIGTERM). */
async function makeTemplate(template: DataDirTemplate, port: number): Promise<string> {
  const dir = mkdtempSync(path.join(runDir(), `yoru-template-${template}-`));
  let output = "";
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      DATABASE_URL: "",
      NODE_ENV: "development",
      SEED_DEMO: template === "demo" ? "true" : "false",
      BASE_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    await healthy(`http://127.0.0.1:${port}/api/health`, child, 120_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  child.kill("SIGTERM");
  await exited;
  // The lock names this (ended) process; a copy must not carry it.
  rmSync(path.join(dir, "db.lock"), { force: true });
  return dir;
}

/**
 * Makes the run's directory and both templates in it (one after the other: each start is CPU-bound)
 * and names them in the environment; the answer removes the run's directory with all it holds.
 */
export async function makeDataDirTemplates(basePort: number): Promise<() => void> {
  const run = mkdtempSync(path.join(tmpdir(), "yoru-e2e-run-"));
  process.env.E2E_RUN_DIR = run;
  const empty = await makeTemplate("empty", basePort);
  const demo = await makeTemplate("demo", basePort + 1);
  process.env[ENV_NAME.empty] = empty;
  process.env[ENV_NAME.demo] = demo;
  return () => rmSync(run, { recursive: true, force: true });
}
