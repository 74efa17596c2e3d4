import { type ReactNode, useMemo } from "react";
import { Form } from "react-router";
import {
  BankAccountChangeSchema,
  EMAIL_CHANGE_ERRORS,
  type EmailChangeErrorKey,
  EmailChangeSchema,
  mailSettingFormSchema,
  NicknameSchema,
  PasswordChangeSchema,
  RANKING_PRIVACY_TEXTS,
  RankingPrivacySchema,
  SETTINGS_DONE_MESSAGES,
  type SettingsDoneKey,
} from "~/domain/account-settings";
import { ACCOUNT_HOLDER_MAX, BANK_ACCOUNT_LABELS } from "~/domain/bank-account";
import type { BankSearchFound, ChosenBankBranch } from "~/domain/bank-search";
import { NICKNAME_MAX } from "~/domain/listener-registration";
import { ACCOUNT_TYPE_DEFAULT, ACCOUNT_TYPES } from "~/domain/options";
import {
  IS_INDIVIDUAL_CHOICES,
  isIndividualValue,
  TAX_STATUS_TEXTS,
  TaxStatusSchema,
} from "~/domain/store-tax-status";
import { CheckboxGroup } from "../form/checkbox-group";
import { FormErrorSummary } from "../form/form-error-summary";
import { KanaInput } from "../form/kana-input";
import { PasswordInput } from "../form/password-input";
import { RadioGroup } from "../form/radio-group";
import type { SelectOption } from "../form/select-input";
import { SubmitButton } from "../form/submit-button";
import { TextInput } from "../form/text-input";
import { controlIdOf, field, listField, useSchemaForm } from "../form/use-schema-form";
import { Notice } from "./auth-card";
import { BankAccountSummary } from "./bank-account-summary";
import { BankBranchFields } from "./bank-branch-fields";

/**
 * The forms of the account setting pages (`/{role}/mypage/setting`). Each is its own `<Form>`
 * posting an `intent` to the page; `result` is the action's answer when it was for this form.
 */

export interface SettingsFormResult {
  intent: string;
  errors: Record<string, string | undefined>;
  values: Record<string, unknown>;
}

/** The answer of the action if it belongs to the form of `intent`. */
export function resultFor<R extends SettingsFormResult>(actionData: R | undefined, intent: string) {
  return actionData?.intent === intent ? actionData : undefined;
}

export function SettingsPage({
  done,
  emailError,
  formError,
  children,
}: {
  done: SettingsDoneKey | null;
  emailError: EmailChangeErrorKey | null;
  /** A message about no form in particular (an unknown intent). */
  formError?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <h1 className="font-bold text-xl">設定</h1>
      {done && <Notice tone="success">{SETTINGS_DONE_MESSAGES[done]}</Notice>}
      {emailError && <Notice tone="error">{EMAIL_CHANGE_ERRORS[emailError]}</Notice>}
      {formError && <Notice tone="error">{formError}</Notice>}
      {children}
    </div>
  );
}

