import { randomUUID } from "node:crypto";
import type { LogAction, LogTarget } from "~/domain/store-logs";
import type { Tx } from "../../db/client";
import { logs } from "../../db/schema";

/** Adds an entry to a store's activity log inside the caller's transaction (docs/product.md Log). */
export async function writeLog(
  tx: Tx,
  entry: {
    liverId: string;
    actorUid: string;
    action: LogAction;
    targetType: LogTarget;
    targetId?: string | null;
    description: string;
    now?: Date;
  },
): Promise<void> {
  await tx.insert(logs).values({
    log_id: randomUUID(),
    created_at: entry.now ?? new Date(),
    liver_id: entry.liverId,
    actor_uid: entry.actorUid,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId ?? null,
    description: entry.description,
  });
}

/** A store's action on one of its staff, in its log (the store is the actor). */
export function logStaffAction(
  tx: Tx,
  {
    storeId,
    staffId,
    action,
    description,
    now,
  }: {
    storeId: string;
    staffId: string;
    action: LogAction;
    description: string;
    now?: Date;
  },
): Promise<void> {
  return writeLog(tx, {
    liverId: storeId,
    actorUid: storeId,
    action,
    targetType: "staffs",
    targetId: staffId,
    description,
    now,
  });
}
