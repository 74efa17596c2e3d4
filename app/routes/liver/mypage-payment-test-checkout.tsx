import { Form, redirect } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { billingPort } from "~/.server/integrations/payments/billing";
import {
  TEST_BILLING_CARDS,
  type TestBillingCard,
  type TestBillingPort,
} from "~/.server/integrations/payments/test-billing";
import {
  findTestSubscriptionCheckout,
  payTestSubscription,
} from "~/.server/services/billing/pay-test-subscription";
import { SubmitButton } from "~/components/form/submit-button";
import { Card, PageHeader } from "~/components/ui/kit";
import { formatYen } from "~/domain/money";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-payment-test-checkout";

/** The test provider's subscription checkout (ADR 0032): only with PAYMENT_PROVIDER=test. */
function testPort(env: Route.LoaderArgs["context"]["env"]) {
  const port = billingPort(env);
  if (port?.provider !== "test") throw new Response(null, { status: 404 });
  return port as TestBillingPort;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  testPort(context.env);
  const found = await findTestSubscriptionCheckout({
    db: context.db,
    actor: viewer,
    input: { sessionId: params.session },
  });
  if (!found) throw new Response(null, { status: 404 });
  return {
    plan: { name: found.plan.name, price: found.plan.monthly_price },
    open: found.billing.status === "incomplete",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const port = testPort(context.env);
  const card = String((await request.formData()).get("card") ?? "");
  if (!(card in TEST_BILLING_CARDS)) throw new Response(null, { status: 400 });
  const result = await payTestSubscription({
    db: context.db,
    actor: viewer,
    port,
    mailer: context.mailer,
    baseUrl: context.env.baseUrl,
    input: { sessionId: params.session, card: card as TestBillingCard },
  });
  if (!result.ok && result.error === "not_found") throw new Response(null, { status: 404 });
  return redirect("/liver/mypage/payment?checkout=done");
}

export function meta() {
  return [{ title: pageTitle(MONEY_TEXTS.testPayment) }, { name: "robots", content: "noindex" }];
}

export default function TestSubscriptionCheckout({ loaderData }: Route.ComponentProps) {
  const { plan, open } = loaderData;
  return (
    <div className="space-y-5">
      <PageHeader
        title={MONEY_TEXTS.testPayment}
        back={{ to: "/liver/mypage/payment", label: "プラン・お支払いに戻る" }}
      />
      <p
        role="note"
        className="rounded-xl bg-amber-100 p-3 font-bold text-amber-900 text-sm"
        data-testid="test-payment-banner"
      >
        これは{MONEY_TEXTS.testPayment}です。実際の請求は発生しません（開発・検証用）。
      </p>
      <Card title="ご契約内容">
        <p className="font-bold text-lg">{plan.name}</p>
        <p className="mt-1">月額 {formatYen(plan.price)}（税込）・毎月自動更新</p>
        {open ? (
          <Form method="post" className="mt-4 space-y-3">
            <SubmitButton name="card" value="4242">
              テストカード 4242 で登録して支払う
            </SubmitButton>
            <SubmitButton name="card" value="0341" variant="secondary">
              テストカード 0341 で登録する（初回は成功、更新時に失敗）
            </SubmitButton>
          </Form>
        ) : (
          <p className="mt-3 font-bold text-emerald-700">お手続きは完了しています。</p>
        )}
      </Card>
    </div>
  );
}
