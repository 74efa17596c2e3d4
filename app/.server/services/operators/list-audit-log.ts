import { count, desc, inArray } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "~/domain/admin";
import { auditAccountIds } from "~/domain/audit-log";
import type { Db } from "../../db/client";
import { listeners, livers, operatorAuditLog, staffs } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "./operator-actor";

/**
 * The audit log, newest first, a page at a time, with the names of the stores, staff and listeners
 * its entries mention (ADR 0053: the page names them rather than showing their ids).
 */
export async function listAuditLog({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { page: number };
}) {
  await assertOperator(db, actor);
  const [totalRow] = await db.select({ n: count() }).from(operatorAuditLog);
  const items = await db
    .select()
    .from(operatorAuditLog)
    .orderBy(desc(operatorAuditLog.at), desc(operatorAuditLog.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((input.page - 1) * ADMIN_PAGE_SIZE);
  const ids = [...new Set(items.flatMap((item) => auditAccountIds(item)))];
  const names: Record<string, string> = {};
  if (ids.length > 0) {
    const [stores, staff, people] = await Promise.all([
      db.select({ id: livers.uid, name: livers.store_name }).from(livers).where(inArray(livers.uid, ids)),
      db.select({ id: staffs.uid, name: staffs.name }).from(staffs).where(inArray(staffs.uid, ids)),
      db
        .select({ id: listeners.uid, name: listeners.nickname })
        .from(listeners)
        .where(inArray(listeners.uid, ids)),
    ]);
    for (const row of [...stores, ...staff, ...people]) if (row.name) names[row.id] = row.name;
  }
  return { items, names, total: totalRow?.n ?? 0, page: input.page, pageSize: ADMIN_PAGE_SIZE };
}
