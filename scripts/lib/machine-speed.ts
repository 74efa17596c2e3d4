/**
 * How fast the machine is right now: a fixed piece of work timed in this process and in
 * PostgreSQL. A shared VM's speed changes from one run to the next by a third or more without
 * reporting steal time (docs/benchmarks.md, fifth pass); printed beside a run's figures, it tells a
 * slow spell from a slow change. Lower is faster; compare runs by these numbers before comparing
 * their latencies.
 */
import { createHash } from "node:crypto";
import pg from "pg";

export interface MachineSpeed {
  /** Milliseconds for 64 SHA-256 digests of 1 MiB in this process (the best of three). */
  nodeMs: number;
  /** Milliseconds for PostgreSQL to sum two million generated numbers (the best of three), or undefined without a URL. */
  databaseMs: number | undefined;
}

const MIB = Buffer.alloc(1024 * 1024, 7);

function nodeWork(): number {
  const start = performance.now();
  for (let i = 0; i < 64; i++) createHash("sha256").update(MIB).digest();
  return performance.now() - start;
}

async function databaseWork(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      await client.query("select sum(n) from generate_series(1, 2000000) as n");
      best = Math.min(best, performance.now() - start);
    }
    return best;
  } finally {
    await client.end();
  }
}

export async function machineSpeed(databaseUrl: string | undefined): Promise<MachineSpeed> {
  const nodeMs = Math.min(nodeWork(), nodeWork(), nodeWork());
  return { nodeMs, databaseMs: databaseUrl ? await databaseWork(databaseUrl) : undefined };
}

export function describeSpeed(before: MachineSpeed, after: MachineSpeed): string {
  const fmt = (s: MachineSpeed) =>
    `Node ${s.nodeMs.toFixed(0)} ms${s.databaseMs === undefined ? "" : `, PostgreSQL ${s.databaseMs.toFixed(0)} ms`}`;
  return `Machine speed (fixed work, lower is faster) before: ${fmt(before)}; after: ${fmt(after)}`;
}
