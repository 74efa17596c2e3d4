/**
 * The billing port (ADR 0032 "Store plans", ADR 0037): a store's monthly plan is a
 * subscription at the payment provider. Apart from the coin checkout port on purpose: coins are
 * one-off payments by listeners, plans are recurring charges to stores. Provider-neutral (PAY.JP,
 * KOMOJU or GMO could replace Stripe Billing); events are Stripe-shaped because both providers
 * send them through the same signed-webhook path.
 */
import { WebhookSignatureError } from "./payment-port";

export interface SubscriptionCheckoutRequest {
  storeId: string;
  email: string;
  planId: string;
  planName: string;
  amountJpy: number;
  /** The store's customer at the provider, when it has one already. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface SubscriptionCheckout {
  /** The provider's checkout session (`cs_…`). */
  id: string;
  customerId: string | null;
  /** Where the store enters its card (the provider's page, or our テスト決済 page). */
  url: string;
}

export interface BillingCheckoutState {
  sessionId: string;
  storeId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
}

export interface SubscriptionState {
  id: string;
  customerId: string | null;
  storeId: string | null;
  planId: string | null;
  status: "incomplete" | "active" | "past_due" | "canceled";
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The card on file (brand, last four), when the provider gave it. */
  card: { brand: string; last4: string } | null;
}

export interface InvoiceState {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  storeId: string | null;
  planId: string | null;
  number: string;
  amountJpy: number;
  status: "draft" | "open" | "paid" | "uncollectible" | "void";
  periodStart: Date | null;
  periodEnd: Date | null;
  hostedUrl: string;
  cardBrand: string;
  cardLast4: string;
}

export interface BillingEvent {
  id: string;
  type: string;
  created: Date;
  checkout: BillingCheckoutState | null;
  subscription: SubscriptionState | null;
  invoice: InvoiceState | null;
}

export interface BillingPort {
  readonly provider: "test" | "stripe";
  /** A hosted checkout in subscription mode: the card is saved and the first month charged. */
  startSubscription(request: SubscriptionCheckoutRequest): Promise<SubscriptionCheckout>;
  /** From the next renewal on, bill `planId` (no proration: `new_plan_id` applies at renewal). */
  scheduleRenewalPlan(input: {
    subscriptionId: string;
    planId: string;
    planName: string;
    amountJpy: number;
  }): Promise<void>;
  /** Cancel at the end of the paid period (or take the cancellation back). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionState | null>;
  /** The subscription as the provider has it now (re-read before acting on an event). */
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionState | null>;
  /** Verifies the signature on the raw body and parses the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | null): BillingEvent;
}

/** Whether a webhook body is about store plans (routed to the billing port, not the coin one). */
export function isBillingPayload(rawBody: Buffer): boolean {
  try {
    const event = JSON.parse(rawBody.toString("utf8")) as {
      type?: unknown;
      data?: { object?: { mode?: unknown } };
    };
    const type = typeof event.type === "string" ? event.type : "";
    if (type.startsWith("invoice.") || type.startsWith("customer.subscription.")) return true;
    return type.startsWith("checkout.session.") && event.data?.object?.mode === "subscription";
  } catch {
    return false;
  }
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const idOf = (v: unknown): string | null =>
  str(v) ?? (v && typeof v === "object" ? str((v as Json).id) : null);
const date = (v: unknown): Date | null => (typeof v === "number" ? new Date(v * 1000) : null);
const meta = (v: unknown): Json => (v && typeof v === "object" ? (v as Json) : {});

export function subscriptionState(object: Json): SubscriptionState {
  const metadata = meta(object.metadata);
  // API versions from 2025-03 keep the period on the item; older ones on the subscription.
  const item = meta((meta(object.items).data as Json[] | undefined)?.[0]);
  const status = str(object.status);
  return {
    id: String(object.id ?? ""),
    customerId: idOf(object.customer),
    storeId: str(metadata.store_id),
    planId: str(metadata.plan_id),
    status:
      status === "active" || status === "trialing"
        ? "active"
        : status === "past_due" || status === "unpaid"
          ? "past_due"
          : status === "canceled" || status === "incomplete_expired"
            ? "canceled"
            : "incomplete",
    currentPeriodStart: date(object.current_period_start) ?? date(item.current_period_start),
    currentPeriodEnd: date(object.current_period_end) ?? date(item.current_period_end),
    cancelAtPeriodEnd: object.cancel_at_period_end === true,
    card: cardOf(meta(meta(object.default_payment_method).card)),
  };
}

function cardOf(card: Json): { brand: string; last4: string } | null {
  const last4 = str(card.last4);
  return last4 ? { brand: str(card.brand) ?? "", last4 } : null;
}

export function invoiceState(object: Json): InvoiceState {
  // The subscription's metadata as it was when the invoice was made: `subscription_details`
  // (older API versions) or `parent.subscription_details` (2025-03 and later).
  const parentDetails = meta(meta(object.parent).subscription_details);
  const details = meta(object.subscription_details);
  const metadata = { ...meta(details.metadata), ...meta(parentDetails.metadata) };
  const line = meta((meta(object.lines).data as Json[] | undefined)?.[0]);
  const period = meta(line.period);
  const card = meta(meta(meta(object.payment_method_details ?? {}).card));
  const status = str(object.status);
  return {
    id: String(object.id ?? ""),
    subscriptionId: idOf(object.subscription) ?? idOf(parentDetails.subscription),
    customerId: idOf(object.customer),
    storeId: str(metadata.store_id),
    planId: str(metadata.plan_id),
    number: str(object.number) ?? "",
    amountJpy: typeof object.amount_due === "number" ? object.amount_due : Number(object.total ?? 0),
    status:
      status === "paid" || status === "void" || status === "uncollectible" || status === "draft"
        ? status
        : "open",
    periodStart: date(period.start) ?? date(object.period_start),
    periodEnd: date(period.end) ?? date(object.period_end),
    hostedUrl: str(object.hosted_invoice_url) ?? "",
    cardBrand: str(card.brand) ?? "",
    cardLast4: str(card.last4) ?? "",
  };
}

/** An event envelope `{id, type, created, data: {object}}` as our billing event. */
export function billingEventFromJson(json: unknown): BillingEvent {
  const event = (json ?? {}) as { id?: unknown; type?: unknown; created?: unknown; data?: { object?: Json } };
  if (typeof event.id !== "string" || typeof event.type !== "string")
    throw new WebhookSignatureError("not an event");
  const object = event.data?.object ?? {};
  const kind = object.object;
  return {
    id: event.id,
    type: event.type,
    created: date(event.created) ?? new Date(),
    checkout:
      kind === "checkout.session"
        ? {
            sessionId: String(object.id ?? ""),
            storeId: str(object.client_reference_id) ?? str(meta(object.metadata).store_id),
            customerId: idOf(object.customer),
            subscriptionId: idOf(object.subscription),
          }
        : null,
    subscription: kind === "subscription" ? subscriptionState(object) : null,
    invoice: kind === "invoice" ? invoiceState(object) : null,
  };
}
