import { eq } from "drizzle-orm";
import type { AgeDocumentKind } from "~/domain/age-verification";
import type { Db } from "../../db/client";
import { ageVerifications, listeners } from "../../db/schema";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";

export interface AgeVerificationDetail {
  id: string;
  listenerId: string;
  nickname: string;
  email: string;
  status: "pending" | "verified" | "rejected";
  method: "document" | "card";
  documentKind: AgeDocumentKind | null;
  /** Whether the picture is still kept (deleted 30 days after the decision). */
  hasDocument: boolean;
  documentDeletedAt: Date | null;
  birthDate: string | null;
  rejectReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
}

/** One attempt as the operator's page shows it (ADR 0055); null when there is none. */
export async function getAgeVerification({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { id: string };
}): Promise<AgeVerificationDetail | null> {
  await assertOperator(db, actor);
  const [row] = await db
    .select({ verification: ageVerifications, nickname: listeners.nickname, email: listeners.email })
    .from(ageVerifications)
    .innerJoin(listeners, eq(listeners.uid, ageVerifications.listener_id))
    .where(eq(ageVerifications.id, input.id));
  if (!row) return null;
  const v = row.verification;
  return {
    id: v.id,
    listenerId: v.listener_id,
    nickname: row.nickname,
    email: row.email,
    status: v.status,
    method: v.method,
    documentKind: v.document_kind,
    hasDocument: v.document_key !== null,
    documentDeletedAt: v.document_deleted_at,
    birthDate: v.birth_date,
    rejectReason: v.reject_reason,
    createdAt: v.created_at,
    decidedAt: v.decided_at,
    decidedBy: v.decided_by,
  };
}
