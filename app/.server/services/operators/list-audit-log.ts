import { count, desc } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "~/domain/admin";
import type { Db } from "../../db/client";
import { operatorAuditLog } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "./operator-actor";

/** The audit log, newest first, a page at a time. */
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
  return { items, total: totalRow?.n ?? 0, page: input.page, pageSize: ADMIN_PAGE_SIZE };
}
