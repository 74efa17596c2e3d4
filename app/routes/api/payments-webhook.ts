import { data } from "react-router";
import { apiError } from "~/.server/http/api-response";
import { paymentPort } from "~/.server/integrations/payments";
import { billingPort } from "~/.server/integrations/payments/billing";
import { isBillingPayload } from "~/.server/integrations/payments/billing-port";
import { receiveBillingWebhook } from "~/.server/services/billing/receive-billing-webhook";
import { receivePaymentWebhook } from "~/.server/services/payments/receive-payment-webhook";
import type { Route } from "./+types/payments-webhook";

/**
 * `POST /api/payments/webhook`: the payment provider's events (Stripe's, or the test provider's,
 * signed the same way). The `Stripe-Signature` header is checked on the raw bytes before anything
 * is read → 200 (also for a repeated event), 400 for a bad signature or a body that is no event,
 * 400 for a session that is not its order's, 409 for an order we do not
 * know yet (the provider sends it again later), 404 when payments are off.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const port = paymentPort(context.env);
  if (!port) return apiError("not-found", "指定されたAPIは存在しません");
  const rawBody = Buffer.from(await request.arrayBuffer());
  // Store plans (ADR 0037) come on the same endpoint and secret; their own handler verifies them.
  const billing = isBillingPayload(rawBody) ? billingPort(context.env) : null;
  const result = billing
    ? await receiveBillingWebhook({
        db: context.db,
        port: billing,
        mailer: context.mailer,
        baseUrl: context.env.baseUrl,
        rawBody,
        signature: request.headers.get("stripe-signature"),
      })
    : await receivePaymentWebhook({
        db: context.db,
        port,
        rawBody,
        signature: request.headers.get("stripe-signature"),
      });
  if (!result.ok && result.error === "bad_signature")
    return apiError("invalid-argument", "署名を確認できません");
  if (!result.ok && result.error === "order_mismatch")
    return apiError("invalid-argument", "決済と注文が一致しません");
  if (!result.ok)
    return data(
      { error: { code: "unavailable", message: "注文が見つかりません。後で再送してください" } },
      { status: 409 },
    );
  return data(
    { received: true, duplicate: result.duplicate ?? false },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
