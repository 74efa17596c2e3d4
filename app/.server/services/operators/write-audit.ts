import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../../db/client";
import { operatorAuditLog } from "../../db/schema/index";

/** Who acts: a signed-in operator, or the command line (`npm run operator`). */
export type OperatorActor = { uid: string; email: string; ip: string } | { cli: true };

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Appends one row to the operator audit log. Pass the transaction of the action it records, so
 * the action and its record are written together or not at all.
 */
export async function writeAudit(tx: Tx | Db, actor: OperatorActor, entry: AuditEntry): Promise<void> {
  const cli = "cli" in actor;
  await tx.insert(operatorAuditLog).values({
    id: randomUUID(),
    operator_uid: cli ? null : actor.uid,
    operator_email: cli ? "" : actor.email,
    action: entry.action,
    target_type: entry.targetType ?? "",
    target_id: entry.targetId ?? null,
    details: cli ? { via: "cli", ...entry.details } : (entry.details ?? {}),
    ip: cli ? "" : actor.ip,
  });
}
