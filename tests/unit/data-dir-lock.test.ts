import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "~/.server/db/lock";

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
});
