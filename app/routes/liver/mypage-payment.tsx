import { data, Form, Link, redirect } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { type FieldErrors, FORM_ERROR_KEY, type FormValues, readFormData } from "~/.server/http/form";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { billingPort } from "~/.server/integrations/payments/billing";
import type { TestBillingPort } from "~/.server/integrations/payments/test-billing";
import { setPlanCancellation } from "~/.server/services/billing/cancel-plan-subscription";
import { readBillingPage } from "~/.server/services/billing/read-billing-page";
import {
  runTestBillingControl,
  TEST_BILLING_CONTROLS,
  type TestBillingControl,
} from "~/.server/services/billing/test-billing-controls";
import { SubmitButton } from "~/components/form/submit-button";
import { Badge, ButtonLink, Card, EmptyState, FlashMessage, PageHeader } from "~/components/ui/kit";
import { PLAN_CONFIRM_PATH } from "~/domain/final-confirmation";
import { formatTokyoDate } from "~/domain/format";
import { formatYen } from "~/domain/money";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { cardBrandLabel } from "~/domain/payment-methods";
import { RECEIPT_TEXTS } from "~/domain/qualified-invoice";
import { BILLING_GRACE_DAYS, BILLING_PHASE_LABELS, INVOICE_STATUS_LABELS } from "~/domain/store-billing";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-payment";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const page = await readBillingPage({ db: context.db, actor: viewer });
  if (!page) throw new Response(null, { status: 403 });
  const port = billingPort(context.env);
  const checkout = new URL(request.url).searchParams.get("checkout");
  return {
    page,
    provider: port?.provider ?? null,
    justSubscribed: checkout === "done",
    // A paid invoice has its receipt (適格請求書, ADR 0061) once an issuer is configured.
    receipts: context.env.invoiceIssuer !== undefined,
  };
}

const ERRORS: Record<string, string> = {
  already_subscribed: "すでにご契約中です。",
  no_plan: "プランが選ばれていません。設定でプランを選んでください。",
  unavailable: "現在オンライン決済を受け付けていません。運営までお問い合わせください。",
  no_subscription: "ご契約中のプランがありません。",
  card_fails: "登録中のテストカード（0341）では支払えません。先に 4242 に切り替えてください。",
};

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const form = await readFormData(request);
  if (!form) throw new Response(null, { status: 400 });
  const port = billingPort(context.env);
  const services = { db: context.db, actor: viewer };
  const fail = (error: string) => {
    if (error === "forbidden") throw new Response(null, { status: 403 });
    return data({ done: null, error: ERRORS[error] ?? "処理できませんでした。" }, { status: 400 });
  };
  const cancellation = (cancel: boolean) =>
    intent({
      run: async () => {
        const result = await setPlanCancellation({ ...services, port, input: { cancel } });
        if (!result.ok) return fail(result.error);
        return { done: cancel ? "次回更新日での解約を受け付けました" : "解約を取り消しました", error: null };
      },
    });
  const badRequest = () => {
    throw new Response(null, { status: 400 });
  };
  return dispatchIntent(
    form,
    {
      // The checkout starts only from the final confirmation (ADR 0052); a post of the page's
      // old subscribe form is shown it.
      subscribe: intent({ run: () => redirect(PLAN_CONFIRM_PATH) }),
      cancel: cancellation(true),
      resume: cancellation(false),
      test: intent({
        run: async () => {
          const control = String(form.get("control") ?? "") as TestBillingControl;
          if (port?.provider !== "test" || !TEST_BILLING_CONTROLS.includes(control)) return badRequest();
          const result = await runTestBillingControl({
            ...services,
            port: port as TestBillingPort,
            mailer: context.mailer,
            baseUrl: context.env.baseUrl,
            input: { control },
          });
          if (!result.ok) return fail(result.error);
          return { done: TEST_DONE[result.outcome.split(":")[0] ?? ""] ?? "実行しました", error: null };
        },
      }),
    },
    {
      otherwise: intent({ run: badRequest }),
      refusal: (_intent: string, _values: FormValues, errors: FieldErrors, status = 400) =>
        data({ done: null, error: errors[FORM_ERROR_KEY] ?? "処理できませんでした。" }, { status }),
    },
  );
}

