import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { customerPort } from "~/.server/integrations/payments/listener-customers";
import { deletePaymentMethod } from "~/.server/services/payments/delete-payment-method";
import { listPaymentMethods } from "~/.server/services/payments/list-payment-methods";
import { SubmitButton } from "~/components/form/submit-button";
import { ButtonLink, Card, EmptyState, FlashMessage, PageHeader, SMALL_BUTTON } from "~/components/ui/kit";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { cardBrandLabel, cardExpiry } from "~/domain/payment-methods";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-payment";

/**
 * `/listener/mypage/payment` (ADR 0032, ADR 0038): the cards the payment provider keeps for
 * the listener (brand, last 4 digits, expiry) and deleting one after a confirmation step (a plain
 * link and form: no JavaScript needed). The provider is asked before the page renders (so the list
 * is there without JavaScript too — a streamed list would need a script to show); while it is asked
 * again (after a delete, or coming back) the list shows a loading state. Card numbers are typed on
 * the provider's checkout only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const url = new URL(request.url);
  const cards = await listPaymentMethods({
    db: context.db,
    actor: viewer,
    port: customerPort(context.env, context.db),
  });
  if (!cards.ok && cards.error === "forbidden") throw new Response(null, { status: 403 });
  return {
    cards,
    confirm: url.searchParams.get("confirm"),
    done: url.searchParams.get("done") === "deleted",
    provider: context.env.payments.provider,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const form = await request.formData();
  const result = await deletePaymentMethod({
    db: context.db,
    actor: viewer,
    port: customerPort(context.env, context.db),
    input: { payment_method_id: form.get("payment_method_id") },
  });
  if (result.ok) return redirect("/listener/mypage/payment?done=deleted");
  if (result.error === "forbidden") throw new Response(null, { status: 403 });
  return data(
    {
      error:
        result.error === "not_found" ? MONEY_TEXTS.paymentMethodGone : MONEY_TEXTS.paymentMethodDeleteFailed,
    },
    { status: result.error === "not_found" ? 404 : 503 },
  );
}

export function meta() {
  return [{ title: pageTitle("お支払い方法") }, { name: "robots", content: "noindex" }];
}

export default function PaymentMethods({ loaderData, actionData }: Route.ComponentProps) {
  const { cards: result, confirm, done, provider } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state !== "idle" && navigation.location?.pathname === "/listener/mypage/payment";
  return (
    <div className="space-y-5">
      <PageHeader
        title="お支払い方法"
        lead="コインの購入時に保存したカードです。カード番号は決済代行会社が管理し、当サービスには保存されません。"
      />
      {actionData?.error ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 font-bold text-red-800 text-sm">
          {actionData.error}
        </p>
      ) : null}
      <Card title="保存済みのカード" testId="payment-methods">
        {loading ? (
          <CardsLoading />
        ) : !result.ok ? (
          <p role="alert" className="text-red-700 text-sm" data-testid="payment-methods-unavailable">
            {provider === "none" ? "現在コインの販売を準備中です。" : MONEY_TEXTS.paymentMethodsUnavailable}
          </p>
        ) : result.cards.length === 0 ? (
          <EmptyState title="保存済みのカードはありません">
            コインの購入時に「このカードを保存する」を選ぶと、次回から入力を省けます。
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="payment-method-list">
            {result.cards.map((card) => (
              <li key={card.id} className="py-3" data-testid="payment-method">
                <div className="flex items-center justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-bold">
                      {cardBrandLabel(card.brand)} •••• {card.last4}
                    </p>
                    <p className="text-slate-600 text-sm">有効期限 {cardExpiry(card)}</p>
                  </div>
                  {confirm === card.id ? null : (
                    <Link
                      to={`?confirm=${encodeURIComponent(card.id)}`}
                      className={SMALL_BUTTON}
                      aria-label={`${cardBrandLabel(card.brand)} 末尾${card.last4}を削除`}
                      preventScrollReset
                    >
                      削除
                    </Link>
                  )}
                </div>
                {confirm === card.id ? (
                  <Form
                    method="post"
                    className="mt-3 space-y-3 rounded-xl bg-red-50 p-3"
                    data-testid="payment-method-confirm"
                  >
                    <input type="hidden" name="payment_method_id" value={card.id} />
                    <p className="font-bold text-red-900 text-sm">
                      このカード（{cardBrandLabel(card.brand)} 末尾{card.last4}
                      ）を削除しますか？次回のお支払いではカード情報の入力が必要になります。
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <SubmitButton block={false} pendingLabel="削除中…">
                        削除する
                      </SubmitButton>
                      <Link to="/listener/mypage/payment" className={SMALL_BUTTON} preventScrollReset>
                        キャンセル
                      </Link>
                    </div>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <div>
        <ButtonLink to="/listener/coin" variant="secondary">
          コインを購入する
        </ButtonLink>
      </div>
      <FlashMessage message={done ? "カードを削除しました" : null} />
    </div>
  );
}

function CardsLoading() {
  return (
    <div role="status" aria-live="polite" className="space-y-3" data-testid="payment-methods-loading">
      <span className="sr-only">読み込み中…</span>
      {[0, 1].map((i) => (
        <div key={i} className="h-12 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
      ))}
    </div>
  );
}
