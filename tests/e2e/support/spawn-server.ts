import { type ChildProcess, spawn } from "node:child_process";
import { expect } from "@playwright/test";
import { freshDataDir } from "./data-dirs";

export interface SpawnedServer {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * A second, private instance of the built server on a data directory of its own, for tests that
 * must not disturb the shared one (shutdown, exhausting a rate limit). Without `DATA_DIR` it starts
 * from a copy of the run's migrated template — with the demo data when `SEED_DEMO` is "true"
 * (tests/e2e/support/data-dirs.ts).
 */
export async function spawnServer(port: number, env: Record<string, string> = {}): Promise<SpawnedServer> {
  // A restart test passes the first server's DATA_DIR to the second.
  const dataDir = env.DATA_DIR ?? freshDataDir(env.SEED_DEMO === "true" ? "demo" : "empty");
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
