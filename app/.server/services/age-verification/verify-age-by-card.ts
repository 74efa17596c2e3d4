import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ageVerifications } from "../../db/schema";

/**
 * A completed card payment verifies the listener's age (ADR 0055: 出会い系サイト規制法's "a means
 * children cannot normally use"). Called when a coin order is paid at the checkout's completion —
 * a card; konbini is paid later and never counts. Once per listener: nothing is written when she
 * is verified already. A pending document stays in the operator's queue; she no longer needs it.
 */
export async function verifyAgeByCard(
  db: Db,
  { listenerId, orderId, now = new Date() }: { listenerId: string; orderId: string; now?: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialise with a concurrent document decision or a second order of hers.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`age:${listenerId}`}))`);
    const [verified] = await tx
      .select({ id: ageVerifications.id })
      .from(ageVerifications)
      .where(and(eq(ageVerifications.listener_id, listenerId), eq(ageVerifications.status, "verified")))
      .limit(1);
    if (verified) return false;
    await tx.insert(ageVerifications).values({
      id: randomUUID(),
      listener_id: listenerId,
      method: "card",
      status: "verified",
      order_id: orderId,
      decided_at: now,
    });
    return true;
  });
}
