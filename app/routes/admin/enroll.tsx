import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { FORM_ERROR_KEY, parseForm } from "~/.server/http/form";
import { confirmTotpEnrolment } from "~/.server/services/operators/confirm-totp-enrolment";
import { getTotpEnrolment } from "~/.server/services/operators/get-totp-enrolment";
import { AuthCard } from "~/components/account/auth-card";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { OPERATOR, safeRedirectPath } from "~/domain/account-roles";
import { ADMIN_MESSAGES } from "~/domain/admin";
import { pageTitle } from "~/site";
import type { Route } from "./+types/enroll";

/**
 * `/admin/login/enroll`: the first login of an operator (or the first after `reset-totp`) — the
 * password step passed, the authenticator app is set up here and confirmed with one code.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const enrolment = await getTotpEnrolment({ ...context, request });
  if (!enrolment) throw redirect("/admin/login?expired=1");
  return enrolment;
}

const EnrolSchema = z.object({ code: z.string().max(20, ADMIN_MESSAGES.code_format).default("") });

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, EnrolSchema);
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  const result = await confirmTotpEnrolment({ ...context, request, input: parsed.data });
  if (result.ok) {
    const from = new URL(request.url).searchParams.get("from");
    return redirect(safeRedirectPath(from, OPERATOR));
  }
  if (result.error === "expired") return redirect("/admin/login?expired=1");
  if (result.error === "too_many_attempts")
    return data({ errors: { [FORM_ERROR_KEY]: ADMIN_MESSAGES.too_many_attempts } }, { status: 429 });
  return data(
    {
      errors: {
        code: result.error === "code_format" ? ADMIN_MESSAGES.code_format : ADMIN_MESSAGES.code_wrong,
      },
    },
    { status: 400 },
  );
}

export function meta() {
  return [{ title: pageTitle("二段階認証の設定") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const { email, secret, qrDataUrl } = loaderData;
  const { fields, errors } = useSchemaForm(EnrolSchema, { result: actionData });
  return (
    <AuthCard
      title="二段階認証の設定"
      lead={
        <>
          <span className="font-bold">{email}</span>
          の初回ログインです。管理画面を守るため、スマートフォンの認証アプリ（Google Authenticator、Microsoft
          Authenticator、1Password など）を設定してください。
        </>
      }
    >
      <ol className="space-y-6">
        <li>
          <h2 className="font-bold">1. 認証アプリでQRコードを読み取る</h2>
          <div className="mt-3 flex justify-center">
            <img
              src={qrDataUrl}
              alt="認証アプリに登録するためのQRコード"
              width={208}
              height={208}
              className="size-52 rounded-lg bg-white ring-1 ring-slate-200"
              data-testid="totp-qr"
            />
          </div>
          <p className="mt-3 text-slate-600 text-sm">
            QRコードを読み取れない場合は、次のキーを手入力してください。
          </p>
          <p className="mt-1 rounded-lg bg-slate-100 px-3 py-2 text-center font-mono text-base tracking-wider">
            <span className="sr-only">セットアップキー：</span>
            <span data-testid="totp-secret">{secret}</span>
          </p>
          <p className="mt-1 text-slate-500 text-xs">種類：時間ベース（TOTP）・6桁・30秒</p>
        </li>
        <li>
          <h2 className="font-bold">2. 表示された6桁のコードを入力する</h2>
          <div className="mt-3">
            <FormErrorSummary errors={errors} labels={{ code: "確認コード" }} />
            <Form method="post" className="space-y-5" noValidate>
              <TextInput
                {...field(fields.code)}
                label="確認コード（6桁）"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={20}
                // Blank is parsed as "" and refused by the service with its own message: needed all the same.
                required
              />
              <SubmitButton pendingLabel="確認中…">設定してログイン</SubmitButton>
            </Form>
          </div>
        </li>
      </ol>
      <p className="mt-6 text-slate-500 text-xs leading-relaxed">
        このページは15分間有効です。スマートフォンを紛失した場合は、サーバーで
        <code className="mx-1">npm run operator -- reset-totp</code>を実行してください。
      </p>
    </AuthCard>
  );
}
