import { Form, Link, redirect } from "react-router";
import { invalid, parseForm, readFormData } from "~/.server/http/form";
import { registrationDraft } from "~/.server/http/registration-draft";
import { AuthCard } from "~/components/account/auth-card";
import { StepIndicator } from "~/components/account/step-indicator";
import { TermsNote } from "~/components/account/terms-note";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { PasswordInput } from "~/components/form/password-input";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import {
  LISTENER_FIELD_LABELS,
  NICKNAME_MAX,
  type RegisterListenerInput,
  RegisterListenerSchema,
} from "~/domain/listener-registration";
import { pageTitle } from "~/site";
import type { Route } from "./+types/registration";

/** Step 1 of 3 (ADR 0021): input. 戻る from the confirm step comes back here with the draft. */
export function loader({ request, context }: Route.LoaderArgs) {
  const draft = registrationDraft<RegisterListenerInput>(context.env, "listener").read(request);
  return {
    values: draft ? { email: draft.email, nickname: draft.nickname } : {},
    hasPassword: Boolean(draft),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const draftCookie = registrationDraft<RegisterListenerInput>(context.env, "listener");
  const previous = draftCookie.read(request);
  // A body that is not a form reads as an empty one: every field is then "missing", a 400.
  const form = (await readFormData(request)) ?? new FormData();
  // Coming back from the confirm step, the password may be left blank to keep the one entered.
  if (previous && !form.get("password") && !form.get("password_confirmation")) {
    form.set("password", previous.password);
    form.set("password_confirmation", previous.password);
  }
  const parsed = await parseForm(form, RegisterListenerSchema);
  if (!parsed.ok) return invalid(parsed.values, parsed.errors);
  return redirect("/listener/registration/confirm", {
    headers: { "Set-Cookie": draftCookie.write(parsed.data) },
  });
}

export function meta() {
  return [
    { title: pageTitle("ユーザー新規登録") },
    {
      name: "description",
      content: "ヨルナビのユーザー登録（無料）。お気に入りのキャストのフォローや相性診断が使えます。",
    },
  ];
}

export default function ListenerRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { fields, errors } = useSchemaForm(RegisterListenerSchema, {
    defaultValue: loaderData.values,
    result: actionData,
  });
  const keepPassword = loaderData.hasPassword && !actionData;
  return (
    <AuthCard
      title="ユーザー新規登録"
      lead={<StepIndicator step={1} />}
      footer={
        <p>
          アカウントをお持ちの方は
          <Link to="/listener/login" className="text-brand-700 underline">
            ログイン
          </Link>
        </p>
      }
    >
      <FormErrorSummary
        errors={errors}
        labels={LISTENER_FIELD_LABELS}
        order={Object.keys(LISTENER_FIELD_LABELS)}
      />
      <Form method="post" className="space-y-5" noValidate>
        <TextInput
          {...field(fields.email)}
          label={LISTENER_FIELD_LABELS.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          maxLength={254}
        />
        <PasswordInput
          {...field(fields.password)}
          label={LISTENER_FIELD_LABELS.password}
          hint={
            keepPassword ? "入力済みです。変更する場合のみ入力してください。" : "8文字以上の半角英数字・記号"
          }
          required={!keepPassword}
        />
        <PasswordInput
          {...field(fields.password_confirmation)}
          label={LISTENER_FIELD_LABELS.password_confirmation}
          required={!keepPassword}
        />
        <TextInput
          {...field(fields.nickname)}
          label={LISTENER_FIELD_LABELS.nickname}
          hint={`サイト上で表示されます（${NICKNAME_MAX}文字以内）`}
          autoComplete="nickname"
          maxLength={NICKNAME_MAX}
        />
        <TermsNote />
        <SubmitButton>確認画面へ</SubmitButton>
      </Form>
    </AuthCard>
  );
}
