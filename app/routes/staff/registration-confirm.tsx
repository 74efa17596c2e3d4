import { data, Form, Link, redirect } from "react-router";
import { registrationDone, registrationDraft } from "~/.server/http/registration-draft";
import { registerInvitedStaff } from "~/.server/services/staff/register-invited-staff";
import { AuthCard, Notice } from "~/components/account/auth-card";
import { StepIndicator } from "~/components/account/step-indicator";
import { SubmitButton } from "~/components/form/submit-button";
import { AUTH_MESSAGES } from "~/domain/auth-messages";
import { STAFF_ACCOUNT_LABELS as LABELS, STAFF_ACCOUNT_MESSAGES } from "~/domain/staff-account";
import { INVITATION_MESSAGES } from "~/domain/staff-invitation";
import { pageTitle } from "~/site";
import type { Route } from "./+types/registration-confirm";
import type { StaffRegistrationDraft } from "./registration";

/** Step 2 of 3: shows what was entered (never the password); 登録する creates the account. */
export function loader({ request, context }: Route.LoaderArgs) {
  const draft = registrationDraft<StaffRegistrationDraft>(context.env, "staff").read(request);
  if (!draft) throw redirect("/staff/registration");
  return {
    storeName: draft.storeName,
    name: draft.name,
    name_kana: draft.name_kana,
    login_id: draft.login_id,
    invite: draft.invite,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const draftCookie = registrationDraft<StaffRegistrationDraft>(context.env, "staff");
  const draft = draftCookie.read(request);
  if (!draft) return redirect("/staff/registration");
  const result = await registerInvitedStaff({ db: context.db, clientIp: context.clientIp, input: draft });
  if (!result.ok) {
    switch (result.error) {
      case "too_many_requests":
        return data({ error: AUTH_MESSAGES.too_many_requests }, { status: 429 });
      case "login_id_taken":
      case "limit_reached":
      case "store_unavailable":
        return data({ error: STAFF_ACCOUNT_MESSAGES[result.error] }, { status: 400 });
      default:
        return data({ error: INVITATION_MESSAGES[result.error] }, { status: 400 });
    }
  }
  const headers = new Headers();
  headers.append("Set-Cookie", draftCookie.clear());
  headers.append(
    "Set-Cookie",
    registrationDone<{ loginId: string; storeName: string }>(context.env, "staff").write({
      loginId: result.loginId,
      storeName: draft.storeName,
    }),
  );
  return redirect("/staff/registration/complete", { headers });
}

export function meta() {
  return [{ title: pageTitle("キャスト登録（確認）") }, { name: "robots", content: "noindex" }];
}

export default function StaffRegistrationConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const rows: [string, string][] = [
    ["店舗", loaderData.storeName],
    [LABELS.name, loaderData.name],
    [LABELS.name_kana, loaderData.name_kana],
    [LABELS.login_id, loaderData.login_id],
    [LABELS.password, "●●●●●●●●（表示されません）"],
  ];
  return (
    <AuthCard title="入力内容の確認" lead={<StepIndicator step={2} />}>
      {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}
      <dl className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-2 px-3 py-3 text-sm">
            <dt className="font-bold text-slate-600">{label}</dt>
            <dd className="col-span-2 break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <Form method="post" className="mt-6">
        <SubmitButton pendingLabel="登録中…">この内容で登録する</SubmitButton>
      </Form>
      <Link
        to={`/staff/registration?invite=${encodeURIComponent(loaderData.invite)}`}
        className="mt-3 flex min-h-11 w-full items-center justify-center rounded-full border border-slate-300 bg-white px-4 py-2.5 font-bold text-slate-700 hover:bg-slate-50"
      >
        戻る
      </Link>
    </AuthCard>
  );
}
