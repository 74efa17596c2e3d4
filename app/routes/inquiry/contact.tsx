import { Link, redirect } from "react-router";
import { FORM_ERROR_KEY, invalid } from "~/.server/http/form";
import { COOKIE_MAX_BYTES, contactDraft } from "~/.server/http/inquiry-cookies";
import { parsePowForm } from "~/.server/http/pow-form";
import { verifyProofOfWork } from "~/.server/services/inquiries/verify-proof-of-work";
import { AuthCard } from "~/components/account/auth-card";
import { StepIndicator } from "~/components/account/step-indicator";
import { EmailInput } from "~/components/form/email-input";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { ProofOfWorkForm, ProofOfWorkSubmitButton } from "~/components/form/proof-of-work-form";
import { SelectInput } from "~/components/form/select-input";
import { TextInput } from "~/components/form/text-input";
import { TextareaInput } from "~/components/form/textarea-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { infoMeta } from "~/components/info/info-pages";
import {
  CONTACT_CATEGORIES,
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGES,
  CONTACT_NAME_MAX,
  ContactSchema,
  CONTACT_FIELD_LABELS as LABELS,
} from "~/domain/contact";
import { POW_MESSAGES } from "~/domain/pow";
import type { Route } from "./+types/contact";

/** Step 1 of 3: input. 戻る from the confirm step comes back here with the draft. */
export function loader({ request, context }: Route.LoaderArgs) {
  const draft = contactDraft(context.env).read(request);
  const expired = new URL(request.url).searchParams.get("expired") === "1";
  return { values: draft?.message ?? {}, notice: expired && !draft ? CONTACT_MESSAGES.expired : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parsePowForm(request, ContactSchema);
  if (!parsed.ok) return invalid(parsed.values, parsed.errors);
  const { values } = parsed;
  const pow = await verifyProofOfWork({ ...context, input: { payload: parsed.pow } });
  if (!pow.ok) return invalid(values, { [FORM_ERROR_KEY]: POW_MESSAGES[pow.error] });
  const cookie = contactDraft(context.env).write({
    message: parsed.data,
    pow: { challenge: pow.challenge, expiresAt: pow.expiresAt.toISOString() },
  });
  if (cookie.length > COOKIE_MAX_BYTES)
    return invalid(values, { message: CONTACT_MESSAGES.too_long_for_draft });
  return redirect("/contact/confirm", { headers: { "Set-Cookie": cookie } });
}

export const meta = () =>
  infoMeta({
    title: "お問い合わせ",
    description:
      "ヨルナビへのお問い合わせフォーム。サービスの使い方、アカウント、コイン、店舗掲載、不適切な投稿の通報などを受け付けています。",
  });

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { fields, errors } = useSchemaForm(ContactSchema, {
    defaultValue: loaderData.values,
    result: actionData,
  });
  return (
    <AuthCard
      wide
      title="お問い合わせ"
      lead={
        <>
          <StepIndicator step={1} label="お問い合わせの手順" />
          <p className="mt-3">
            ご質問・ご意見・不具合のご報告は、こちらのフォームからお送りください。内容を確認のうえ、担当者より原則3営業日以内にメールでご返信します。
          </p>
          <p className="mt-2">
            お急ぎの方は
            <Link to="/faq" className="text-brand-700 underline">
              よくある質問
            </Link>
            もご覧ください。店舗の掲載をご希望の方は
            <Link to="/shop_entry" className="text-brand-700 underline">
              掲載リクエスト
            </Link>
            からどうぞ。
          </p>
        </>
      }
      footer={
        <Link to="/" className="text-brand-700 underline">
          トップページへ戻る
        </Link>
      }
    >
      {loaderData.notice && !actionData ? (
        <p role="status" className="mb-5 rounded-lg bg-sky-50 p-3 text-sky-900 text-sm ring-1 ring-sky-200">
          {loaderData.notice}
        </p>
      ) : null}
      <FormErrorSummary errors={errors} labels={LABELS} order={Object.keys(LABELS)} className="mb-5" />
      <ProofOfWorkForm className="space-y-5" noValidate>
        <TextInput
          {...field(fields.name)}
          label={LABELS.name}
          hint={`${CONTACT_NAME_MAX}文字以内（ニックネームでも構いません）`}
          autoComplete="name"
          maxLength={CONTACT_NAME_MAX}
        />
        <EmailInput {...field(fields.email)} label={LABELS.email} hint="ご返信はこのアドレスにお送りします" />
        <SelectInput
          {...field(fields.category)}
          label={LABELS.category}
          options={CONTACT_CATEGORIES}
          placeholder="選択してください"
        />
        <TextareaInput
          {...field(fields.message)}
          label={LABELS.message}
          hint="通報の場合は、相手の名前・日時・内容をできるだけ具体的にお書きください"
          rows={8}
          maxLength={CONTACT_MESSAGE_MAX}
        />
        <p className="text-slate-600 text-xs leading-relaxed">
          お送りいただいた個人情報は、お問い合わせへの回答のために利用します。詳しくは
          <Link to="/privacy-policy" className="text-brand-700 underline">
            プライバシーポリシー
          </Link>
          をご覧ください。
        </p>
        <ProofOfWorkSubmitButton>確認画面へ</ProofOfWorkSubmitButton>
      </ProofOfWorkForm>
    </AuthCard>
  );
}
