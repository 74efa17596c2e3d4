import type { ReactNode } from "react";
import { data, Form, redirect } from "react-router";
import { registrationDone, registrationDraft } from "~/.server/http/registration-draft";
import { registerLiver } from "~/.server/services/accounts/register-liver";
import { listActivePlans } from "~/.server/services/stores/list-active-plans";
import { AuthCard, Notice } from "~/components/account/auth-card";
import { StepIndicator } from "~/components/account/step-indicator";
import { SubmitButton } from "~/components/form/submit-button";
import { areaLabel, findGroup } from "~/domain/areas";
import { AUTH_MESSAGES } from "~/domain/auth-messages";
import {
  LIVER_FIELD_LABELS as LABELS,
  LIVER_REGISTRATION_MESSAGES,
  type RegisterLiverInput,
} from "~/domain/liver-registration";
import { labelOf, STORE_TYPES } from "~/domain/options";
import { planTerms } from "~/domain/plans";
import { businessEndLabel } from "~/domain/schedule-times";
import { taxStatusLabel } from "~/domain/store-tax-status";
import { pageTitle } from "~/site";
import type { Route } from "./+types/registration-confirm";

/** Step 2 of 3: shows what was entered (never the password); 登録する creates the account. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const draft = registrationDraft<RegisterLiverInput>(context.env, "liver").read(request);
  if (!draft) throw redirect("/liver/registration");
  // A draft from before 法人/個人 was asked (ADR 0054): back to the form, which keeps the rest.
  if (typeof draft.is_individual !== "boolean") throw redirect("/liver/registration");
  const plans = await listActivePlans({ db: context.db });
  const plan = plans.find((p) => p.id === draft.plan_id);
  const { password: _password, password_confirmation: _confirmation, ...shown } = draft;
  return {
    draft: shown,
    plan: plan ? { name: plan.name, terms: planTerms(plan) } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const draftCookie = registrationDraft<RegisterLiverInput>(context.env, "liver");
  const draft = draftCookie.read(request);
  if (!draft || typeof draft.is_individual !== "boolean") return redirect("/liver/registration");
  const result = await registerLiver({ ...context, input: draft });
  if (!result.ok) {
    if (result.error === "too_many_requests")
      return data({ error: AUTH_MESSAGES.too_many_requests }, { status: 429 });
    const message =
      result.error === "email_taken"
        ? AUTH_MESSAGES.email_taken
        : LIVER_REGISTRATION_MESSAGES.plan_unavailable;
    return data({ error: message }, { status: 400 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", draftCookie.clear());
  headers.append("Set-Cookie", registrationDone(context.env, "liver").write({ email: draft.email }));
  return redirect("/liver/registration/complete", { headers });
}

export function meta() {
  return [{ title: pageTitle("店舗新規登録（確認）") }, { name: "robots", content: "noindex" }];
}

export default function LiverRegistrationConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { draft, plan } = loaderData;
  const group = findGroup(draft.group)?.group.name;
  const sections: { title: string; rows: [string, ReactNode][] }[] = [
    {
      title: "店舗情報",
      rows: [
        [LABELS.store_name, draft.store_name],
        [LABELS.store_name_kana, draft.store_name_kana],
        [LABELS.store_type, labelOf(STORE_TYPES, draft.store_type)],
        [LABELS.is_individual, taxStatusLabel(draft.is_individual)],
        [LABELS.phone_number, draft.phone_number],
      ],
    },
    {
      title: "所在地",
      rows: [
        [LABELS.postal_code, `〒${draft.postal_code}`],
        [LABELS.address, draft.address],
        [LABELS.buildingName, draft.buildingName || "（なし）"],
        ["掲載エリア", [areaLabel(draft), group ? `（${group}）` : ""].join("")],
      ],
    },
    {
      title: "営業時間",
      rows: [
        [LABELS.business_start_time, draft.business_start_time],
        [LABELS.business_end_time, businessEndLabel(draft.business_end_time)],
      ],
    },
    {
      title: "ログイン情報",
      rows: [
        [LABELS.email, draft.email],
        [LABELS.password, "●●●●●●●●（表示されません）"],
      ],
    },
    {
      title: "プラン",
      rows: [
        [
          LABELS.plan_id,
          plan ? (
            <>
              <span className="block font-bold">{plan.name}</span>
              <span className="block">{plan.terms}</span>
            </>
          ) : (
            LIVER_REGISTRATION_MESSAGES.plan_unavailable
          ),
        ],
      ],
    },
  ];
  return (
    <AuthCard
      wide
      title="入力内容の確認"
      lead={
        <>
          <StepIndicator step={2} />
          <p className="mt-3">内容をご確認のうえ「この内容で登録する」を押してください。</p>
        </>
      }
    >
      {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}
      <div className="space-y-6">
        {sections.map((section) => (
          <section key={section.title} aria-labelledby={`confirm-${section.title}`}>
            <h2
              id={`confirm-${section.title}`}
              className="mb-2 border-brand-500 border-l-4 pl-2 font-bold text-base text-slate-900"
            >
              {section.title}
            </h2>
            <dl className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
              {section.rows.map(([label, value]) => (
                <Row key={label} label={label} value={value} />
              ))}
            </dl>
          </section>
        ))}
        <p className="text-slate-600 text-sm">利用規約（店舗向け）に同意済み</p>
      </div>
      <Form method="post" className="mt-6">
        <SubmitButton pendingLabel="登録中…">この内容で登録する</SubmitButton>
      </Form>
      <Form method="get" action="/liver/registration" className="mt-3">
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

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 px-3 py-3 text-sm">
      <dt className="font-bold text-slate-600">{label}</dt>
      <dd className="col-span-2 break-all">{value}</dd>
    </div>
  );
}
