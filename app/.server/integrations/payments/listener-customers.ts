import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { TEST_CARDS, type TestCard } from "~/domain/payment-methods";
import type { Db } from "../../db/client";
import { testPaymentMethods } from "../../db/schema";
import type { Env } from "../../env";
import { stripeClient } from "./stripe-client";
import type { StripeConfig } from "./stripe-payments";

/** A card the provider keeps for a customer: never its number, only what identifies it to a person. */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * A listener's customer at the payment provider (ADR 0038): made once per listener, named in coin
 * checkouts so the card can be saved there; its saved cards listed and deleted. Card details are
 * typed on the provider's page only — our server sees brand, last 4 digits and expiry.
 */
export interface CustomerPort {
  readonly provider: "test" | "stripe";
  createCustomer(input: { listenerId: string; email: string | null }): Promise<string>;
  listCards(customerId: string): Promise<SavedCard[]>;
  /** Deletes (detaches) a saved card; false when the customer has no such card. */
  detachCard(customerId: string, paymentMethodId: string): Promise<boolean>;
}

/** The customer port of this configuration, or null when payments are off. */
export function customerPort(env: Env, db: Db): CustomerPort | null {
  if (env.payments.provider === "stripe" && env.payments.stripe)
    return createStripeCustomers(env.payments.stripe);
  if (env.payments.provider === "test") return createTestCustomers(db);
  return null;
}

function createStripeCustomers(config: StripeConfig): CustomerPort {
  const stripe = stripeClient(config);
  return {
    provider: "stripe",
    async createCustomer({ listenerId, email }) {
      const customer = await stripe.customers.create(
        { ...(email ? { email } : {}), metadata: { listener_id: listenerId } },
        { idempotencyKey: `listener-customer-${listenerId}` },
      );
      return customer.id;
    },
    async listCards(customerId) {
      const list = await stripe.customers.listPaymentMethods(customerId, { type: "card", limit: 100 });
      return list.data.flatMap((method: Stripe.PaymentMethod) =>
        method.card
          ? [
              {
                id: method.id,
                brand: method.card.brand,
                last4: method.card.last4,
                expMonth: method.card.exp_month,
                expYear: method.card.exp_year,
              },
            ]
          : [],
      );
    },
    async detachCard(customerId, paymentMethodId) {
      try {
        const method = await stripe.paymentMethods.retrieve(paymentMethodId);
        const owner = typeof method.customer === "string" ? method.customer : method.customer?.id;
        if (owner !== customerId) return false;
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return false;
        throw error;
      }
      await stripe.paymentMethods.detach(paymentMethodId);
      return true;
    },
  };
}

/** The test provider's customers: ids of its own; their cards in its own table. */
function createTestCustomers(db: Db): CustomerPort {
  return {
    provider: "test",
    async createCustomer() {
      return `cus_test_local_${randomUUID().replace(/-/g, "")}`;
    },
    async listCards(customerId) {
      const rows = await db
        .select()
        .from(testPaymentMethods)
        .where(eq(testPaymentMethods.customer_id, customerId))
        .orderBy(asc(testPaymentMethods.created_at), asc(testPaymentMethods.payment_method_id));
      return rows.map((row) => ({
        id: row.payment_method_id,
        brand: row.brand,
        last4: row.last4,
        expMonth: row.exp_month,
        expYear: row.exp_year,
      }));
    },
    async detachCard(customerId, paymentMethodId) {
      const gone = await db
        .delete(testPaymentMethods)
        .where(
          and(
            eq(testPaymentMethods.customer_id, customerId),
            eq(testPaymentMethods.payment_method_id, paymentMethodId),
          ),
        )
        .returning({ id: testPaymentMethods.payment_method_id });
      return gone.length > 0;
    },
  };
}

/** The test provider saves the card its checkout was paid with (「このカードを保存する」). */
export async function saveTestCard(
  db: Db,
  customerId: string,
  card: TestCard,
  now: Date = new Date(),
): Promise<string> {
  const id = `pm_test_local_${randomUUID().replace(/-/g, "")}`;
  await db.insert(testPaymentMethods).values({
    payment_method_id: id,
    customer_id: customerId,
    ...TEST_CARDS[card],
    exp_month: 12,
    exp_year: now.getUTCFullYear() + 3,
  });
  return id;
}
