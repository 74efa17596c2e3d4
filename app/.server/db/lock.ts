import { randomBytes } from "node:crypto";
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is already open in another process (pid ${pid}). ` +
        "PGlite has no lock of its own and two processes would silently lose data: stop the other " +
        "process, or use another DATA_DIR, or set DATABASE_URL to use PostgreSQL.",
    );
    this.name = "DataDirLockedError";
  }
}

/**
 * Who holds a lock. A PID alone names a process only while it runs: after a restart the number
 * comes back for someone else (PID 1 in every container, a recycled PID on a busy host), so the
 * lock also records when that process started (`/proc/<pid>/stat`, field 22, ticks since boot)
 * and which boot it was (`/proc/sys/kernel/random/boot_id`). The holder is alive only when all
 * three still match (ADR 0017). The token tells two locks of the same process apart.
 */
export interface LockOwner {
  pid: number;
  /** Start time of the process in clock ticks since boot; null where /proc does not exist. */
  startTime: string | null;
  bootId: string | null;
  token: string;
}

function readProc(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
export function processStartTime(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields[19] ?? null; // fields[0] is field 3 (state)
}

function bootId(): string | null {
  return readProc("/proc/sys/kernel/random/boot_id")?.trim() || null;
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The owner recorded in a lock file: JSON, or a bare PID (files written before ADR 0017). */
function parseLockFile(text: string): LockOwner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), startTime: null, bootId: null, token: "" };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isSafeInteger(value.pid) || (value.pid as number) <= 0) return null;
    return {
      pid: value.pid as number,
      startTime: typeof value.startTime === "string" ? value.startTime : null,
      bootId: typeof value.bootId === "string" ? value.bootId : null,
      token: typeof value.token === "string" ? value.token : "",
    };
  } catch {
    return null; // an empty or torn file: nobody we can name holds it
  }
}

/**
 * Whether the process that wrote the lock still runs. With /proc (Linux, containers) the PID must
 * exist in this boot with the same start time; a lock in the old format (a bare PID) is held only
 * by a live Node process that is not us. Without /proc (macOS) only the PID can be checked.
 */
export function ownerIsRunning(owner: LockOwner, self: LockOwner): boolean {
  if (owner.bootId && self.bootId && owner.bootId !== self.bootId) return false; // the machine rebooted
  if (owner.pid === self.pid) {
    // Our own PID: this very process only if it started at the recorded time (a restarted
    // container's server is PID 1 again, but a new process). Without /proc we cannot tell: held.
    if (self.startTime === null) return true;
    return owner.startTime === self.startTime;
  }
  if (!pidExists(owner.pid)) return false;
  const startTime = processStartTime(owner.pid);
  if (startTime === null) return true; // no /proc: the PID is all there is
  if (owner.startTime !== null) return owner.startTime === startTime;
  // Old format: a live process under that PID holds it only if it is a Node process.
  const argv0 = (readProc(`/proc/${owner.pid}/cmdline`) ?? "").split("\0")[0] ?? "";
  return /node/.test(path.basename(argv0));
}

const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EXDEV"]);

/** link(draft → file); on a file system without hard links, O_EXCL creation of the file itself. */
function placeLock(draft: string, file: string, content: string): void {
  try {
    linkSync(draft, file);
  } catch (error) {
    if (!NO_HARD_LINKS.has((error as NodeJS.ErrnoException).code ?? "")) throw error;
    const fd = openSync(file, "wx");
    writeSync(fd, content);
    closeSync(fd);
  }
}

/**
 * Takes an exclusive lock on a data directory by creating `<dir>/db.lock` (link(2), fails if it exists). A lock
 * whose holder no longer runs (kill -9, a container restarted so that its PID now names someone
 * else) is taken over. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "db.lock");
  const self: LockOwner = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    bootId: bootId(),
    token: randomBytes(8).toString("hex"),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    // Written whole under a name of our own, then linked into place: link() fails when the lock
    // exists, and nobody ever reads a lock file half written.
    const draft = `${file}.${self.token}`;
    const fd = openSync(draft, "wx");
    writeSync(fd, JSON.stringify(self));
    closeSync(fd);
    try {
      try {
        placeLock(draft, file, JSON.stringify(self));
      } finally {
        rmSync(draft, { force: true });
      }
      // Two processes taking over the same stale lock at once: each removed it and placed its own,
      // so one may have removed the other's. Whoever finds another token in the file stands back.
      const placed = parseLockFile(readProc(file) ?? "");
      if (placed?.token !== self.token) throw new DataDirLockedError(dataDir, placed?.pid ?? 0);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // Only our own lock: one taken over by someone else after all stays theirs.
        const current = parseLockFile(readProc(file) ?? "");
        if (current?.token === self.token) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = parseLockFile(readProc(file) ?? "");
      if (owner && ownerIsRunning(owner, self)) throw new DataDirLockedError(dataDir, owner.pid);
      // Taking over: move the stale lock aside (rename is atomic), then make sure what was moved is
      // the lock judged stale and not a fresh one another process placed meanwhile (it goes back).
      const aside = `${file}.stale.${self.token}`;
      try {
        renameSync(file, aside);
      } catch (renameError) {
        if ((renameError as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw renameError;
      }
      const moved = parseLockFile(readProc(aside) ?? "");
      if (moved && moved.token !== owner?.token) {
        try {
          linkSync(aside, file);
        } catch {
          // a third lock is in place already: it stands
        }
        rmSync(aside, { force: true });
        throw new DataDirLockedError(dataDir, moved.pid);
      }
      rmSync(aside, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
