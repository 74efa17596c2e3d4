import { and, eq } from "drizzle-orm";
import type { InquiryKind } from "~/domain/admin";
import type { Db } from "../../db/client";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { inquiryTable } from "./inquiry-source";

export type MarkHandledResult = { ok: true } | { ok: false; error: "not_found" | "already_handled" };

/** new → handled, with its audit row, in one transaction; a second click changes nothing. */
export async function markInquiryHandled({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { kind: InquiryKind; id: string };
}): Promise<MarkHandledResult> {
  const table = inquiryTable(input.kind);
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const [changed] = await tx
      .update(table)
      .set({ status: "handled" })
      .where(and(eq(table.id, input.id), eq(table.status, "new")))
      .returning({ id: table.id });
    if (!changed) {
      const [exists] = await tx.select({ id: table.id }).from(table).where(eq(table.id, input.id)).limit(1);
      return { ok: false, error: exists ? "already_handled" : "not_found" } as const;
    }
    await writeAudit(tx, actor, {
      action: `${input.kind}.handled`,
      targetType: input.kind,
      targetId: input.id,
      details: { from: "new", to: "handled" },
    });
    return { ok: true } as const;
  });
}
