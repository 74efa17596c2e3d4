import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { accountSuspensions, session } from "../../db/schema";

/**
 * Suspends an account (ADR 0030): the suspension row (better-auth's session create hook refuses
 * every new sign-in while it exists) and the deletion of every session it holds, so the viewer
 * query (ADR 0034) finds none at the next request. Suspending twice keeps the first row.
 */
export async function suspendAccount(
  tx: Tx,
  input: { userId: string; reason: string; reportId: string | null; by: { uid: string; email: string } },
): Promise<{ created: boolean }> {
  const inserted = await tx
    .insert(accountSuspensions)
    .values({
      user_id: input.userId,
      reason: input.reason,
      report_id: input.reportId,
      suspended_by: input.by.uid,
      suspended_by_email: input.by.email,
    })
    .onConflictDoNothing()
    .returning({ user_id: accountSuspensions.user_id });
  await tx.delete(session).where(eq(session.userId, input.userId));
  return { created: inserted.length > 0 };
}
