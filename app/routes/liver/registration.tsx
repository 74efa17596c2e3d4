import { Form, Link, redirect } from "react-router";
import { invalid, parseForm, readFormData } from "~/.server/http/form";
import { registrationDraft } from "~/.server/http/registration-draft";
import { listActivePlans, type PlanChoice } from "~/.server/services/stores/list-active-plans";
import { AuthCard } from "~/components/account/auth-card";
import { StepIndicator } from "~/components/account/step-indicator";
import { controlProps, errorIdOf, FieldError, Fieldset } from "~/components/form/field";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { FormSection } from "~/components/form/form-section";
import { KanaInput } from "~/components/form/kana-input";
import { PasswordInput } from "~/components/form/password-input";
import { PhoneInput } from "~/components/form/phone-input";
import { RadioGroup } from "~/components/form/radio-group";
import { SelectInput } from "~/components/form/select-input";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { type FieldBinding, field, useSchemaForm } from "~/components/form/use-schema-form";
import { BusinessHoursFields, StoreLocationFields } from "~/components/store/store-fields";
import {
  LIVER_FIELD_LABELS,
  LIVER_REGISTRATION_MESSAGES,
  type RegisterLiverInput,
  RegisterLiverSchema,
  STORE_NAME_KANA_MAX,
  STORE_NAME_MAX,
} from "~/domain/liver-registration";
import { STORE_TYPE_DEFAULT, STORE_TYPES } from "~/domain/options";
import { planTerms } from "~/domain/plans";
import { IS_INDIVIDUAL_CHOICES, isIndividualValue, TAX_STATUS_TEXTS } from "~/domain/store-tax-status";
import { pageTitle } from "~/site";
import type { Route } from "./+types/registration";

const LABELS = LIVER_FIELD_LABELS;

const STORE_TYPE_OPTIONS = STORE_TYPES.map(({ value, label }) => ({ value, label }));

/** What the form shows again after 戻る: the draft without the passwords, as the form's strings. */
function valuesOfDraft(draft: RegisterLiverInput): Record<string, string> {
  const { password: _password, password_confirmation: _confirmation, agree, is_individual, ...rest } = draft;
  return {
    ...rest,
    agree: agree ? "1" : "",
    // A draft from before the question (ADR 0054) has no answer: nothing is chosen for the store.
    is_individual: typeof is_individual === "boolean" ? isIndividualValue(is_individual) : "",
  };
}

/** Step 1 of 3 (ADR 0021): input. 戻る from the confirm step comes back here with the draft. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const draft = registrationDraft<RegisterLiverInput>(context.env, "liver").read(request);
  const plans = await listActivePlans({ db: context.db });
  return {
    values: draft ? valuesOfDraft(draft) : {},
    hasPassword: Boolean(draft),
    plans,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const draftCookie = registrationDraft<RegisterLiverInput>(context.env, "liver");
  const previous = draftCookie.read(request);
  // A body that is not a form reads as an empty one: every field is then "missing", a 400.
  const form = (await readFormData(request)) ?? new FormData();
  // Coming back from the confirm step, the password may be left blank to keep the one entered.
  if (previous && !form.get("password") && !form.get("password_confirmation")) {
    form.set("password", previous.password);
    form.set("password_confirmation", previous.password);
  }
  const parsed = await parseForm(form, RegisterLiverSchema);
  if (!parsed.ok) return invalid(parsed.values, parsed.errors);
  // The plan is data: refuse one that is not (or no longer) offered here already, next to its field.
  const plans = await listActivePlans({ db: context.db });
  if (!plans.some((plan) => plan.id === parsed.data.plan_id)) {
    return invalid(parsed.values, { plan_id: LIVER_REGISTRATION_MESSAGES.plan_unavailable });
  }
  return redirect("/liver/registration/confirm", {
    headers: { "Set-Cookie": draftCookie.write(parsed.data) },
  });
}

export function meta() {
  return [
    { title: pageTitle("店舗新規登録") },
    {
      name: "description",
      content:
        "ヨルナビへの店舗掲載のお申し込み。店舗情報・所在地・営業時間・プランを入力して、ガールズバー・キャバクラ・コンカフェなどのお店とキャストを掲載できます。",
    },
  ];
}

export default function LiverRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { fields, errors } = useSchemaForm(RegisterLiverSchema, {
    defaultValue: loaderData.values,
    result: actionData,
  });
  const keepPassword = loaderData.hasPassword && !actionData;
  return (
    <AuthCard
      wide
      title="店舗新規登録"
      lead={
        <>
          <StepIndicator step={1} />
          <p className="mt-3">
            店舗の情報を入力して「確認画面へ」を押してください。登録後、確認メールのリンクから店舗ログイン画面へ進めます。
          </p>
        </>
      }
      footer={
        <p>
          店舗アカウントをお持ちの方は
          <Link to="/liver/login" className="text-brand-700 underline">
            店舗ログイン
          </Link>
        </p>
      }
    >
      <FormErrorSummary errors={errors} labels={LABELS} order={Object.keys(LABELS)} />
      <Form method="post" className="mt-2 space-y-8" noValidate>
        <FormSection title="店舗情報">
          <TextInput
            {...field(fields.store_name)}
            label={LABELS.store_name}
            hint={`${STORE_NAME_MAX}文字以内`}
            autoComplete="organization"
          />
          <KanaInput
            {...field(fields.store_name_kana)}
            label={LABELS.store_name_kana}
            hint={`${STORE_NAME_KANA_MAX}文字以内（例：ヨルナビ）`}
            maxLength={STORE_NAME_KANA_MAX}
          />
          <SelectInput
            {...field(fields.store_type)}
            label={LABELS.store_type}
            options={STORE_TYPE_OPTIONS}
            defaultValue={field(fields.store_type).defaultValue || STORE_TYPE_DEFAULT}
          />
          <RadioGroup
            {...field(fields.is_individual)}
            label={LABELS.is_individual}
            hint={TAX_STATUS_TEXTS.hint}
            options={IS_INDIVIDUAL_CHOICES}
            inline
          />
          <PhoneInput
            {...field(fields.phone_number)}
            label={LABELS.phone_number}
            hint="お店の電話番号（例：03-1234-5678）"
          />
        </FormSection>

        <FormSection title="所在地">
          <StoreLocationFields fields={fields} />
        </FormSection>

        <FormSection title="営業時間">
          <BusinessHoursFields fields={fields} />
        </FormSection>

        <FormSection title="ログイン情報">
          <TextInput
            {...field(fields.email)}
            label={LABELS.email}
            hint="ログインと各種お知らせに使います"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            maxLength={254}
          />
          <PasswordInput
            {...field(fields.password)}
            label={LABELS.password}
            hint={
              keepPassword
                ? "入力済みです。変更する場合のみ入力してください。"
                : "8文字以上の半角英数字・記号"
            }
            required={!keepPassword}
          />
          <PasswordInput
            {...field(fields.password_confirmation)}
            label={LABELS.password_confirmation}
            required={!keepPassword}
          />
        </FormSection>

        <FormSection title="プラン">
          <PlanRadios plans={loaderData.plans} {...field(fields.plan_id)} />
        </FormSection>

        <AgreeCheckbox {...field(fields.agree)} />

        <SubmitButton>確認画面へ</SubmitButton>
      </Form>
    </AuthCard>
  );
}

/**
 * The plans as radios (the frame of RadioGroup), each showing its name, price, staff limit and
 * description on separate lines, which one line of RadioGroup text cannot hold on a phone.
 */
