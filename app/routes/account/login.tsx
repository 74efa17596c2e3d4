import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { getViewer } from "~/.server/auth/viewer";
import { type FieldErrors, FORM_ERROR_KEY, type FormValues, readFormData } from "~/.server/http/form";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { writeLoginUserType } from "~/.server/http/login-user-type";
import { resendVerification } from "~/.server/services/accounts/resend-verification";
import { signIn } from "~/.server/services/accounts/sign-in";
import { verifyEmail } from "~/.server/services/accounts/verify-email";
import { AuthCard, Notice } from "~/components/account/auth-card";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { PasswordInput } from "~/components/form/password-input";
import { ProofOfWorkForm, ProofOfWorkSubmitButton } from "~/components/form/proof-of-work-form";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { type AnyField, field, useSchemaForm } from "~/components/form/use-schema-form";
import { type AccountRole, ROLE_LABELS, roleOfPath, safeRedirectPath } from "~/domain/account-roles";
import { AUTH_MESSAGES, signInMessage } from "~/domain/auth-messages";
import { POW_FIELD } from "~/domain/pow";
import { isEmail, messages } from "~/domain/validators";
import { pageTitle } from "~/site";
import type { Route } from "./+types/login";

function roleOf(request: Request): AccountRole {
  return roleOfPath(new URL(request.url).pathname) ?? "listener";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const role = roleOf(request);
  const url = new URL(request.url);
  const from = url.searchParams.get("from");

  // The verification mail links here (ADR 0021): verify, then show the page without the token.
  const token = url.searchParams.get("verify");
  if (token) {
    const verified = await verifyEmail({ auth: context.auth, token });
    throw redirect(`/${role}/login?${verified ? "verified=1" : "verify_error=1"}`);
  }

  const viewer = await getViewer(request, context);
  if (viewer?.type === role) throw redirect(safeRedirectPath(from, role));

  return {
    role,
    from,
    verified: url.searchParams.get("verified") === "1",
    verifyError: url.searchParams.get("verify_error") === "1",
    reset: url.searchParams.get("reset") === "1",
  };
}

const identifier = z.string().trim().min(1, messages.required).max(254);
const password = z.string().min(1, messages.required).max(128);
/** The form of each login: e-mail for listeners and stores, login ID for staff (ADR 0007). */
const LOGIN_SCHEMAS = {
  email: z.object({ email: identifier, password }),
  login_id: z.object({ login_id: identifier, password }),
} as const;
const identifierFieldOf = (role: AccountRole) => (role === "staff" ? "login_id" : "email");

