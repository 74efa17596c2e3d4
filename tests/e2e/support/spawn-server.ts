import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

export interface SpawnedServer {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * A second, private instance of the built server on its own empty data directory, for tests that
 * must not disturb the shared one (shutdown, exhausting a rate limit).
 */
export async function spawnServer(port: number, env: Record<string, string> = {}): Promise<SpawnedServer> {
  // A restart test passes the first server's DATA_DIR to the second.
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "yoru-private-"));
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: "",
      SEED_DEMO: "false",
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseUrl}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 90_000 },
    )
    .toBe(200);
  return {
    baseUrl,
    dataDir,
    child,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      return exited;
    },
  };
}
