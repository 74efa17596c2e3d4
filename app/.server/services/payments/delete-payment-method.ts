import { z } from "zod";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import type { CustomerPort } from "../../integrations/payments/listener-customers";
import { findListenerCustomer } from "./listener-customer";

export const DeletePaymentMethodSchema = z.object({
  payment_method_id: z
    .string()
    .trim()
    .regex(/^pm_[\w-]{1,120}$/),
});

export type DeletePaymentMethodResult =
  | { ok: true }
  | { ok: false; error: "forbidden" | "not_found" | "unavailable" };

/**
 * Deletes one of the listener's saved cards at the provider (Stripe: detach). Only a card of the
 * listener's own customer: any other id is `not_found`, as is one already gone.
 */
export async function deletePaymentMethod({
  db,
  actor,
  port,
  input,
}: {
  db: Db;
  actor: Viewer;
  port: CustomerPort | null;
  input: unknown;
}): Promise<DeletePaymentMethodResult> {
  if (roleRefusal(actor, "coin.buy")) return { ok: false, error: "forbidden" };
  const parsed = DeletePaymentMethodSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "not_found" };
  if (!port) return { ok: false, error: "unavailable" };
  const customerId = await findListenerCustomer(db, port.provider, actor.uid);
  if (!customerId) return { ok: false, error: "not_found" };
  try {
    const gone = await port.detachCard(customerId, parsed.data.payment_method_id);
    return gone ? { ok: true } : { ok: false, error: "not_found" };
  } catch (error) {
    console.error(`[payments] deleting a card of ${customerId} failed: ${(error as Error).message}`);
    return { ok: false, error: "unavailable" };
  }
}
