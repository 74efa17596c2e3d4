import {
  type RemoteConfigKey,
  type RemoteConfigValue,
  type RemoteConfigValues,
  resolveRemoteConfig,
} from "~/domain/remote-config";
import type { Db, Tx } from "../../db/client";
import { remoteConfigValues } from "../../db/schema";

/**
 * The server's accessor of the remote configuration (ADR 0033):
 *
 *   const max = await remoteConfigValue(db, "live_max_viewers");   // a number, never undefined
 *
 * Every key has a value: the operator's when set and still valid, the code's default otherwise.
 * Read at most every `REMOTE_CONFIG_TTL_MS` per process and database (a handful of rows, but a
 * live comment should not query it each time); a change made in this process is seen at once,
 * one made in another process within the TTL. Inside a transaction, pass it to read fresh.
 */
export const REMOTE_CONFIG_TTL_MS = 5_000;

const cache = new WeakMap<Db | Tx, { at: number; values: Promise<RemoteConfigValues> }>();

export function readRemoteConfig(
  db: Db | Tx,
  { now = Date.now(), fresh = false }: { now?: number; fresh?: boolean } = {},
): Promise<RemoteConfigValues> {
  const hit = cache.get(db);
  if (!fresh && hit && now - hit.at < REMOTE_CONFIG_TTL_MS) return hit.values;
  const values = db
    .select({ key: remoteConfigValues.key, value: remoteConfigValues.value })
    .from(remoteConfigValues)
    .then((rows) => resolveRemoteConfig(Object.fromEntries(rows.map((row) => [row.key, row.value]))));
  cache.set(db, { at: now, values });
  // A failed reading is not kept.
  values.catch(() => cache.delete(db));
  return values;
}

export async function remoteConfigValue<K extends RemoteConfigKey>(
  db: Db | Tx,
  key: K,
): Promise<RemoteConfigValue<K>> {
  return (await readRemoteConfig(db))[key];
}

/** Forgets this process's reading, after a change (the console's save). */
export function forgetRemoteConfig(db: Db | Tx): void {
  cache.delete(db);
}
