import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import type { CustomerPort, SavedCard } from "../../integrations/payments/listener-customers";
import { findListenerCustomer } from "./listener-customer";

export type ListPaymentMethodsResult =
  | { ok: true; cards: SavedCard[] }
  | { ok: false; error: "forbidden" }
  /** Payments are off, or the provider did not answer. */
  | { ok: false; error: "unavailable" };

/**
 * `/listener/mypage/payment` (ADR 0032): the cards the provider keeps for the listener's
 * customer — brand, last 4 digits, expiry; nothing when no checkout made a customer yet.
 */
export async function listPaymentMethods({
  db,
  actor,
  port,
}: {
  db: Db;
  actor: Viewer;
  port: CustomerPort | null;
}): Promise<ListPaymentMethodsResult> {
  if (roleRefusal(actor, "coin.buy")) return { ok: false, error: "forbidden" };
  if (!port) return { ok: false, error: "unavailable" };
  const customerId = await findListenerCustomer(db, port.provider, actor.uid);
  if (!customerId) return { ok: true, cards: [] };
  try {
    return { ok: true, cards: await port.listCards(customerId) };
  } catch (error) {
    console.error(`[payments] listing the cards of ${customerId} failed: ${(error as Error).message}`);
    return { ok: false, error: "unavailable" };
  }
}