export function Section({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid={`settings-${id}`}
    >
      <h2 id={headingId} className="font-bold text-lg">
        {title}
      </h2>
      {lead && <div className="mt-1 text-slate-600 text-sm leading-relaxed">{lead}</div>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function IntentForm({
  action,
  intent,
  children,
}: {
  action: string;
  intent: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className="space-y-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

export function NicknameForm({
  action,
  nickname,
  result,
}: {
  action: string;
  nickname: string;
  result?: SettingsFormResult;
}) {
  const { fields, errors } = useSchemaForm(NicknameSchema, {
    id: "nickname",
    defaultValue: { nickname },
    result,
  });
  return (
    <Section id="nickname" title="ニックネーム">
      <FormErrorSummary
        errors={errors}
        labels={{ nickname: "ニックネーム" }}
        idPrefix="nickname"
        className="mb-4"
      />
      <IntentForm action={action} intent="nickname">
        <TextInput
          {...field(fields.nickname)}
          label="ニックネーム"
          hint={`${NICKNAME_MAX}文字以内`}
          autoComplete="nickname"
        />
        <SubmitButton pendingLabel="保存中…">ニックネームを変更する</SubmitButton>
      </IntentForm>
    </Section>
  );
}

export function MailSettingsForm({
  action,
  options,
  setting,
  result,
}: {
  action: string;
  options: readonly SelectOption[];
  /** The stored flags. */
  setting: Record<string, boolean> | null;
  result?: SettingsFormResult;
}) {
  const schema = useMemo(() => mailSettingFormSchema(options), [options]);
  const { fields, errors } = useSchemaForm(schema, {
    id: "mail",
    defaultValue: {
      mail_setting: options.filter((option) => setting?.[option.value] ?? true).map((option) => option.value),
    },
    result,
  });
  return (
    <Section id="mail" title="メール通知設定" lead="チェックを外したお知らせはメールでお送りしません。">
      <FormErrorSummary
        errors={errors}
        labels={{ mail_setting: "メール通知" }}
        idPrefix="mail"
        className="mb-4"
      />
      <IntentForm action={action} intent="mail_setting">
        <CheckboxGroup
          {...listField(fields.mail_setting)}
          label="メールで受け取るお知らせ"
          options={options}
          columns={1}
        />
        <SubmitButton pendingLabel="保存中…">通知設定を保存する</SubmitButton>
      </IntentForm>
    </Section>
  );
}

/** The listener's name in rankings (ADR 0043): one box, 「匿名のリスナー」 when ticked. */
export function RankingPrivacyForm({
  action,
  hide,
  result,
}: {
  action: string;
  /** The stored flag. */
  hide: boolean;
  result?: SettingsFormResult;
}) {
  const { fields, errors } = useSchemaForm(RankingPrivacySchema, { id: "ranking", result });
  const id = controlIdOf(fields.hide_from_rankings);
  // After a refused post the box shows what was sent, else what is stored.
  const checked = result ? result.values.hide_from_rankings === "1" : hide;
  return (
    <Section id="ranking" title={RANKING_PRIVACY_TEXTS.title} lead={RANKING_PRIVACY_TEXTS.lead}>
      <FormErrorSummary
        errors={errors}
        labels={{ hide_from_rankings: RANKING_PRIVACY_TEXTS.title }}
        idPrefix="ranking"
        className="mb-4"
      />
      <IntentForm action={action} intent="ranking">
        <label
          htmlFor={id}
          className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white px-3 py-3 has-checked:border-brand-500 has-checked:bg-brand-50"
        >
          <input
            type="checkbox"
            id={id}
            name={fields.hide_from_rankings.name}
            value="1"
            defaultChecked={checked}
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
          />
          <span className="font-bold text-sm leading-relaxed">{RANKING_PRIVACY_TEXTS.label}</span>
        </label>
        <SubmitButton pendingLabel="保存中…">{RANKING_PRIVACY_TEXTS.submit}</SubmitButton>
      </IntentForm>
    </Section>
  );
}

export function EmailChangeForm({
  action,
  currentEmail,
  result,
}: {
  action: string;
  currentEmail: string;
  result?: SettingsFormResult;
}) {
  const { fields, errors } = useSchemaForm(EmailChangeSchema, { id: "email", result });
  return (
    <Section
      id="email"
      title="メールアドレス変更"
      lead={
        <>
          <p>
            現在のメールアドレス：<span className="break-all font-bold text-slate-800">{currentEmail}</span>
          </p>
          <p className="mt-1">
            新しいメールアドレスに確認メールをお送りします。メール内のリンクを開くまでは、現在のメールアドレスのままです。変更が完了すると、この端末以外でのログインはすべて解除されます。
          </p>
        </>
      }
    >
      <FormErrorSummary
        errors={errors}
        labels={{ email: "新しいメールアドレス", current_password: "現在のパスワード" }}
        order={["email", "current_password"]}
        idPrefix="email"
        className="mb-4"
      />
      <IntentForm action={action} intent="email">
        <TextInput
          {...field(fields.email)}
          label="新しいメールアドレス"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
        />
        <PasswordInput
          {...field(fields.current_password)}
          label="現在のパスワード"
          autoComplete="current-password"
        />
        <SubmitButton pendingLabel="送信中…">確認メールを送信する</SubmitButton>
      </IntentForm>
    </Section>
  );
}

export function PasswordChangeForm({ action, result }: { action: string; result?: SettingsFormResult }) {
  const { fields, errors } = useSchemaForm(PasswordChangeSchema, { id: "password", result });
  return (
    <Section
      id="password"
      title="パスワード変更"
      lead="変更すると、この端末以外でのログインはすべて解除されます。"
    >
      <FormErrorSummary
        errors={errors}
        labels={{
          current_password: "現在のパスワード",
          password: "新しいパスワード",
          password_confirmation: "新しいパスワード（確認）",
        }}
        order={["current_password", "password", "password_confirmation"]}
        idPrefix="password"
        className="mb-4"
      />
      <IntentForm action={action} intent="password">
        <PasswordInput
          {...field(fields.current_password)}
          label="現在のパスワード"
          autoComplete="current-password"
        />
        <PasswordInput
          {...field(fields.password)}
          label="新しいパスワード"
          hint="8文字以上128文字以内の半角英数字・記号"
        />
        <PasswordInput {...field(fields.password_confirmation)} label="新しいパスワード（確認）" />
        <SubmitButton pendingLabel="変更中…">パスワードを変更する</SubmitButton>
      </IntentForm>
    </Section>
  );
}

export interface BankAccountValues {
  account_holder: string;
  bank_code: string;
  bank_name: string;
  branch_code: string;
  branch_name: string;
  account_type: string;
  account_number: string;
}

/** The payout account form's answer: a settings result, with the bank search's extras (ADR 0054). */
export interface BankAccountFormResult extends SettingsFormResult {
  bankSearch?: BankSearchFound | null;
  bankChosen?: ChosenBankBranch;
}

const textOf = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The store's payout account (docs/product.md `account`): bank and branch chosen from the Zengin
 * data (ADR 0054), then type, number and holder; saved with the current password.
 */
export function BankAccountForm({
  action,
  account,
  result,
}: {
  action: string;
  account: BankAccountValues | null;
  result?: BankAccountFormResult;
}) {
  const { fields, errors } = useSchemaForm(BankAccountChangeSchema, {
    id: "bank",
    defaultValue: account,
    result,
  });
  const stored: ChosenBankBranch = {
    bank: account?.bank_name ? { code: account.bank_code, name: account.bank_name } : null,
    branch: account?.branch_name ? { code: account.branch_code, name: account.branch_name } : null,
  };
  return (
    <Section
      id="bank"
      title="振込口座"
      lead="アイテムの換金などの売上をお振り込みする口座です。通帳やキャッシュカードの表記どおりに入力してください。変更するとご登録のメールアドレスにお知らせします。"
    >
      {account ? (
        <div className="mb-4 rounded-lg bg-slate-50 p-3" data-testid="bank-account-current">
          <p className="mb-1 font-bold text-slate-700 text-sm">登録中の口座</p>
          <BankAccountSummary account={account} />
        </div>
      ) : null}
      <FormErrorSummary
        errors={errors}
        labels={{ ...BANK_ACCOUNT_LABELS, current_password: "現在のパスワード" }}
        order={[...Object.keys(BANK_ACCOUNT_LABELS), "current_password"]}
        idPrefix="bank"
        className="mb-4"
      />
      {/* Each button names its intent: 保存 saves, the search buttons (no JavaScript) only search. */}
      <Form method="post" action={action} className="space-y-4" noValidate>
        <BankBranchFields
          bank={field(fields.bank_code)}
          branch={field(fields.branch_code)}
          chosen={result?.bankChosen ?? stored}
          typed={{ bank: textOf(result?.values.bank_q), branch: textOf(result?.values.branch_q) }}
          found={result?.bankSearch ?? null}
        />
        <RadioGroup
          {...field(fields.account_type)}
          label={BANK_ACCOUNT_LABELS.account_type}
          options={ACCOUNT_TYPES}
          defaultValue={field(fields.account_type).defaultValue || ACCOUNT_TYPE_DEFAULT}
          inline
        />
        <TextInput
          {...field(fields.account_number)}
          label={BANK_ACCOUNT_LABELS.account_number}
          hint="7桁（7桁に満たない場合は先頭に0を付けてください）"
          inputMode="numeric"
          maxLength={7}
        />
        <KanaInput
          {...field(fields.account_holder)}
          label={BANK_ACCOUNT_LABELS.account_holder}
          hint={`${ACCOUNT_HOLDER_MAX}文字以内（例：ヨルナビ　タロウ、カ）ヨルナビ）`}
          maxLength={ACCOUNT_HOLDER_MAX}
        />
        <PasswordInput
          {...field(fields.current_password)}
          label="現在のパスワード"
          hint="振込先の変更には、ログイン中でもパスワードの確認が必要です"
          autoComplete="current-password"
        />
        <SubmitButton name="intent" value="bank_account" pendingLabel="保存中…">
          振込口座を保存する
        </SubmitButton>
      </Form>
    </Section>
  );
}

/** 法人 or 個人 (`is_individual`), which decides 源泉徴収 on the payouts (ADR 0032). */
export function TaxStatusForm({
  action,
  isIndividual,
  result,
}: {
  action: string;
  isIndividual: boolean;
  result?: SettingsFormResult;
}) {
  const { fields, errors } = useSchemaForm(TaxStatusSchema, {
    id: "tax",
    defaultValue: { is_individual: isIndividualValue(isIndividual) },
    result,
  });
  return (
    <Section id="tax" title={TAX_STATUS_TEXTS.title} lead={TAX_STATUS_TEXTS.hint}>
      <FormErrorSummary
        errors={errors}
        labels={{ is_individual: TAX_STATUS_TEXTS.settingsLabel }}
        idPrefix="tax"
        className="mb-4"
      />
      <IntentForm action={action} intent="tax_status">
        <RadioGroup
          {...field(fields.is_individual)}
          label={TAX_STATUS_TEXTS.settingsLabel}
          options={IS_INDIVIDUAL_CHOICES}
          inline
        />
        <SubmitButton pendingLabel="保存中…">{TAX_STATUS_TEXTS.submit}</SubmitButton>
      </IntentForm>
    </Section>
  );
}
