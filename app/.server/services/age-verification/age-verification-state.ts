import { and, desc, eq } from "drizzle-orm";
import type { AgeDocumentKind, AgeVerificationMethod, AgeVerificationState } from "~/domain/age-verification";
import type { Viewer } from "../../auth/viewer";
import type { Db, Tx } from "../../db/client";
import { ageVerifications } from "../../db/schema";
import { remoteConfigValue } from "../shared/remote-config";

export interface AgeVerificationView {
  state: AgeVerificationState;
  method: AgeVerificationMethod | null;
  documentKind: AgeDocumentKind | null;
  submittedAt: Date | null;
  decidedAt: Date | null;
  rejectReason: string | null;
}

/**
 * A listener's age verification as she sees it (ADR 0055): `verified` once any attempt was
 * verified (a document or a card payment), else her latest attempt's state, `none` without one.
 */
export async function readAgeVerification(db: Db | Tx, listenerId: string): Promise<AgeVerificationView> {
  const [verified] = await db
    .select()
    .from(ageVerifications)
    .where(and(eq(ageVerifications.listener_id, listenerId), eq(ageVerifications.status, "verified")))
    .limit(1);
  const [latest] = verified
    ? [verified]
    : await db
        .select()
        .from(ageVerifications)
        .where(eq(ageVerifications.listener_id, listenerId))
        .orderBy(desc(ageVerifications.created_at))
        .limit(1);
  if (!latest)
    return {
      state: "none",
      method: null,
      documentKind: null,
      submittedAt: null,
      decidedAt: null,
      rejectReason: null,
    };
  return {
    state: latest.status,
    method: latest.method,
    documentKind: latest.document_kind,
    submittedAt: latest.created_at,
    decidedAt: latest.decided_at,
    rejectReason: latest.reject_reason,
  };
}

/**
 * Whether `actor` must verify her age before opening a room or sending a message: a listener,
 * while the operator requires it (`age_verification_required`) and none of her attempts is
 * verified. Staff, stores and operators never.
 */
export async function mustVerifyAge(db: Db | Tx, actor: Viewer): Promise<boolean> {
  if (actor.type !== "listener") return false;
  if (!(await remoteConfigValue(db, "age_verification_required"))) return false;
  const [verified] = await db
    .select({ id: ageVerifications.id })
    .from(ageVerifications)
    .where(and(eq(ageVerifications.listener_id, actor.uid), eq(ageVerifications.status, "verified")))
    .limit(1);
  return !verified;
}
