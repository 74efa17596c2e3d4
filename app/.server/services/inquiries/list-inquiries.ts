import { count, desc, eq } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, type InquiryFilter, type InquiryKind } from "~/domain/admin";
import type { Db } from "../../db/client";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { type InquirySummary, inquiryTable, summarize } from "./inquiry-source";

/** One page of an inbox (listing requests or contact messages), newest first. */
export async function listInquiries({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { kind: InquiryKind; status: InquiryFilter; page: number };
}): Promise<{ items: InquirySummary[]; total: number; page: number; pageSize: number }> {
  await assertOperator(db, actor);
  const table = inquiryTable(input.kind);
  const where = input.status === "all" ? undefined : eq(table.status, input.status);
  const [totalRow] = await db.select({ n: count() }).from(table).where(where);
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(desc(table.created_at), desc(table.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((input.page - 1) * ADMIN_PAGE_SIZE);
  return {
    items: rows.map((row) => summarize(input.kind, row)),
    total: totalRow?.n ?? 0,
    page: input.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
