import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { getViewer } from "~/.server/auth/viewer";
import { FORM_ERROR_KEY, parseForm } from "~/.server/http/form";
import { signInOperator } from "~/.server/services/operators/sign-in-operator";
import { AuthCard, Notice } from "~/components/account/auth-card";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { PasswordInput } from "~/components/form/password-input";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { OPERATOR, safeRedirectPath } from "~/domain/account-roles";
import { ADMIN_MESSAGES } from "~/domain/admin";
import { isEmail, messages } from "~/domain/validators";
import { pageTitle } from "~/site";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const from = url.searchParams.get("from");
  const viewer = await getViewer(request, context);
  if (viewer?.type === OPERATOR) throw redirect(safeRedirectPath(from, OPERATOR));
  return { from, expired: url.searchParams.get("expired") === "1" };
}

const LoginSchema = z.object({
  email: z.string().trim().min(1, messages.required).refine(isEmail, messages.email),
  password: z.string().min(1, messages.required).max(128),
  code: z.string().max(20, ADMIN_MESSAGES.code_format).default(""),
});

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, LoginSchema);
  const values = { email: String(parsed.values.email ?? "").slice(0, 254) };
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 400 });
  const result = await signInOperator({ ...context, input: parsed.data });
  if (!result.ok) {
    const message =
      result.error === "too_many_attempts"
        ? ADMIN_MESSAGES.too_many_attempts
        : result.error === "invalid"
          ? ADMIN_MESSAGES.login_invalid
          : "ログインに失敗しました";
    return data(
      { errors: { [FORM_ERROR_KEY]: message }, values },
      { status: result.error === "too_many_attempts" ? 429 : result.error === "invalid" ? 400 : 503 },
    );
  }
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const from = new URL(request.url).searchParams.get("from");
  if (result.next === "enroll") {
    const query = from ? `?from=${encodeURIComponent(from)}` : "";
    return redirect(`/admin/login/enroll${query}`, { headers });
  }
  return redirect(safeRedirectPath(from, OPERATOR), { headers });
}

export function meta() {
  return [{ title: pageTitle("運営ログイン") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { from, expired } = loaderData;
  const { fields, errors } = useSchemaForm(LoginSchema, { result: actionData });
  const action = from ? `?from=${encodeURIComponent(from)}` : undefined;
  return (
    <AuthCard
      title="運営ログイン"
      lead="運営担当者専用のログインです。ユーザー・店舗・キャストの方は、ログイン一覧からお進みください。"
      footer={
        <p>
          <Link to="/login" className="text-brand-700 underline">
            ログイン一覧へ
          </Link>
        </p>
      }
    >
      {expired && <Notice tone="error">{ADMIN_MESSAGES.enrolment_expired}</Notice>}
      <FormErrorSummary
        errors={errors}
        labels={{ email: "メールアドレス", password: "パスワード", code: "確認コード" }}
      />
      <Form method="post" action={action} className="space-y-5" noValidate>
        <TextInput
          {...field(fields.email)}
          label="メールアドレス"
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          inputMode="email"
        />
        <PasswordInput {...field(fields.password)} label="パスワード" autoComplete="current-password" />
        <TextInput
          {...field(fields.code)}
          label="確認コード（6桁）"
          hint="認証アプリに表示される6桁の数字です。初回ログイン（認証アプリの設定前）は空欄のまま進んでください。"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={20}
        />
        <SubmitButton pendingLabel="ログイン中…">ログイン</SubmitButton>
      </Form>
    </AuthCard>
  );
}
