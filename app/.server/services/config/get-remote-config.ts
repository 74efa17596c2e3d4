import { eq } from "drizzle-orm";
import {
  fitsRemoteConfigKey,
  REMOTE_CONFIG_KEY_NAMES,
  REMOTE_CONFIG_KEYS,
  type RemoteConfigKey,
} from "~/domain/remote-config";
import type { Db } from "../../db/client";
import { remoteConfigValues, user } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";

export interface RemoteConfigEntry {
  key: RemoteConfigKey;
  /** The value in force (the operator's, or the default). */
  value: string | number | boolean;
  /** Set by an operator (and still valid); false: the default. */
  set: boolean;
  /** A stored value the key no longer accepts (its type or bounds changed in the code). */
  ignored: boolean;
  updated_at: Date | null;
  updated_by: string | null;
}

/** Every key of the remote configuration with its value in force and who set it, in code order. */
export async function getRemoteConfig({
  db,
  actor,
}: {
  db: Db;
  actor: SignedInOperator;
}): Promise<RemoteConfigEntry[]> {
  await assertOperator(db, actor);
  const rows = await db
    .select({
      key: remoteConfigValues.key,
      value: remoteConfigValues.value,
      updated_at: remoteConfigValues.updated_at,
      updated_by: user.email,
    })
    .from(remoteConfigValues)
    .leftJoin(user, eq(user.id, remoteConfigValues.updated_by));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return REMOTE_CONFIG_KEY_NAMES.map((key) => {
    const definition = REMOTE_CONFIG_KEYS[key];
    const row = byKey.get(key);
    const valid = row !== undefined && fitsRemoteConfigKey(definition, row.value);
    return {
      key,
      value: valid ? row.value : definition.default,
      set: valid,
      ignored: row !== undefined && !valid,
      updated_at: row?.updated_at ?? null,
      updated_by: row?.updated_by ?? null,
    };
  });
}
