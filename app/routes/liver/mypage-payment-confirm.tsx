import { data, Link, redirect } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { readFormData } from "~/.server/http/form";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { billingPort } from "~/.server/integrations/payments/billing";
import { readPlanConfirmation } from "~/.server/services/billing/read-plan-confirmation";
import { BILLING_PAGE_PATH } from "~/.server/services/billing/receive-billing-webhook";
import { startPlanSubscription } from "~/.server/services/billing/start-plan-subscription";
import { FinalConfirmation } from "~/components/money/final-confirmation";
import { EmptyState, PageHeader } from "~/components/ui/kit";
import {
  PLAN_CONFIRM_PATH,
  PlanCheckoutSchema,
  planConfirmation,
  FINAL_CONFIRMATION_TEXTS as TEXTS,
} from "~/domain/final-confirmation";
import { formatYen } from "~/domain/money";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-payment-confirm";

/**
 * The final confirmation of a store's plan subscription (ADR 0052, ADR 0037): the plan the
 * subscription bills, its monthly price, renewal, cancellation and arrears; only its form (intent
 * `subscribe`, with the key of the terms shown) starts the provider's checkout. A store already
 * subscribed is sent back to プラン・お支払い.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const confirmation = await readPlanConfirmation({ db: context.db, actor: viewer });
  if (!confirmation.ok && confirmation.error === "forbidden") throw new Response(null, { status: 403 });
  if (!confirmation.ok && confirmation.error === "already_subscribed") throw redirect(BILLING_PAGE_PATH);
  return {
    plan: confirmation.ok ? confirmation.plan : null,
    terms: confirmation.ok ? confirmation.terms : null,
    // Dates are worked out here, once, so the server's and the browser's render agree.
    items: confirmation.ok ? planConfirmation(confirmation.plan, new Date()) : [],
    provider: billingPort(context.env)?.provider ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const form = await readFormData(request);
  if (!form) throw new Response(null, { status: 400 });
  // A post without the confirmation's fields starts nothing: it is shown the confirmation.
  const confirmationAgain = () => redirect(PLAN_CONFIRM_PATH);
  return dispatchIntent(
    form,
    {
      subscribe: intent({
        schema: PlanCheckoutSchema,
        run: async (input) => {
          const result = await startPlanSubscription({
            db: context.db,
            actor: viewer,
            port: billingPort(context.env),
            input: { baseUrl: context.env.baseUrl, confirmedTerms: input.confirmed_terms },
          });
          // Stripe's page is on another origin; the test provider's is ours (a relative path).
          if (result.ok) return redirect(result.url);
          if (result.error === "forbidden") throw new Response(null, { status: 403 });
          if (result.error === "already_subscribed") return redirect(BILLING_PAGE_PATH);
          if (result.error === "terms_changed") return data({ error: TEXTS.termsChanged }, { status: 409 });
          if (result.error === "no_plan") return data({ error: TEXTS.noPlan }, { status: 400 });
          return data({ error: TEXTS.billingUnavailable }, { status: 503 });
        },
      }),
    },
    { otherwise: intent({ run: confirmationAgain }), refusal: confirmationAgain },
  );
}

/** After a refused press the plan is read again: the page must show what would be billed now. */
export const shouldRevalidate = () => true;

export function meta() {
  return [{ title: pageTitle(TEXTS.planTitle) }, { name: "robots", content: "noindex" }];
}

export default function PlanConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, terms, items, provider } = loaderData;
  const back = { to: "/liver/mypage/payment", label: TEXTS.backToPlan };
  if (!plan || !terms)
    return (
      <div className="mx-auto max-w-2xl space-y-5">
        <PageHeader title={TEXTS.planTitle} back={back} />
        <EmptyState title={TEXTS.noPlan}>
          <Link to="/liver/mypage/setting" className="text-brand-700 underline">
            {TEXTS.choosePlan}
          </Link>
        </EmptyState>
      </div>
    );
  return (
    <FinalConfirmation
      title={TEXTS.planTitle}
      lead={TEXTS.planLead}
      steps={TEXTS.planSteps}
      back={back}
      summary={
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          <div>
            <p className="text-slate-600 text-xs">ヨルナビ 店舗掲載プラン</p>
            <p className="font-black text-2xl text-slate-900">{plan.name}</p>
            <p className="font-bold text-brand-700 text-sm">キャスト{plan.limit_staff}名まで</p>
          </div>
          <p className="text-right">
            <span className="block text-slate-600 text-xs">月額（税込）・自動更新</span>
            <span className="font-black text-2xl text-slate-900" data-testid="confirmation-price">
              {formatYen(plan.monthly_price)}
            </span>
          </p>
        </div>
      }
      items={items}
      total={{
        label: "初回のお支払い（税込）",
        value: formatYen(plan.monthly_price),
        note: `以後1か月ごとに${formatYen(plan.monthly_price)}（自動更新）`,
      }}
      termsLink={{ to: "/terms-store", label: TEXTS.storeTermsLink }}
      provider={provider}
      error={actionData?.error ?? (provider ? null : TEXTS.billingUnavailable)}
      hidden={{ intent: "subscribe", confirmed_terms: terms }}
      testId="plan-confirmation"
    />
  );
}
