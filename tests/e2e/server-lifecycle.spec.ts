import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The built server as an operator runs it: it starts on an empty directory, and on SIGTERM it
// closes the embedded database cleanly and gives the directory back.
test("the server checkpoints, closes the database and releases the lock on SIGTERM", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "yoru-lifecycle-"));
  const port = 3298;
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));

  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 90_000 },
    )
    .toBe(200);
  expect(existsSync(path.join(dataDir, "db.lock"))).toBe(true);

  child.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(output).toContain("SIGTERM: closing");
  expect(output).toContain("[db] closed");
  expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
});

test("a malformed variable stops the server with a message naming it", async () => {
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, PORT: "not-a-port" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code).toBe(1);
  expect(stderr).toContain("PORT:");
});
