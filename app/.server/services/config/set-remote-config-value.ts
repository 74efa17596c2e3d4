import { eq } from "drizzle-orm";
import {
  fitsRemoteConfigKey,
  parseRemoteConfigInput,
  REMOTE_CONFIG_KEYS,
  REMOTE_CONFIG_MESSAGES,
  type RemoteConfigKey,
} from "~/domain/remote-config";
import type { Db } from "../../db/client";
import { remoteConfigValues } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { forgetRemoteConfig } from "../shared/remote-config";

export type SetRemoteConfigResult =
  | { ok: true; changed: boolean }
  | { ok: false; error: "invalid"; message: string };

/**
 * The operator sets one key of the remote configuration (`raw` as typed, checked against the
 * key's type and bounds, with a Japanese message when it does not fit) or, with `reset`, gives it
 * back its default. Audited with the value before and after.
 */
export async function setRemoteConfigValue({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  input: { key: string } & ({ reset: true } | { reset?: false; raw: string });
  now?: Date;
}): Promise<SetRemoteConfigResult> {
  if (!Object.hasOwn(REMOTE_CONFIG_KEYS, input.key))
    return { ok: false, error: "invalid", message: REMOTE_CONFIG_MESSAGES.unknown_key };
  const key = input.key as RemoteConfigKey;
  const definition = REMOTE_CONFIG_KEYS[key];
  let value: string | number | boolean | null = null;
  if (!input.reset) {
    const parsed = parseRemoteConfigInput(definition, input.raw);
    if (!parsed.ok) return { ok: false, error: "invalid", message: parsed.message };
    value = parsed.value;
  }
  const result = await db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const [before] = await tx
      .select({ value: remoteConfigValues.value })
      .from(remoteConfigValues)
      .where(eq(remoteConfigValues.key, key))
      .for("update");
    const from = before && fitsRemoteConfigKey(definition, before.value) ? before.value : null;
    if (value === null) {
      if (!before) return { ok: true, changed: false } as const;
      await tx.delete(remoteConfigValues).where(eq(remoteConfigValues.key, key));
    } else {
      if (before && before.value === value) return { ok: true, changed: false } as const;
      await tx
        .insert(remoteConfigValues)
        .values({ key, value, updated_by: actor.uid, updated_at: now })
        .onConflictDoUpdate({
          target: remoteConfigValues.key,
          set: { value, updated_by: actor.uid, updated_at: now },
        });
    }
    await writeAudit(tx, actor, {
      action: value === null ? "config.reset" : "config.update",
      targetType: "config",
      targetId: key,
      details: { from, to: value, default: definition.default },
    });
    return { ok: true, changed: true } as const;
  });
  if (result.changed) forgetRemoteConfig(db);
  return result;
}
