import type { ReactNode } from "react";
import { Form } from "react-router";
import {
  EMAIL_CHANGE_ERRORS,
  type EmailChangeErrorKey,
  SETTINGS_DONE_MESSAGES,
  type SettingsDoneKey,
} from "~/domain/account-settings";
import { NICKNAME_MAX } from "~/domain/listener-registration";
import { CheckboxGroup } from "../form/checkbox-group";
import { FormErrorSummary } from "../form/form-error-summary";
import { PasswordInput } from "../form/password-input";
import type { SelectOption } from "../form/select-input";
import { SubmitButton } from "../form/submit-button";
import { TextInput } from "../form/text-input";
import { Notice } from "./auth-card";

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
export function resultFor(actionData: SettingsFormResult | undefined, intent: string) {
  return actionData?.intent === intent ? actionData : undefined;
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

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

function IntentForm({ action, intent, children }: { action: string; intent: string; children: ReactNode }) {
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
  const errors = result?.errors ?? {};
  return (
    <Section id="nickname" title="ニックネーム">
      <FormErrorSummary
        errors={result?.errors}
        labels={{ nickname: "ニックネーム" }}
        idPrefix="nickname"
        className="mb-4"
      />
      <IntentForm action={action} intent="nickname">
        <TextInput
          name="nickname"
          label="ニックネーム"
          idPrefix="nickname"
          hint={`${NICKNAME_MAX}文字以内`}
          autoComplete="nickname"
          defaultValue={text(result?.values.nickname) ?? nickname}
          error={errors.nickname}
          required
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
  const submitted = result?.values.mail_setting;
  const checked = Array.isArray(submitted)
    ? submitted.filter((value): value is string => typeof value === "string")
    : options.filter((option) => setting?.[option.value] ?? true).map((option) => option.value);
  return (
    <Section id="mail" title="メール通知設定" lead="チェックを外したお知らせはメールでお送りしません。">
      <FormErrorSummary
        errors={result?.errors}
        labels={{ mail_setting: "メール通知" }}
        idPrefix="mail"
        className="mb-4"
      />
      <IntentForm action={action} intent="mail_setting">
        <CheckboxGroup
          name="mail_setting"
          label="メールで受け取るお知らせ"
          idPrefix="mail"
          options={options}
          defaultValue={checked}
          columns={1}
          error={result?.errors.mail_setting}
        />
        <SubmitButton pendingLabel="保存中…">通知設定を保存する</SubmitButton>
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
  const errors = result?.errors ?? {};
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
        errors={result?.errors}
        labels={{ email: "新しいメールアドレス", current_password: "現在のパスワード" }}
        order={["email", "current_password"]}
        idPrefix="email"
        className="mb-4"
      />
      <IntentForm action={action} intent="email">
        <TextInput
          name="email"
          label="新しいメールアドレス"
          idPrefix="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          defaultValue={text(result?.values.email)}
          error={errors.email}
          required
        />
        <PasswordInput
          name="current_password"
          label="現在のパスワード"
          idPrefix="email"
          autoComplete="current-password"
          error={errors.current_password}
          required
        />
        <SubmitButton pendingLabel="送信中…">確認メールを送信する</SubmitButton>
      </IntentForm>
    </Section>
  );
}

export function PasswordChangeForm({ action, result }: { action: string; result?: SettingsFormResult }) {
  const errors = result?.errors ?? {};
  return (
    <Section
      id="password"
      title="パスワード変更"
      lead="変更すると、この端末以外でのログインはすべて解除されます。"
    >
      <FormErrorSummary
        errors={result?.errors}
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
          name="current_password"
          label="現在のパスワード"
          idPrefix="password"
          autoComplete="current-password"
          error={errors.current_password}
          required
        />
        <PasswordInput
          name="password"
          label="新しいパスワード"
          idPrefix="password"
          hint="8文字以上128文字以内の半角英数字・記号"
          error={errors.password}
          required
        />
        <PasswordInput
          name="password_confirmation"
          label="新しいパスワード（確認）"
          idPrefix="password"
          error={errors.password_confirmation}
          required
        />
        <SubmitButton pendingLabel="変更中…">パスワードを変更する</SubmitButton>
      </IntentForm>
    </Section>
  );
}
