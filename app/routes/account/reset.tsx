import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { invalid, parseForm, readFormData } from "~/.server/http/form";
import { requestPasswordReset } from "~/.server/services/accounts/request-password-reset";
import { resetPassword } from "~/.server/services/accounts/reset-password";
import { AuthCard, Notice } from "~/components/account/auth-card";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { PasswordInput } from "~/components/form/password-input";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { type AccountRole, ROLE_LABELS, roleOfPath } from "~/domain/account-roles";
import { AUTH_MESSAGES } from "~/domain/auth-messages";
import { zEmail, zPassword } from "~/domain/validators";
import { pageTitle } from "~/site";
import type { Route } from "./+types/reset";

function roleOf(request: Request): AccountRole {
  return roleOfPath(new URL(request.url).pathname) ?? "listener";
}

export function loader({ request }: Route.LoaderArgs) {
  return { role: roleOf(request), token: new URL(request.url).searchParams.get("token") };
}

const RequestSchema = z.object({ email: zEmail() });
const NewPasswordSchema = z
  .object({ token: z.string().min(1), password: zPassword(), password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "パスワードが一致しません",
  });

/**
 * `/{role}/reset`: asks for the e-mail and mails a single-use link (1 hour); the link comes back
 * here with `?token=`, where the new password is chosen (ADR 0021).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const role = roleOf(request);
  // A body that is not a form reads as an empty one: every field is then "missing", a 400.
  const form = (await readFormData(request)) ?? new FormData();
  if (form.has("token")) {
    const parsed = await parseForm(form, NewPasswordSchema);
    if (!parsed.ok) return invalid(parsed.values, parsed.errors);
    const result = await resetPassword({ auth: context.auth, input: parsed.data });
    if (!result.ok) return invalid(parsed.values, { _form: AUTH_MESSAGES.reset_token_invalid });
    return redirect(`/${role}/reset/complete`);
  }
  const parsed = await parseForm(form, RequestSchema);
  if (!parsed.ok) return invalid(parsed.values, parsed.errors);
  const result = await requestPasswordReset({ ...context, input: { role, email: parsed.data.email } });
  if (!result.ok)
    return data(
      { values: parsed.values, errors: { _form: AUTH_MESSAGES.too_many_requests } },
      { status: 429 },
    );
  return { sent: true, values: parsed.values, errors: {} };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const label = loaderData ? ROLE_LABELS[loaderData.role] : "";
  return [{ title: pageTitle(`パスワード再設定（${label}）`) }, { name: "robots", content: "noindex" }];
}

export default function Reset({ loaderData, actionData }: Route.ComponentProps) {
  const { role, token } = loaderData;
  // Two forms on one page: the e-mail request, and the new password once the link brought a token.
  const requestForm = useSchemaForm(RequestSchema, { result: actionData });
  const passwordForm = useSchemaForm(NewPasswordSchema, { result: actionData });
  const errors = requestForm.errors;
  const back = (
    <p>
      <Link to={`/${role}/login`} className="text-brand-700 underline">
        ログイン画面へ戻る
      </Link>
    </p>
  );

  if (role === "staff") {
    return (
      <AuthCard title="パスワードをお忘れの方" footer={back}>
        <p className="text-sm leading-relaxed">
          キャストのアカウントは所属店舗が管理しています。パスワードがわからなくなった場合は、所属店舗に再設定を依頼してください。
        </p>
      </AuthCard>
    );
  }

  if (token) {
    return (
      <AuthCard title="新しいパスワードの設定" footer={back}>
        <FormErrorSummary
          errors={errors}
          labels={{ password: "新しいパスワード", password_confirmation: "新しいパスワード（確認）" }}
        />
        <Form method="post" className="space-y-5" noValidate>
          <input type="hidden" name="token" value={token} />
          <PasswordInput
            {...field(passwordForm.fields.password)}
            label="新しいパスワード"
            hint="8文字以上の半角英数字・記号"
          />
          <PasswordInput
            {...field(passwordForm.fields.password_confirmation)}
            label="新しいパスワード（確認）"
          />
          <SubmitButton pendingLabel="設定中…">パスワードを設定する</SubmitButton>
        </Form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="パスワードをお忘れの方"
      lead="ご登録のメールアドレスを入力してください。パスワード再設定用のリンクをお送りします（有効期限1時間）。"
      footer={back}
    >
      {actionData && "sent" in actionData && actionData.sent ? (
        <Notice tone="success">
          ご登録がある場合、再設定用のメールをお送りしました。メール内のリンクから新しいパスワードを設定してください。
        </Notice>
      ) : null}
      <FormErrorSummary errors={errors} labels={{ email: "メールアドレス" }} />
      <Form method="post" className="space-y-5" noValidate>
        <TextInput
          {...field(requestForm.fields.email)}
          label="メールアドレス"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
        />
        <SubmitButton pendingLabel="送信中…">再設定メールを送る</SubmitButton>
      </Form>
    </AuthCard>
  );
}
