/**
 * The payment port (ADR 0032): a provider makes a hosted checkout for one coin
 * order and tells us by signed webhook when it is paid. Provider-neutral on purpose (PAY.JP,
 * KOMOJU or GMO could replace Stripe, ADR 0032).
 */
export interface CheckoutRequest {
  orderId: string;
  listenerId: string;
  amountJpy: number;
  productName: string;
  successUrl: string;
  cancelUrl: string;
  /** The listener's customer at this provider (ADR 0038): the checkout may save the card there. */
  customerId?: string | null;
}

export interface CheckoutSession {
  /** The provider's session id (`cs_…`). */
  id: string;
  /** Where the listener pays (the provider's page, or our テスト決済 page). */
  url: string;
}

/** A checkout session as the provider reports it (events carry it; `retrieve` re-reads it). */
export interface SessionState {
  id: string;
  orderId: string | null;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
}

/** A charge as a `charge.refunded` event carries it (ADR 0038); `amountRefunded` is cumulative. */
export interface ChargeState {
  id: string;
  paymentIntent: string | null;
  /** From the charge's metadata when the provider puts it there (the test provider does). */
  orderId: string | null;
  amount: number;
  amountRefunded: number;
}

export interface PaymentEvent {
  id: string;
  type: string;
  session: SessionState | null;
  charge?: ChargeState | null;
}

export class WebhookSignatureError extends Error {}

/**
 * A signed body read as JSON. A body that is not JSON is refused as an unreadable event (400,
 * as Stripe's client refuses it), never thrown on as a server error.
 */
export function parseEventJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw new WebhookSignatureError("the body is not JSON");
  }
}

export interface PaymentPort {
  readonly provider: "test" | "stripe";
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * The session as the provider has it now, re-read before fulfilling (ADR 0032): Stripe is
   * asked again; the test provider's signed event is its own truth.
   */
  confirmSession(session: SessionState): Promise<SessionState>;
  /** The coin order a charge paid (ADR 0038), or null when it is none of ours. */
  orderOfCharge?(charge: ChargeState): Promise<string | null>;
  /** Verifies the signature on the raw body and parses the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | null): PaymentEvent;
}

/** A Checkout Session object (Stripe's shape, the test provider's too) as our state. */
export function sessionState(object: Record<string, unknown>): SessionState {
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const orderId =
    (typeof metadata.order_id === "string" && metadata.order_id) ||
    (typeof object.client_reference_id === "string" && object.client_reference_id) ||
    null;
  return {
    id: String(object.id ?? ""),
    orderId,
    status: object.status === "complete" || object.status === "expired" ? object.status : "open",
    paymentStatus:
      object.payment_status === "paid" || object.payment_status === "no_payment_required"
        ? object.payment_status
        : "unpaid",
  };
}

/** An event envelope `{id, type, data: {object}}` as our event. */
export function eventFromJson(json: unknown): PaymentEvent {
  const event = (json ?? {}) as { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } };
  if (typeof event.id !== "string" || typeof event.type !== "string")
    throw new WebhookSignatureError("not an event");
  const object = event.data?.object;
  return {
    id: event.id,
    type: event.type,
    session: object && object.object === "checkout.session" ? sessionState(object) : null,
    charge: object && object.object === "charge" ? chargeState(object) : null,
  };
}

/** A Charge object (Stripe's shape, the test provider's too) as our state. */
export function chargeState(object: Record<string, unknown>): ChargeState {
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const whole = (value: unknown) => (typeof value === "number" && Number.isSafeInteger(value) ? value : 0);
  return {
    id: String(object.id ?? ""),
    paymentIntent: typeof object.payment_intent === "string" ? object.payment_intent : null,
    orderId: typeof metadata.order_id === "string" && metadata.order_id ? metadata.order_id : null,
    amount: whole(object.amount),
    amountRefunded: whole(object.amount_refunded),
  };
}
