/**
 * CPU time spent per request by the server process and by the PostgreSQL backends serving it,
 * read from /proc (Linux). Unlike latency, these figures hardly move when other work shares the
 * machine: they say what a request costs, which is what an optimisation changes.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import pg from "pg";

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process (and its threads) in milliseconds; 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    // Fields after the command name (which may contain spaces) start at state; utime and stime
    // are fields 14 and 15 of the whole line.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export interface CpuSnapshot {
  server: number;
  database: Map<number, number>;
}

export interface CpuPerRequest {
  serverMs: number;
  /** Undefined on PGlite (the database runs inside the server process and is counted there). */
  databaseMs: number | undefined;
}

/** Measures the server process and, with a PostgreSQL URL, the backends of its database. */
export function cpuMeter(serverPid: number, databaseUrl: string | undefined) {
  const client = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  let connected: Promise<unknown> | undefined;

  async function backends(): Promise<number[]> {
    if (!client) return [];
    connected ??= client.connect();
    await connected;
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows.map((row) => row.pid);
  }

  return {
    async snapshot(): Promise<CpuSnapshot> {
      const database = new Map<number, number>();
      for (const pid of await backends()) database.set(pid, cpuMsOf(pid));
      return { server: cpuMsOf(serverPid), database };
    },
    /** Per request between two snapshots; a backend that appeared in between counts from zero. */
    async perRequest(before: CpuSnapshot, requests: number): Promise<CpuPerRequest> {
      const after = await this.snapshot();
      let database = 0;
      for (const [pid, ms] of after.database) database += ms - (before.database.get(pid) ?? 0);
      const n = Math.max(1, requests);
      return { serverMs: (after.server - before.server) / n, databaseMs: client ? database / n : undefined };
    },
    async close() {
      if (connected) await client?.end();
    },
  };
}
