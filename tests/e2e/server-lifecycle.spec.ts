import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { spawnServer } from "./support/spawn-server";

// The built server as an operator runs it: it starts on an empty directory, and on SIGTERM it
// closes the embedded database cleanly and gives the directory back.
test("the server checkpoints, closes the database and releases the lock on SIGTERM", async () => {
  test.setTimeout(120_000);
  const server = await spawnServer(3298);
  expect(existsSync(path.join(server.dataDir, "db.lock"))).toBe(true);
  expect(await server.stop()).toBe(0);
  expect(server.output()).toContain("SIGTERM: closing");
  expect(server.output()).toContain("[db] closed");
  expect(existsSync(path.join(server.dataDir, "db.lock"))).toBe(false);
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
