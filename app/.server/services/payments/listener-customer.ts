import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { listenerPaymentCustomers, listeners } from "../../db/schema";
import type { CustomerPort } from "../../integrations/payments/listener-customers";

/** The listener's customer id at the port's provider, or null when none was made yet. */
export async function findListenerCustomer(
  db: Db,
  provider: CustomerPort["provider"],
  listenerId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: listenerPaymentCustomers.customer_id })
    .from(listenerPaymentCustomers)
    .where(
      and(
        eq(listenerPaymentCustomers.listener_id, listenerId),
        eq(listenerPaymentCustomers.provider, provider),
      ),
    );
  return row?.id ?? null;
}

/**
 * The listener's customer at the provider, made the first time (ADR 0038). Stripe's create carries
 * an Idempotency-Key per listener, so two first checkouts at once make one customer; the row's
 * primary key keeps one per listener and provider whatever the provider does.
 */
export async function ensureListenerCustomer(
  db: Db,
  port: CustomerPort,
  listenerId: string,
): Promise<string> {
  const known = await findListenerCustomer(db, port.provider, listenerId);
  if (known) return known;
  const [listener] = await db
    .select({ email: listeners.email })
    .from(listeners)
    .where(eq(listeners.uid, listenerId));
  const created = await port.createCustomer({ listenerId, email: listener?.email || null });
  await db
    .insert(listenerPaymentCustomers)
    .values({ listener_id: listenerId, provider: port.provider, customer_id: created })
    .onConflictDoNothing();
  const stored = await findListenerCustomer(db, port.provider, listenerId);
  if (!stored) throw new Error("listener customer row missing after insert");
  return stored;
}
