import { Form, redirect } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { paymentPort } from "~/.server/integrations/payments";
import { customerPort } from "~/.server/integrations/payments/listener-customers";
import type { createTestPayments } from "~/.server/integrations/payments/test-payments";
import { listPaymentMethods } from "~/.server/services/payments/list-payment-methods";
import {
  findTestCheckout,
  payTestCheckout,
  TEST_PAYMENT_METHODS,
  type TestPaymentMethod,
} from "~/.server/services/payments/pay-test-checkout";
import { refundTestCheckout } from "~/.server/services/payments/refund-test-checkout";
import { SubmitButton } from "~/components/form/submit-button";
import { Card, PageHeader } from "~/components/ui/kit";
import { coinPagePath, parseCoinReturn } from "~/domain/coin-return";
import { formatCoins, formatYen } from "~/domain/money";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { cardBrandLabel, cardExpiry, TEST_CARDS } from "~/domain/payment-methods";
import { pageTitle } from "~/site";
import type { Route } from "./+types/coin-test-checkout";

/** The test provider's checkout (ADR 0032): only with PAYMENT_PROVIDER=test, never in production. */
function testPort(env: Route.LoaderArgs["context"]["env"]) {
  const port = paymentPort(env);
  if (port?.provider !== "test") throw new Response(null, { status: 404 });
  return port as ReturnType<typeof createTestPayments>;
}

