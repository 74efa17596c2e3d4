import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { coinPagePath, parseCoinReturn } from "~/domain/coin-return";
import { coinTermsKey } from "~/domain/final-confirmation";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { coinOrders, coinPacks } from "../../db/schema";
import type { CustomerPort } from "../../integrations/payments/listener-customers";
import type { PaymentPort } from "../../integrations/payments/payment-port";
import { ensureListenerCustomer } from "./listener-customer";

export type StartCheckoutResult =
  | { ok: true; orderId: string; url: string }
  | { ok: false; error: "forbidden" | "not_found" | "invalid_return" | "terms_changed" }
  | { ok: false; error: "unavailable"; message: string };

/**
 * Starts buying a coin pack: the order row first (so a webhook can never arrive for an order we
 * do not know), then the provider's checkout session (its id kept on the order), and the page to
 * pay on. A provider failure leaves the order `failed` and says so. `returnPath` (ADR 0043:
 * the live the listener came from) rides on the provider's success and cancel URLs, so she comes
 * back to `/listener/coin?order=…&return=…` and from there to the live; only a same-origin path
 * is accepted. It starts only from the final confirmation (ADR 0052): `confirmedTerms` is the key
 * of the terms that screen showed, and a pack whose price or coins changed since is refused
 * (`terms_changed`) before any order exists, so the listener is shown the new terms first.
 */
export async function startCoinCheckout({
  db,
  actor,
  port,
  customers = null,
  input,
}: {
  db: Db;
  actor: Viewer;
  port: PaymentPort | null;
  /** The listener's customer at the provider is named in the checkout, so a card can be saved. */
  customers?: CustomerPort | null;
  input: { packId: string; confirmedTerms: string; baseUrl: string; returnPath?: string | null };
}): Promise<StartCheckoutResult> {
  const refused = roleRefusal(actor, "coin.buy");
  if (refused) return { ok: false, error: refused };
  const back = parseCoinReturn(input.returnPath);
  if (!back.ok) return { ok: false, error: "invalid_return" };
  const [pack] = await db
    .select()
    .from(coinPacks)
    .where(and(eq(coinPacks.pack_id, input.packId), eq(coinPacks.status, "active")));
  if (!pack) return { ok: false, error: "not_found" };
  if (coinTermsKey(pack) !== input.confirmedTerms) return { ok: false, error: "terms_changed" };
  if (!port) return { ok: false, error: "unavailable", message: MONEY_TEXTS.paymentUnavailable };
  const orderId = randomUUID();
  await db.insert(coinOrders).values({
    order_id: orderId,
    listener_id: actor.uid,
    pack_id: pack.pack_id,
    coins: pack.coins,
    bonus_coins: pack.bonus_coins,
    price_jpy: pack.price_jpy,
    provider: port.provider,
  });
  try {
    const customerId = customers ? await ensureListenerCustomer(db, customers, actor.uid) : null;
    const session = await port.createCheckout({
      customerId,
      orderId,
      listenerId: actor.uid,
      amountJpy: pack.price_jpy,
      productName: pack.name,
      successUrl: `${input.baseUrl}${coinPagePath({ order: orderId, returnPath: back.path })}`,
      cancelUrl: `${input.baseUrl}${coinPagePath({ canceled: orderId, returnPath: back.path })}`,
    });
    await db
      .update(coinOrders)
      .set({ provider_session_id: session.id })
      .where(eq(coinOrders.order_id, orderId));
    return { ok: true, orderId, url: session.url };
  } catch (error) {
    console.error(`[payments] checkout for order ${orderId} failed: ${(error as Error).message}`);
    await db.update(coinOrders).set({ status: "failed" }).where(eq(coinOrders.order_id, orderId));
    return { ok: false, error: "unavailable", message: MONEY_TEXTS.paymentUnavailable };
  }
}