function PlanRadios({ plans, defaultValue, ...binding }: { plans: readonly PlanChoice[] } & FieldBinding) {
  const { error } = binding;
  return (
    <Fieldset
      {...binding}
      label="ご利用プラン"
      hint="掲載できるキャストの人数で選べます。料金は月額・税込です。"
    >
      {(control) => (
        <div className="grid gap-2">
          {plans.map((plan, index) => {
            const id = index === 0 ? control.id : `${control.id}-${index}`;
            return (
              <label
                key={plan.id}
                htmlFor={id}
                className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border bg-white px-3 py-3 has-checked:border-brand-500 has-checked:bg-brand-50 ${error ? "border-red-500" : "border-slate-300"}`}
              >
                <input
                  type="radio"
                  id={id}
                  name={control.name}
                  value={plan.id}
                  defaultChecked={defaultValue === plan.id}
                  aria-invalid={control["aria-invalid"]}
                  aria-describedby={control["aria-describedby"]}
                  className="mt-0.5 size-5 shrink-0 accent-brand-600"
                />
                <span className="min-w-0">
                  <span className="block font-bold text-base text-slate-900">{plan.name}</span>
                  <span className="block text-slate-800 text-sm">{planTerms(plan)}</span>
                  {plan.description ? (
                    <span className="mt-0.5 block text-slate-500 text-xs">{plan.description}</span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      )}
    </Fieldset>
  );
}

/** The one required checkbox of the form: its label links to the terms for stores. */
function AgreeCheckbox({ defaultValue, ...binding }: FieldBinding) {
  const { error } = binding;
  const checked = defaultValue === "1" || defaultValue === "on";
  const control = controlProps(binding);
  return (
    <div data-field="agree">
      <label
        htmlFor={control.id}
        className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border bg-white px-3 py-3 has-checked:border-brand-500 has-checked:bg-brand-50 ${error ? "border-red-500" : "border-slate-300"}`}
      >
        <input
          type="checkbox"
          value="1"
          defaultChecked={checked}
          {...control}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
        />
        <span className="text-sm leading-relaxed">
          <Link to="/terms-store" target="_blank" className="font-bold text-brand-700 underline">
            利用規約（店舗向け）
          </Link>
          と
          <Link to="/privacy-policy" target="_blank" className="text-brand-700 underline">
            プライバシーポリシー
          </Link>
          を確認し、利用規約（店舗向け）に同意する
        </span>
      </label>
      <FieldError id={errorIdOf(control.id)} error={error} />
    </div>
  );
}
