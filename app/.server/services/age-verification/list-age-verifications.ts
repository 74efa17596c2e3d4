import { asc, desc, eq, ne } from "drizzle-orm";
import type { AgeDocumentKind } from "~/domain/age-verification";
import type { Db } from "../../db/client";
import { ageVerifications, listeners } from "../../db/schema";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";

export interface AgeVerificationQueueItem {
  id: string;
  listenerId: string;
  nickname: string;
  email: string;
  status: "pending" | "verified" | "rejected";
  method: "document" | "card";
  documentKind: AgeDocumentKind | null;
  createdAt: Date;
  decidedAt: Date | null;
}

/** How many decided attempts the history tab shows. */
const DECIDED_SHOWN = 100;

/**
 * `/admin/age-verifications` (ADR 0055): the pending documents, oldest first (the order to work
 * them), or the latest decisions.
 */
export async function listAgeVerifications({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { status: "pending" | "decided" };
}): Promise<AgeVerificationQueueItem[]> {
  await assertOperator(db, actor);
  const pending = input.status === "pending";
  const rows = await db
    .select({
      id: ageVerifications.id,
      listenerId: ageVerifications.listener_id,
      nickname: listeners.nickname,
      email: listeners.email,
      status: ageVerifications.status,
      method: ageVerifications.method,
      documentKind: ageVerifications.document_kind,
      createdAt: ageVerifications.created_at,
      decidedAt: ageVerifications.decided_at,
    })
    .from(ageVerifications)
    .innerJoin(listeners, eq(listeners.uid, ageVerifications.listener_id))
    .where(pending ? eq(ageVerifications.status, "pending") : ne(ageVerifications.status, "pending"))
    .orderBy(pending ? asc(ageVerifications.created_at) : desc(ageVerifications.decided_at))
    .limit(pending ? 500 : DECIDED_SHOWN);
  return rows;
}
