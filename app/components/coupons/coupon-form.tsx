import { Form } from "react-router";
import {
  COUPON_CONDITIONS_MAX,
  COUPON_DISCOUNT_MAX,
  COUPON_MAX_DAYS_AHEAD,
  COUPON_TEXTS,
  COUPON_TITLE_MAX,
  CouponFormSchema,
} from "~/domain/coupons";
import { hintIdOf } from "../form/field";
import { FormErrorSummary } from "../form/form-error-summary";
import { SubmitButton } from "../form/submit-button";
import { TextInput } from "../form/text-input";
import { TextareaInput } from "../form/textarea-input";
import { controlIdOf, field, type ServerFormResult, useSchemaForm } from "../form/use-schema-form";

export const COUPON_FIELD_LABELS = {
  title: "タイトル",
  discount_text: "割引内容",
  conditions: "利用条件",
  first_visit_only: COUPON_TEXTS.firstVisitOnly,
  starts_at: "開始日時",
  ends_at: "終了日時",
} as const;

/**
 * The store's coupon form (Conform over `CouponFormSchema`, ADR 0021): the times are Tokyo
 * date-time pickers like the operator's news (an empty start starts the coupon now).
 */
export function CouponForm({
  defaultValue,
  result,
  submitLabel,
}: {
  defaultValue: Record<string, unknown>;
  result?: ServerFormResult;
  submitLabel: string;
}) {
  const { fields, errors } = useSchemaForm(CouponFormSchema, { id: "coupon", defaultValue, result });
  const ticked = (result?.values ?? defaultValue).first_visit_only;
  const firstVisitId = controlIdOf(fields.first_visit_only);
  return (
    <>
      <FormErrorSummary
        errors={errors}
        labels={COUPON_FIELD_LABELS}
        order={Object.keys(COUPON_FIELD_LABELS)}
        idPrefix="coupon"
        className="mb-4"
      />
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="intent" value="save" />
        <TextInput
          {...field(fields.title)}
          label={COUPON_FIELD_LABELS.title}
          maxLength={COUPON_TITLE_MAX}
          placeholder="例：初回限定 セット料金割引"
          hint={`${COUPON_TITLE_MAX}文字以内`}
        />
        <TextInput
          {...field(fields.discount_text)}
          label={COUPON_FIELD_LABELS.discount_text}
          maxLength={COUPON_DISCOUNT_MAX}
          placeholder="例：60分セット 1,000円引き"
          hint={`大きく表示されます。${COUPON_DISCOUNT_MAX}文字以内`}
        />
        <TextareaInput
          {...field(fields.conditions)}
          label={COUPON_FIELD_LABELS.conditions}
          maxLength={COUPON_CONDITIONS_MAX}
          rows={4}
          placeholder="例：ご来店時にこの画面をスタッフにご提示ください。他のクーポンとの併用はできません。"
          required={false}
        />
        <div>
          <label
            htmlFor={firstVisitId}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white px-3 py-3 has-checked:border-amber-600 has-checked:bg-amber-50"
          >
            <input
              type="checkbox"
              id={firstVisitId}
              name={fields.first_visit_only.name}
              value="1"
              defaultChecked={ticked === "1" || ticked === true || ticked === "on"}
              aria-describedby={hintIdOf(firstVisitId)}
              className="mt-0.5 size-5 shrink-0 accent-brand-600"
            />
            <span className="font-bold text-sm leading-relaxed">初回来店のお客様限定にする</span>
          </label>
          <p id={hintIdOf(firstVisitId)} className="mt-1 text-slate-500 text-xs">
            クーポンに「{COUPON_TEXTS.firstVisitOnly}」と表示されます。
          </p>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            {...field(fields.starts_at)}
            type="datetime-local"
            lang="ja"
            label="開始日時（日本時間）"
            hint="空欄なら今すぐ配布を始めます"
            required={false}
          />
          <TextInput
            {...field(fields.ends_at)}
            type="datetime-local"
            lang="ja"
            label="終了日時（日本時間）"
            hint={`この日時まで使えます（${COUPON_MAX_DAYS_AHEAD}日以内）`}
            required
          />
        </div>
        <SubmitButton pendingLabel="保存中…">{submitLabel}</SubmitButton>
      </Form>
    </>
  );
}
