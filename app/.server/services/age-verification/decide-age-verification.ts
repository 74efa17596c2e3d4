import { eq } from "drizzle-orm";
import { AGE_VERIFICATION_TEXTS, type AgeDecision, isOldEnough } from "~/domain/age-verification";
import { tokyoToday } from "~/domain/shifts";
import type { Db } from "../../db/client";
import { ageVerifications, listeners } from "../../db/schema";
import { ageVerificationDecidedMail } from "../../integrations/mail/age-verification-templates";
import type { Mailer } from "../../integrations/mail/mailer";
import { recordNotification } from "../notifications/record-notification";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";

export type DecideAgeVerificationResult =
  | { ok: true; status: "verified" | "rejected"; underage: boolean }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "not_pending"; message: string };

/**
 * The operator's decision on a pending document (ADR 0055), in one transaction: approve with the
 * birth date read from the document — verified at 18 or over on today's Tokyo date, otherwise
 * rejected as under age with the birth date kept — or reject with a reason. The listener is
 * mailed and told in-app (`age_verification`); the decision is one audit row. A decision already
 * made is not made again (the row is locked and must still be pending).
 */
export async function decideAgeVerification({
  db,
  mailer,
  baseUrl,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  mailer: Mailer;
  baseUrl: string;
  actor: SignedInOperator;
  input: { id: string; decision: AgeDecision };
  now?: Date;
}): Promise<DecideAgeVerificationResult> {
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const [row] = await tx
      .select({
        status: ageVerifications.status,
        listenerId: ageVerifications.listener_id,
        documentKind: ageVerifications.document_kind,
        nickname: listeners.nickname,
        email: listeners.email,
      })
      .from(ageVerifications)
      .innerJoin(listeners, eq(listeners.uid, ageVerifications.listener_id))
      .where(eq(ageVerifications.id, input.id))
      .for("update", { of: ageVerifications });
    if (!row) return { ok: false, error: "not_found" } as const;
    if (row.status !== "pending")
      return { ok: false, error: "not_pending", message: AGE_VERIFICATION_TEXTS.notPending } as const;

    const decision = input.decision;
    const underage = decision.decision === "approve" && !isOldEnough(decision.birth_date, tokyoToday(now));
    const status = decision.decision === "approve" && !underage ? "verified" : "rejected";
    const reason =
      decision.decision === "reject" ? decision.reason : underage ? AGE_VERIFICATION_TEXTS.underage : null;
    await tx
      .update(ageVerifications)
      .set({
        status,
        birth_date: decision.decision === "approve" ? decision.birth_date : null,
        reject_reason: reason,
        decided_at: now,
        decided_by: actor.uid,
      })
      .where(eq(ageVerifications.id, input.id));

    if (row.email)
      await mailer.send(
        {
          kind: "age-verification",
          to: row.email,
          ...ageVerificationDecidedMail({
            nickname: row.nickname,
            siteUrl: baseUrl,
            decision: status,
            documentKind: row.documentKind,
            reason,
          }),
          meta: { role: "listener", uid: row.listenerId },
        },
        { tx },
      );
    await recordNotification(tx, {
      kind: "age_verification",
      listenerId: row.listenerId,
      decision: status,
      at: now,
    });
    await writeAudit(tx, actor, {
      action: `age_verification.${status === "verified" ? "approve" : underage ? "underage" : "reject"}`,
      targetType: "age_verification",
      targetId: input.id,
      details: {
        listener_id: row.listenerId,
        document_kind: row.documentKind,
        ...(reason ? { reason } : {}),
      },
    });
    return { ok: true, status, underage } as const;
  });
}
