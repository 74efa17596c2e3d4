/**
 * Throw-away PostgreSQL databases and shared helpers of the live bench (ADR 0043): a database is
 * created next to DATABASE_URL's, named after it (whoever owns that name owns this one too), and
 * dropped at the end, as the gifts bench does; the caller migrates it by opening it.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import pg from "pg";

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function run(url: string, text: string, values: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Drops the database once its connections are gone (2 s at most, then by force): a pool's end()
 * resolves before its sockets close, and a connection cut by the drop is logged as lost.
 */
async function drop(url: string, name: string): Promise<void> {
  const connected = "select 1 from pg_stat_activity where datname = $1";
  for (let i = 0; i < 40 && (await run(url, connected, [name])) > 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await run(url, `drop database if exists "${name}" with (force)`);
}

/** An empty database `<DATABASE_URL's name>_<label>_<random>` on the same server. */
export async function createScratchDatabase(url: string, label: string): Promise<ScratchDatabase> {
  const base = decodeURIComponent(new URL(url).pathname.slice(1)) || "bench";
  const name = `${base}_${label}_${randomBytes(4).toString("hex")}`;
  await run(url, `create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    name,
    drop: () => drop(url, name),
  };
}

/** The 1/5/15-minute load averages, as the other sections print them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** `1,234` */
export const count = (n: number) => n.toLocaleString("en-US");
