import { and, eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import { LOG_DESCRIPTIONS } from "~/domain/store-logs";
import { hashPassword } from "../../auth/passwords";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { account, session } from "../../db/schema/index";
import { findManagedStaff } from "../shared/staff-access";
import { logStaffAction } from "../shared/write-log";

export type SetStaffPasswordResult = { ok: true } | { ok: false; error: "forbidden" | "not_found" };

/**
 * A store changes the password of one of its staff (ADR 0022; staff have no mailbox for a reset).
 * The new hash is better-auth's; the staff member's sessions end, so a lost phone is signed out.
 */
export async function setStaffPassword({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: { staffId: string; password: string };
  now?: Date;
}): Promise<SetStaffPasswordResult> {
  const refused = roleRefusal(actor, "staff.manage");
  if (refused) return { ok: false, error: refused };
  const hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const found = await findManagedStaff(tx, actor, "staff.manage", input.staffId, { lock: true });
    if (!found.ok) return found;
    const { staff } = found;
    const updated = await tx
      .update(account)
      .set({ password: hash })
      .where(and(eq(account.userId, staff.uid), eq(account.providerId, "credential")))
      .returning({ id: account.id });
    if (updated.length === 0) return { ok: false, error: "not_found" } as const;
    await tx.delete(session).where(eq(session.userId, staff.uid));
    await logStaffAction(tx, {
      storeId: actor.uid,
      staffId: staff.uid,
      action: "updated",
      description: LOG_DESCRIPTIONS.staffPassword(staff.name),
      now,
    });
    return { ok: true } as const;
  });
}
