import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AccountSuspensionKind } from "~/domain/account-suspensions";
import type { ReportKind } from "~/domain/reports";
import type { Tx } from "../../db/client";
import { accountSuspensions, session } from "../../db/schema";

/**
 * Blocks or suspends an account (ADR 0030, ADR 0039): the row (better-auth's session create hook
 * refuses every sign-in while it holds, and so does the viewer statement) and the deletion of
 * every session the account holds, so it is signed out at its next request. A block has no end;
 * a suspension ends at `endsAt` by itself. Several rows may hold one account at once (two reports
 * decided): it is free when the last one has ended or been lifted.
 */
export async function placeAccountSuspension(
  tx: Tx,
  input: {
    userId: string;
    kind: AccountSuspensionKind;
    /** The end of a suspension; null for a block. */
    endsAt: Date | null;
    reason: string;
    report: { kind: ReportKind; id: string } | null;
    by: { uid: string; email: string };
    now: Date;
  },
): Promise<{ id: string }> {
  if ((input.kind === "block") !== (input.endsAt === null))
    throw new Error("a block has no end, a suspension has one");
  const id = randomUUID();
  await tx.insert(accountSuspensions).values({
    id,
    user_id: input.userId,
    kind: input.kind,
    ends_at: input.endsAt,
    reason: input.reason,
    report_id: input.report?.id ?? null,
    report_kind: input.report?.kind ?? null,
    suspended_by: input.by.uid,
    suspended_by_email: input.by.email,
    suspended_at: input.now,
  });
  await tx.delete(session).where(eq(session.userId, input.userId));
  return { id };
}