export async function action({ request, context }: Route.ActionArgs) {
  const role = roleOf(request);
  // A body that is not a form reads as an empty one: every field is then "missing", a 400.
  const form = (await readFormData(request)) ?? new FormData();
  const identifierField = identifierFieldOf(role);
  // What a refused login echoes: the identifier as typed, never the password.
  const values = { [identifierField]: String(form.get(identifierField) ?? "") };

  return dispatchIntent(
    form,
    {
      resend: intent({
        run: async () => {
          const email = String(form.get("email") ?? "").trim();
          if (!isEmail(email))
            return data(
              { resent: false, errors: { email: messages.email }, values: { email: email.slice(0, 254) } },
              { status: 400 },
            );
          const result = await resendVerification({ ...context, input: { role, email } });
          if (!result.ok)
            return data(
              {
                resent: false,
                errors: { [FORM_ERROR_KEY]: AUTH_MESSAGES.too_many_requests },
                values: { email },
              },
              { status: 429 },
            );
          return { resent: true, errors: {}, values: { email } };
        },
      }),
    },
    {
      // The login form itself posts no intent: any post but a resend is a login.
      otherwise: intent({
        schema: LOGIN_SCHEMAS[identifierField],
        run: async (input) => {
          const proof = form.get(POW_FIELD) ?? undefined;
          const typed = input as { email?: string; login_id?: string; password: string };
          const result = await signIn({
            ...context,
            input: { role, identifier: typed[identifierField] ?? "", password: typed.password, proof },
          });
          if (!result.ok) {
            const status = result.error === "too_many_attempts" ? 429 : 400;
            return data(
              {
                resent: false,
                errors: { [FORM_ERROR_KEY]: signInMessage(result.error, role, result.until) },
                values,
                unverifiedEmail: result.error === "not_verified" ? result.email : undefined,
              },
              { status },
            );
          }
          const headers = new Headers();
          for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
          headers.append("Set-Cookie", writeLoginUserType(role));
          const from = new URL(request.url).searchParams.get("from");
          return redirect(safeRedirectPath(from, role), { headers });
        },
      }),
      // A refused login names its two fields only, and echoes the identifier alone.
      refusal: (_intent: string, _values: FormValues, refused: FieldErrors) => {
        const errors: Record<string, string> = {};
        if (refused[identifierField]) errors[identifierField] = refused[identifierField];
        if (refused.password) errors.password = refused.password;
        return data({ resent: false, errors, values }, { status: 400 });
      },
    },
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const label = loaderData ? ROLE_LABELS[loaderData.role] : "";
  return [{ title: pageTitle(`${label}ログイン`) }, { name: "robots", content: "noindex" }];
}

const REGISTRATION: Record<AccountRole, string | null> = {
  listener: "/listener/registration",
  liver: "/liver/registration",
  staff: null,
};

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { role, from, verified, verifyError, reset } = loaderData;
  const isStaff = role === "staff";
  const identifierName = identifierFieldOf(role);
  const form = useSchemaForm(LOGIN_SCHEMAS[identifierName], { result: actionData });
  const errors = form.errors;
  const fields = form.fields as Record<"password" | typeof identifierName, AnyField>;
  const unverifiedEmail =
    actionData && "unverifiedEmail" in actionData ? actionData.unverifiedEmail : undefined;
  const registration = REGISTRATION[role];
  const action = from ? `?from=${encodeURIComponent(from)}` : undefined;

  return (
    <AuthCard
      title={`${ROLE_LABELS[role]}ログイン`}
      footer={
        <>
          <p>
            <Link to={`/${role}/reset`} className="text-brand-700 underline">
              パスワードをお忘れの方
            </Link>
          </p>
          {registration ? (
            <p>
              アカウントをお持ちでない方は
              <Link to={registration} className="text-brand-700 underline">
                新規登録
              </Link>
            </p>
          ) : (
            <p className="text-slate-500">キャストのアカウントは所属店舗から発行されます。</p>
          )}
        </>
      }
    >
      {verified && <Notice tone="success">メールアドレスの確認が完了しました。ログインしてください。</Notice>}
      {verifyError && <Notice tone="error">{AUTH_MESSAGES.verify_token_invalid}</Notice>}
      {reset && (
        <Notice tone="success">パスワードを再設定しました。新しいパスワードでログインしてください。</Notice>
      )}
      {actionData?.resent && (
        <Notice tone="success">認証メールを再送信しました。メールをご確認ください。</Notice>
      )}
      <FormErrorSummary
        errors={errors}
        labels={{ [identifierName]: isStaff ? "ログインID" : "メールアドレス", password: "パスワード" }}
      />
      {unverifiedEmail && (
        <Form
          method="post"
          action={action}
          className="mb-5 rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-200"
        >
          <p>認証メールが届いていない場合は、再送信してください。</p>
          <input type="hidden" name="email" value={unverifiedEmail} />
          <SubmitButton
            name="intent"
            value="resend"
            variant="secondary"
            className="mt-2"
            pendingLabel="送信中…"
          >
            認証メールを再送信
          </SubmitButton>
        </Form>
      )}
      <ProofOfWorkForm action={action} className="space-y-5" noValidate quiet>
        <TextInput
          {...field(fields[identifierName])}
          label={isStaff ? "ログインID" : "メールアドレス"}
          type={isStaff ? "text" : "email"}
          autoComplete={isStaff ? "username" : "email"}
          autoCapitalize="none"
          inputMode={isStaff ? "text" : "email"}
        />
        <PasswordInput {...field(fields.password)} label="パスワード" autoComplete="current-password" />
        <ProofOfWorkSubmitButton pendingLabel="ログイン中…">ログイン</ProofOfWorkSubmitButton>
      </ProofOfWorkForm>
    </AuthCard>
  );
}
