import { PlanChangeSchema } from "~/domain/bank-account";
import { planTerms } from "~/domain/plans";
import { type ControlProps, Fieldset } from "../form/field";
import { FormErrorSummary } from "../form/form-error-summary";
import { SubmitButton } from "../form/submit-button";
import { field, useSchemaForm } from "../form/use-schema-form";
import { IntentForm, Section, type SettingsFormResult } from "./settings-forms";

interface PlanSummary {
  id: string;
  name: string;
  monthly_price: number;
  limit_staff: number;
  description: string;
}

/**
 * The store's plan and the change from next month (ADR 0006, ADR 0037: `new_plan_id`). Choosing the current
 * plan withdraws a pending change. Payment is a later feature: the page says so plainly.
 */
export function PlanForm({
  action,
  plan,
  newPlan,
  plans,
  staffCount,
  limitStaff,
  result,
}: {
  action: string;
  plan: PlanSummary | null;
  newPlan: PlanSummary | null;
  plans: readonly PlanSummary[];
  staffCount: number;
  limitStaff: number;
  result?: SettingsFormResult;
}) {
  const { fields, errors } = useSchemaForm(PlanChangeSchema, {
    id: "plan",
    defaultValue: { new_plan_id: newPlan?.id ?? plan?.id ?? "" },
    result,
  });
  const planField = field(fields.new_plan_id);
  const chosen = planField.defaultValue ?? newPlan?.id ?? plan?.id ?? "";
  return (
    <Section
      id="plan"
      title="ご利用プラン"
      lead={<PlanLead plan={plan} newPlan={newPlan} staffCount={staffCount} limitStaff={limitStaff} />}
    >
      <FormErrorSummary errors={errors} labels={{ new_plan_id: "プラン" }} idPrefix="plan" className="mb-4" />
      <IntentForm action={action} intent="plan">
        {/* One plan is always chosen (the current one): the page shows no 必須 badge here. */}
        <Fieldset {...planField} label="次回更新からのプラン" required={undefined}>
          {(control) => (
            <div className="grid gap-2">
              {plans.map((option, index) => (
                <PlanChoice
                  key={option.id}
                  option={option}
                  index={index}
                  control={control}
                  checked={chosen === option.id}
                  current={option.id === plan?.id}
                />
              ))}
            </div>
          )}
        </Fieldset>
        <SubmitButton pendingLabel="保存中…">プランを変更する</SubmitButton>
      </IntentForm>
    </Section>
  );
}

/** The plan now, the performers against its limit, a change waiting for the next renewal. */
function PlanLead({
  plan,
  newPlan,
  staffCount,
  limitStaff,
}: {
  plan: PlanSummary | null;
  newPlan: PlanSummary | null;
  staffCount: number;
  limitStaff: number;
}) {
  return (
    <>
      <p>
        現在のプラン：
        <strong className="text-slate-800">{plan ? `${plan.name}（${planTerms(plan)}）` : "未設定"}</strong>
      </p>
      <p>
        登録中のキャスト：{staffCount} / {limitStaff}名
      </p>
      {newPlan ? (
        <p className="mt-1 font-bold text-amber-800">次回の更新日から「{newPlan.name}」に変更されます。</p>
      ) : null}
      <p className="mt-1">
        プランの変更は次回の更新日（毎月のお支払い日）から適用されます。お支払い状況と請求書は「プラン・お支払い」でご確認いただけます。
      </p>
    </>
  );
}

/** One plan as a radio card; the first carries the field's id (the error summary links to it). */
function PlanChoice({
  option,
  index,
  control,
  checked,
  current,
}: {
  option: PlanSummary;
  index: number;
  control: ControlProps;
  checked: boolean;
  current: boolean;
}) {
  const id = index === 0 ? control.id : `${control.id}-${index}`;
  return (
    <label
      htmlFor={id}
      className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white px-3 py-3 has-checked:border-brand-500 has-checked:bg-brand-50"
    >
      <input
        type="radio"
        id={id}
        name={control.name}
        value={option.id}
        defaultChecked={checked}
        aria-invalid={control["aria-invalid"]}
        aria-describedby={control["aria-describedby"]}
        className="mt-0.5 size-5 shrink-0 accent-brand-600"
      />
      <span className="min-w-0">
        <span className="block font-bold">
          {option.name}
          {current ? <span className="ml-2 text-brand-700 text-xs">現在のプラン</span> : null}
        </span>
        <span className="block text-slate-700 text-sm">{planTerms(option)}</span>
        {option.description ? (
          <span className="block text-slate-500 text-xs">{option.description}</span>
        ) : null}
      </span>
    </label>
  );
}