const TEST_DONE: Record<string, string> = {
  card: "テストカードを切り替えました",
  renewed: "更新しました（お支払い済み）",
  failed: "更新しましたが、お支払いに失敗しました",
  canceled: "解約しました",
  not_due: "更新できる契約がありません",
  paid: "未払いの請求をお支払いしました",
};

export function meta() {
  return [{ title: pageTitle("プラン・お支払い") }, { name: "robots", content: "noindex" }];
}

const shortDay = (iso: string) => new Date(iso).toLocaleDateString("ja-JP", { timeZone: "Asia/Tokyo" });

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { page, provider, justSubscribed, receipts } = loaderData;
  const phase = BILLING_PHASE_LABELS[page.phase];
  const subscribed = page.phase !== "none" && page.phase !== "canceled" && page.phase !== "pending";
  return (
    <div className="space-y-5">
      <PageHeader title="プラン・お支払い" />
      <FlashMessage message={actionData?.done ?? (justSubscribed ? "お手続きを受け付けました" : null)} />
      {actionData?.error ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 p-3 font-bold text-red-800 text-sm"
          data-testid="billing-error"
        >
          {actionData.error}
        </p>
      ) : null}
      {page.phase === "grace" || page.phase === "suspended" ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 text-sm"
          data-testid="billing-arrears"
        >
          <p className="font-bold">
            {page.phase === "suspended"
              ? "お支払いが確認できないため、店舗の掲載を停止しています。"
              : `プラン料金のお支払いができませんでした。${page.graceUntil ? `${formatTokyoDate(page.graceUntil)}までに` : ""}お支払いがない場合、掲載を停止します。`}
          </p>
          <p className="mt-1">
            カードをご確認のうえ、下の請求書からお支払いください。お支払いを確認しだい掲載を再開します（猶予期間{" "}
            {BILLING_GRACE_DAYS}日間）。
          </p>
        </div>
      ) : null}
      <Card title="ご契約中のプラン" testId="billing-plan">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-bold text-lg">{page.plan?.name ?? "未選択"}</p>
          <Badge tone={phase.tone}>{phase.label}</Badge>
        </div>
        {page.plan ? (
          <p className="mt-1 text-slate-700">月額 {formatYen(page.plan.monthlyPrice)}（税込）</p>
        ) : null}
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">次回のお支払い日</dt>
          <dd data-testid="billing-next">
            {page.nextBillingAt
              ? page.cancelAtPeriodEnd
                ? `${formatTokyoDate(page.nextBillingAt)}で解約`
                : formatTokyoDate(page.nextBillingAt)
              : "—"}
          </dd>
          <dt className="text-slate-500">次回からのプラン</dt>
          <dd>
            {page.newPlan ? (
              <>
                {page.newPlan.name}（月額 {formatYen(page.newPlan.monthlyPrice)}）
                <span className="text-slate-500">・次回更新から</span>
              </>
            ) : (
              "変更なし"
            )}{" "}
            <Link to="/liver/mypage/setting" className="text-brand-700 underline">
              変更する
            </Link>
          </dd>
          <dt className="text-slate-500">お支払い方法</dt>
          <dd data-testid="billing-card">
            {page.card ? `${cardBrandLabel(page.card.brand)} •••• ${page.card.last4}` : "未登録"}
          </dd>
        </dl>
        {!subscribed ? (
          <div className="mt-5 space-y-2">
            <p className="text-slate-600 text-sm">
              クレジットカードで毎月自動でお支払いいただけます。カード番号は決済代行会社が管理し、当サイトには保存されません。お支払いの前に、お申し込み内容の確認画面を表示します。
            </p>
            {provider && page.plan ? (
              <ButtonLink to={PLAN_CONFIRM_PATH} className="w-full text-base">
                {page.phase === "pending" ? "お支払い手続きを再開する" : "申し込み内容を確認する"}
              </ButtonLink>
            ) : (
              <p className="rounded-xl bg-slate-50 p-3 text-slate-600 text-sm" data-testid="billing-closed">
                {page.plan ? ERRORS.unavailable : ERRORS.no_plan}
              </p>
            )}
            {provider === "test" ? (
              <p className="text-amber-800 text-xs">
                {MONEY_TEXTS.testPayment}で手続きします（実際の請求はありません）。
              </p>
            ) : null}
          </div>
        ) : (
          <Form method="post" className="mt-5">
            <input type="hidden" name="intent" value={page.cancelAtPeriodEnd ? "resume" : "cancel"} />
            <SubmitButton variant="secondary" block={false} pendingLabel="送信中…">
              {page.cancelAtPeriodEnd ? "解約を取り消す" : "次回更新日で解約する"}
            </SubmitButton>
            {!page.cancelAtPeriodEnd ? (
              <p className="mt-2 text-slate-500 text-xs">
                解約後も次回のお支払い日までは掲載されます。日割りの返金はありません。
              </p>
            ) : null}
          </Form>
        )}
      </Card>
      <Card title="請求書" testId="billing-invoices">
        {page.invoices.length === 0 ? (
          <EmptyState title="請求書はまだありません" />
        ) : (
          <ul className="divide-y divide-slate-100">
            {page.invoices.map((invoice) => (
              <li
                key={invoice.id}
                className="flex flex-wrap items-center justify-between gap-2 py-3"
                data-testid="billing-invoice"
              >
                <div className="min-w-0">
                  <p className="font-bold">
                    {formatYen(invoice.amountJpy)}
                    <span className="ml-2 font-normal text-slate-600 text-sm">{invoice.planName}</span>
                  </p>
                  <p className="text-slate-500 text-xs">
                    {shortDay(invoice.date)}
                    {invoice.periodStart && invoice.periodEnd
                      ? `・対象期間 ${shortDay(invoice.periodStart)}〜${shortDay(invoice.periodEnd)}`
                      : ""}
                    {invoice.number ? `・No. ${invoice.number}` : ""}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge
                    tone={invoice.status === "paid" ? "green" : invoice.status === "failed" ? "red" : "gray"}
                  >
                    {INVOICE_STATUS_LABELS[invoice.status]}
                  </Badge>
                  {invoice.status === "paid" && receipts ? (
                    <Link
                      to={`/liver/mypage/payment/receipts/${encodeURIComponent(invoice.id)}`}
                      className="inline-flex min-h-11 items-center text-brand-700 text-sm underline"
                    >
                      {RECEIPT_TEXTS.linkLabel}
                    </Link>
                  ) : invoice.url ? (
                    <a
                      href={invoice.url}
                      target="_blank"
                      rel="noreferrer"
                      className="text-brand-700 text-sm underline"
                    >
                      {invoice.status === "paid" ? "領収書" : "支払う"}
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {provider === "test" && subscribed ? (
        <TestControls failing={page.testCardFails} phase={page.phase} />
      ) : null}
    </div>
  );
}

/** The test provider's hand controls (never in production: the test provider is refused there). */
function TestControls({ failing, phase }: { failing: boolean; phase: string }) {
  return (
    <Card
      title={`${MONEY_TEXTS.testPayment}の操作`}
      lead="開発・検証用です。実際の請求は発生しません。"
      testId="billing-test"
    >
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="test" />
        <SubmitButton
          name="control"
          value={failing ? "card_4242" : "card_0341"}
          variant="secondary"
          block={false}
        >
          {failing ? "カードを 4242（成功）に切り替える" : "カードを 0341（更新時に失敗）に切り替える"}
        </SubmitButton>
        <SubmitButton name="control" value="renew_now" variant="secondary" block={false}>
          次回の更新を今すぐ実行する
        </SubmitButton>
        {phase === "grace" || phase === "suspended" ? (
          <SubmitButton name="control" value="pay_unpaid" block={false}>
            未払いの請求を支払う
          </SubmitButton>
        ) : null}
      </Form>
    </Card>
  );
}
