import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { StepIndicator } from "~/components/account/step-indicator";
import { SubmitButton } from "~/components/form/submit-button";
import { Badge, Card, PageHeader } from "~/components/ui/kit";
import { type ConfirmationItem, FINAL_CONFIRMATION_TEXTS as TEXTS } from "~/domain/final-confirmation";
import { MONEY_TEXTS } from "~/domain/money-texts";

/**
 * The final confirmation of a purchase or a subscription (ADR 0052): the steps, a summary of what
 * is bought for how much, every item of the terms, the legal pages, and the one button that starts
 * the provider's checkout — a plain form, so it works without JavaScript.
 */
export function FinalConfirmation({
  title,
  lead,
  steps,
  back,
  summary,
  items,
  total,
  termsLink,
  provider,
  error,
  hidden,
  testId,
}: {
  title: string;
  lead: string;
  steps: readonly [string, string, string];
  back: { to: string; label: string };
  /** What is bought and its price, large. */
  summary: ReactNode;
  items: readonly ConfirmationItem[];
  /** The amount the button commits to, repeated beside it. */
  total: { label: string; value: string; note?: string };
  termsLink: { to: string; label: string };
  provider: "test" | "stripe" | null;
  /** Why the last press was refused (the terms changed, the provider failed). */
  error: string | null;
  /** The form's fields: the intent, what is bought, the key of the terms shown. */
  hidden: Record<string, string>;
  testId: string;
}) {
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <StepIndicator step={2} steps={steps} label={TEXTS.stepsLabel} />
      <PageHeader title={title} lead={lead} back={back} />
      {error ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 p-3 font-bold text-red-800 text-sm"
          data-testid="confirmation-error"
        >
          {error}
        </p>
      ) : null}
      <Card testId={testId}>
        <div className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100" data-testid="confirmation-summary">
          {summary}
        </div>
        <dl className="mt-4 divide-y divide-slate-100">
          {items.map((item) => (
            <div
              key={item.key}
              className="grid gap-1 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4"
              data-testid={`confirm-${item.key}`}
            >
              <dt className="font-bold text-slate-500 text-xs sm:pt-0.5 sm:text-sm">{item.label}</dt>
              <dd className="min-w-0">
                <p className="font-bold text-slate-900">{item.value}</p>
                {item.notes.length > 0 ? (
                  <ul className="mt-1 space-y-1 text-slate-600 text-xs leading-relaxed">
                    {item.notes.map((note) => (
                      <li key={note}>{note}</li>
                    ))}
                  </ul>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 rounded-xl bg-slate-50 p-3 text-slate-600 text-xs leading-relaxed">
          {TEXTS.legalLead}
          <span className="mt-1 flex flex-wrap gap-x-4">
            <Link
              to="/specified-commercial"
              className="inline-flex min-h-11 items-center text-brand-700 underline"
            >
              {TEXTS.commercialLink}
            </Link>
            <Link to={termsLink.to} className="inline-flex min-h-11 items-center text-brand-700 underline">
              {termsLink.label}
            </Link>
          </span>
        </p>
      </Card>
      {provider ? (
        <Form method="post" className="space-y-3" data-testid="confirmation-form">
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div
            className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200"
            data-testid="confirmation-total"
          >
            <span className="font-bold text-slate-700 text-sm">{total.label}</span>
            <span className="font-black text-2xl text-slate-900">{total.value}</span>
            {total.note ? (
              <span className="w-full text-right text-slate-600 text-xs">{total.note}</span>
            ) : null}
          </div>
          <SubmitButton pendingLabel={TEXTS.pending} className="text-lg">
            {TEXTS.confirm}
          </SubmitButton>
          <p className="text-center text-slate-600 text-xs leading-relaxed">
            {provider === "test" ? (
              <>
                <Badge tone="amber">{MONEY_TEXTS.testPayment}</Badge> {TEXTS.nextStepTest}
              </>
            ) : (
              TEXTS.nextStep
            )}
          </p>
        </Form>
      ) : null}
      <p className="text-center">
        <Link to={back.to} className="inline-flex min-h-11 items-center text-slate-600 text-sm underline">
          {back.label}
        </Link>
      </p>
    </div>
  );
}