/** The way back the checkout URL carries (ADR 0043); anything but a same-origin path is dropped. */
function returnPathOf(request: Request): string | null {
  const back = parseCoinReturn(new URL(request.url).searchParams.get("return"));
  return back.ok ? back.path : null;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "listener");
  testPort(context.env);
  const order = await findTestCheckout({
    db: context.db,
    actor: viewer,
    input: { sessionId: params.session },
  });
  if (!order) throw new Response(null, { status: 404 });
  // The cards the test provider keeps for the listener: paying with one saves nothing new.
  const saved =
    order.status === "pending"
      ? await listPaymentMethods({
          db: context.db,
          actor: viewer,
          port: customerPort(context.env, context.db),
        })
      : null;
  return {
    returnPath: returnPathOf(request),
    savedCards: saved?.ok ? saved.cards : [],
    order: {
      status: order.status,
      coins: order.coins,
      bonus: order.bonus_coins,
      price: order.price_jpy,
      id: order.order_id,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const port = testPort(context.env);
  const form = await request.formData();
  return dispatchIntent(
    form,
    {
      refund: intent({
        run: async () => {
          const refunded = await refundTestCheckout({
            db: context.db,
            actor: viewer,
            port,
            input: { sessionId: params.session, amountJpy: Number(form.get("amount")) },
          });
          if (!refunded.ok && refunded.error === "not_found") throw new Response(null, { status: 404 });
          if (!refunded.ok) return { refundError: "返金額は1円以上の整数で入力してください" };
          return redirect(`/listener/coin/test-checkout/${params.session}?refunded=1`);
        },
      }),
    },
    {
      // The payment form posts its `method` and no intent: any post but a refund pays.
      otherwise: intent({
        run: async () => {
          const method = String(form.get("method") ?? "");
          if (!TEST_PAYMENT_METHODS.includes(method as TestPaymentMethod))
            throw new Response(null, { status: 400 });
          const result = await payTestCheckout({
            db: context.db,
            actor: viewer,
            port,
            customers: customerPort(context.env, context.db),
            input: {
              sessionId: params.session,
              method: method as TestPaymentMethod,
              saveCard: form.get("save_card") === "on" ? String(form.get("card") ?? "visa") : null,
            },
          });
          if (!result.ok) throw new Response(null, { status: 404 });
          if (method === "konbini") return null; // stay: the voucher waits for its payment
          // Where Stripe's success URL would lead: the coin page, with the way back to the live.
          return redirect(coinPagePath({ order: result.orderId, returnPath: returnPathOf(request) }));
        },
      }),
    },
  );
}

export function meta() {
  return [{ title: pageTitle(MONEY_TEXTS.testPayment) }, { name: "robots", content: "noindex" }];
}

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { order, savedCards, returnPath } = loaderData;
  const waiting = order.status === "awaiting_payment";
  return (
    <div className="space-y-5">
      <PageHeader
        title={MONEY_TEXTS.testPayment}
        back={{ to: coinPagePath({ returnPath }), label: "コインに戻る" }}
      />
      <p
        role="note"
        className="rounded-xl bg-amber-100 p-3 font-bold text-amber-900 text-sm"
        data-testid="test-payment-banner"
      >
        これは{MONEY_TEXTS.testPayment}です。実際の請求は発生しません（開発・検証用）。
      </p>
      <Card title="ご購入内容">
        <p className="font-bold text-lg">
          {formatCoins(order.coins)}
          {order.bonus > 0 ? `（＋ボーナス ${formatCoins(order.bonus)}）` : ""}
        </p>
        <p className="mt-1">お支払い金額：{formatYen(order.price)}（税込）</p>
        {order.status === "paid" ? (
          <>
            <p className="mt-3 font-bold text-emerald-700">お支払い済みです。</p>
            <Form
              method="post"
              className="mt-4 space-y-2 rounded-xl bg-slate-50 p-3"
              data-testid="test-refund"
            >
              <input type="hidden" name="intent" value="refund" />
              <p className="text-slate-600 text-xs">
                決済事業者の管理画面での返金を模擬します（テスト決済のみ）。未使用のコインが返金額に応じて取り消されます。
              </p>
              <label className="block text-sm">
                返金額（円）
                <input
                  type="number"
                  name="amount"
                  min={1}
                  max={order.price}
                  defaultValue={order.price}
                  required
                  className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3"
                  aria-describedby={actionData && "refundError" in actionData ? "refund-error" : undefined}
                />
              </label>
              {actionData && "refundError" in actionData ? (
                <p id="refund-error" className="text-red-700 text-sm">
                  {actionData.refundError}
                </p>
              ) : null}
              <SubmitButton variant="secondary">返金する（テスト）</SubmitButton>
            </Form>
          </>
        ) : waiting ? (
          <Form method="post" className="mt-4 space-y-3">
            <p className="text-sm">コンビニでのお支払いを待っています。</p>
            <SubmitButton name="method" value="konbini_paid">
              コンビニで入金する（テスト）
            </SubmitButton>
            <SubmitButton name="method" value="konbini_failed" variant="secondary">
              支払期限切れにする（テスト）
            </SubmitButton>
          </Form>
        ) : order.status === "pending" ? (
          <Form method="post" className="mt-4 space-y-3">
            <fieldset className="space-y-2 rounded-xl p-3 ring-1 ring-slate-200">
              <legend className="px-1 font-bold text-sm">テスト用カード</legend>
              {savedCards.map((card, i) => (
                <label key={card.id} className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="radio" name="card" value={`saved:${card.id}`} defaultChecked={i === 0} />
                  保存済み：{cardBrandLabel(card.brand)} •••• {card.last4}（{cardExpiry(card)}）
                </label>
              ))}
              {Object.entries(TEST_CARDS).map(([key, card], i) => (
                <label key={key} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="card"
                    value={key}
                    defaultChecked={savedCards.length === 0 && i === 0}
                  />
                  {cardBrandLabel(card.brand)} •••• {card.last4}
                </label>
              ))}
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name="save_card" data-testid="save-card" />
                このカードを保存する
              </label>
            </fieldset>
            <SubmitButton name="method" value="card">
              カードで支払う（テスト）
            </SubmitButton>
            <SubmitButton name="method" value="konbini" variant="secondary">
              コンビニ払いにする（テスト）
            </SubmitButton>
          </Form>
        ) : (
          <p className="mt-3 text-red-700">このお支払いは完了できません。</p>
        )}
      </Card>
    </div>
  );
}
