import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { spawnServer } from "./support/spawn-server";

// The built server as an operator runs it: it starts on an empty directory, and on SIGTERM it
// closes the embedded database cleanly and gives the directory back.
test("the server checkpoints, closes the database and releases the lock on SIGTERM", async () => {
  test.setTimeout(120_000);
  // An empty directory of its own (not a migrated template): the first start is the point.
  const server = await spawnServer(3298, { DATA_DIR: mkdtempSync(path.join(tmpdir(), "yoru-lifecycle-")) });
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

test("a taken port stops the server with a message and gives the data directory back", async () => {
  test.setTimeout(120_000);
  const blocker = createServer().listen(3297, "127.0.0.1");
  await new Promise((resolve) => blocker.once("listening", resolve));
  const dataDir = mkdtempSync(path.join(tmpdir(), "yoru-port-"));
  try {
    const child = spawn(process.execPath, ["server.js"], {
      env: { ...process.env, PORT: "3297", DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("cannot listen on port 3297");
    expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
  } finally {
    blocker.close();
  }
});

// Several workers need PostgreSQL (PGlite is one process): run where CI provides one.
const adminUrl = process.env.TEST_DATABASE_URL?.trim();
if (adminUrl) {
  test("WEB_CONCURRENCY=2 on PostgreSQL: two workers serve, a dead one is replaced, SIGTERM stops all", async () => {
    test.setTimeout(120_000);
    const name = `lifecycle_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const server = await spawnServer(3296, { DATABASE_URL: url.toString(), WEB_CONCURRENCY: "2" });
      const workerPids = () =>
        [...server.output().matchAll(/\[http\] .*worker \d+, 2 in all, pid (\d+)\)/g)].map((m) =>
          Number(m[1]),
        );
      await expect.poll(() => workerPids().length).toBe(2);
      const [first, second] = workerPids();
      expect(first).not.toBe(second);
      expect(first).not.toBe(server.child.pid);

      process.kill(first!, "SIGKILL");
      await expect.poll(() => workerPids().length, { timeout: 30_000 }).toBe(3);
      expect(server.output()).toMatch(/worker \d+ died \(SIGKILL\); starting another/);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);

      expect(await server.stop()).toBe(0);
      expect(server.output()).toContain("[db] closed");
      for (const pid of workerPids()) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
}
