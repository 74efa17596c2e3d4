import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, processStartTime } from "~/.server/db/lock";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

function sleeper(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(child);
  return new Promise((resolve) => child.once("spawn", () => resolve(child)));
}

describe("acquireDataDirLock", () => {
  it("creates the lock file and removes it on release", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
    const release = acquireDataDirLock(dir);
    expect(existsSync(path.join(dir, "db.lock"))).toBe(true);
    release();
    expect(existsSync(path.join(dir, "db.lock"))).toBe(false);
  });

  it("refuses a directory locked by another running process, naming it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
    const other = await sleeper();
    writeFileSync(path.join(dir, "db.lock"), String(other.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`pid ${other.pid}`);
  });

  it("refuses a second lock in the same process", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
  });

  it("takes over a lock left by a process that is gone (kill -9)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
    const other = await sleeper();
    writeFileSync(path.join(dir, "db.lock"), String(other.pid));
    other.kill("SIGKILL");
    await new Promise((resolve) => other.once("exit", resolve));
    const release = acquireDataDirLock(dir);
    release();
  });

  it("records who holds it: PID, start time, boot and a token", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
    const release = acquireDataDirLock(dir);
    const owner = JSON.parse(readFileSync(path.join(dir, "db.lock"), "utf8")) as Record<string, unknown>;
    expect(owner).toMatchObject({ pid: process.pid, startTime: processStartTime(process.pid) });
    expect(owner.token).toMatch(/^[0-9a-f]{16}$/);
    release();
  });

  it("refuses a lock of another running process in the new format", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
    const other = await sleeper();
    const owner = {
      pid: other.pid,
      startTime: processStartTime(other.pid!),
      bootId: readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim(),
      token: "0123456789abcdef",
    };
    writeFileSync(path.join(dir, "db.lock"), JSON.stringify(owner));
    expect(() => acquireDataDirLock(dir)).toThrow(`pid ${other.pid}`);
  });

  // The container case: the server was PID 1 (or any PID now reused by another program).
  it("takes over a lock naming PID 1, a live process that is not the server", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
    writeFileSync(path.join(dir, "db.lock"), "1"); // the old format: a bare PID
    acquireDataDirLock(dir)();
    writeFileSync(
      path.join(dir, "db.lock"),
      JSON.stringify({ pid: 1, startTime: "123456789", bootId: null, token: "x" }),
    );
    acquireDataDirLock(dir)();
  });

  it("takes over a lock whose PID is alive but started at another time (a reused PID)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
    const other = await sleeper();
    const startTime = String(Number(processStartTime(other.pid!)) - 1);
    writeFileSync(path.join(dir, "db.lock"), JSON.stringify({ pid: other.pid, startTime, token: "x" }));
    acquireDataDirLock(dir)();
  });

  it("takes over a lock naming our own PID from an earlier process (restarted as the same PID)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
    writeFileSync(
      path.join(dir, "db.lock"),
      JSON.stringify({ pid: process.pid, startTime: "1", token: "x" }),
    );
    acquireDataDirLock(dir)();
    writeFileSync(path.join(dir, "db.lock"), String(process.pid));
    acquireDataDirLock(dir)();
  });

  it("takes over a lock of another boot, and an empty or torn file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
    const bootId = "00000000-0000-0000-0000-000000000000";
    writeFileSync(
      path.join(dir, "db.lock"),
      JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid), bootId, token: "x" }),
    );
    acquireDataDirLock(dir)();
    writeFileSync(path.join(dir, "db.lock"), "");
    acquireDataDirLock(dir)();
    writeFileSync(path.join(dir, "db.lock"), '{"pid": 12');
    acquireDataDirLock(dir)();
  });

  it("release leaves a lock that is not its own", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
    const release = acquireDataDirLock(dir);
    writeFileSync(path.join(dir, "db.lock"), JSON.stringify({ pid: 1, startTime: "1", token: "theirs" }));
    release();
    expect(existsSync(path.join(dir, "db.lock"))).toBe(true);
  });
});
