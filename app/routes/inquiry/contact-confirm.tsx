import type { ReactNode } from "react";
import { data, Form, Link, redirect } from "react-router";
import { contactDone, contactDraft } from "~/.server/http/inquiry-cookies";
import { sendContactMessage } from "~/.server/services/inquiries/send-contact-message";
import { AuthCard, Notice } from "~/components/account/auth-card";
import { StepIndicator } from "~/components/account/step-indicator";
import { SubmitButton } from "~/components/form/submit-button";
import { CONTACT_MESSAGES, contactCategoryLabel, CONTACT_FIELD_LABELS as LABELS } from "~/domain/contact";
import { POW_MESSAGES } from "~/domain/pow";
import { pageTitle } from "~/site";
import type { Route } from "./+types/contact-confirm";

/** Step 2 of 3: shows what was entered; 送信する stores and mails it, 戻る goes back with the values. */
export function loader({ request, context }: Route.LoaderArgs) {
  const draft = contactDraft(context.env).read(request);
  if (!draft) throw redirect("/contact");
  return { message: draft.message };
}

export async function action({ request, context }: Route.ActionArgs) {
  const draftCookie = contactDraft(context.env);
  const draft = draftCookie.read(request);
  if (!draft) return redirect("/contact?expired=1");
  const result = await sendContactMessage({
    ...context,
    input: {
      message: draft.message,
      pow: { challenge: draft.pow.challenge, expiresAt: new Date(draft.pow.expiresAt) },
    },
  });
  if (!result.ok) {
    if (result.error === "too_many_requests")
      return data({ error: CONTACT_MESSAGES.too_many_requests }, { status: 429 });
    return data(
      { error: `${POW_MESSAGES[result.error]}（「戻る」から再度お進みください）` },
      { status: 400 },
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", draftCookie.clear());
  headers.append("Set-Cookie", contactDone(context.env).write({ email: draft.message.email }));
  return redirect("/contact/complete", { headers });
}

export function meta() {
  return [{ title: pageTitle("お問い合わせ（確認）") }, { name: "robots", content: "noindex" }];
}

export default function ContactConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = loaderData;
  const rows: [string, ReactNode][] = [
    [LABELS.name, message.name],
    [LABELS.email, message.email],
    [LABELS.category, contactCategoryLabel(message.category)],
    [
      LABELS.message,
      <span key="message" className="whitespace-pre-wrap">
        {message.message}
      </span>,
    ],
  ];
  return (
    <AuthCard
      wide
      title="入力内容の確認"
      lead={
        <>
          <StepIndicator step={2} label="お問い合わせの手順" />
          <p className="mt-3">内容をご確認のうえ「この内容で送信する」を押してください。</p>
        </>
      }
    >
      {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}
      <dl
        className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200"
        data-testid="contact-confirm"
      >
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-3 py-3 text-sm sm:grid-cols-3 sm:gap-2">
            <dt className="font-bold text-slate-600">{label}</dt>
            <dd className="break-all sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <Form method="post" className="mt-6">
        <SubmitButton pendingLabel="送信中…">この内容で送信する</SubmitButton>
      </Form>
      <Form method="get" action="/contact" className="mt-3">
        <button
          type="submit"
          className="min-h-11 w-full rounded-full border border-slate-300 bg-white px-4 py-2.5 font-bold text-slate-700 hover:bg-slate-50"
        >
          戻る
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/" className="text-brand-700 underline">
          トップページへ戻る
        </Link>
      </p>
    </AuthCard>
  );
}
