import { data, Form, redirect } from "react-router";
import { registrationDone, registrationDraft } from "~/.server/http/registration-draft";
import { registerListener } from "~/.server/services/accounts/register-listener";
import { AuthCard, Notice } from "~/components/account/auth-card";
import { StepIndicator } from "~/components/account/step-indicator";
import { SubmitButton } from "~/components/form/submit-button";
import { AUTH_MESSAGES } from "~/domain/auth-messages";
import type { RegisterListenerInput } from "~/domain/listener-registration";
import { LISTENER_FIELD_LABELS, RegisterListenerSchema } from "~/domain/listener-registration";
import { pageTitle } from "~/site";
import type { Route } from "./+types/registration-confirm";

/** Step 2 of 3: shows what was entered (never the password); 登録する creates the account. */
export function loader({ request, context }: Route.LoaderArgs) {
  const draft = registrationDraft<RegisterListenerInput>(context.env, "listener").read(request);
  if (!draft) throw redirect("/listener/registration");
  return { email: draft.email, nickname: draft.nickname };
}

export async function action({ request, context }: Route.ActionArgs) {
  const draftCookie = registrationDraft<RegisterListenerInput>(context.env, "listener");
  const draft = draftCookie.read(request);
  // A draft that no longer passes the form's rules (sealed before a rule was added, e.g. a NUL in
  // the nickname) goes back to the input step, where the field shows its message.
  if (!draft || !RegisterListenerSchema.safeParse(draft).success) return redirect("/listener/registration");
  const result = await registerListener({ ...context, input: draft });
  if (!result.ok) {
    const message =
      result.error === "email_taken" ? AUTH_MESSAGES.email_taken : AUTH_MESSAGES.too_many_requests;
    return data({ error: message }, { status: result.error === "email_taken" ? 400 : 429 });
  }
  // The complete step shows the address and can resend to it (docs/product.md "First steps").
  const headers = new Headers();
  headers.append("Set-Cookie", draftCookie.clear());
  headers.append("Set-Cookie", registrationDone(context.env, "listener").write({ email: draft.email }));
  return redirect("/listener/registration/complete", { headers });
}

export function meta() {
  return [{ title: pageTitle("ユーザー新規登録（確認）") }, { name: "robots", content: "noindex" }];
}

export default function ListenerRegistrationConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="入力内容の確認" lead={<StepIndicator step={2} />}>
      {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}
      <dl className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        <Row label={LISTENER_FIELD_LABELS.email} value={loaderData.email} />
        <Row label={LISTENER_FIELD_LABELS.password} value="●●●●●●●●（表示されません）" />
        <Row label={LISTENER_FIELD_LABELS.nickname} value={loaderData.nickname} />
      </dl>
      <Form method="post" className="mt-6">
        <SubmitButton pendingLabel="登録中…">この内容で登録する</SubmitButton>
      </Form>
      <Form method="get" action="/listener/registration" className="mt-3">
        <button
          type="submit"
          className="min-h-11 w-full rounded-full border border-slate-300 bg-white px-4 py-2.5 font-bold text-slate-700 hover:bg-slate-50"
        >
          戻る
        </button>
      </Form>
    </AuthCard>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-3 gap-2 px-3 py-3 text-sm">
      <dt className="font-bold text-slate-600">{label}</dt>
      <dd className="col-span-2 break-all">{value}</dd>
    </div>
  );
}
