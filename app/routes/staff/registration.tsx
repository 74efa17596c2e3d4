import { Form, Link, redirect } from "react-router";
import { invalid, parseForm, readFormData } from "~/.server/http/form";
import { registrationDraft } from "~/.server/http/registration-draft";
import { findStaffInvitation } from "~/.server/services/staff/find-staff-invitation";
import { AuthCard, Notice } from "~/components/account/auth-card";
import { StaffAccountFields } from "~/components/account/staff-account-fields";
import { StepIndicator } from "~/components/account/step-indicator";
import { TermsNote } from "~/components/account/terms-note";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { SubmitButton } from "~/components/form/submit-button";
import { useSchemaForm } from "~/components/form/use-schema-form";
import {
  STAFF_ACCOUNT_LABELS as LABELS,
  type StaffAccountInput,
  StaffAccountSchema,
} from "~/domain/staff-account";
import { INVITATION_MESSAGES } from "~/domain/staff-invitation";
import { pageTitle } from "~/site";
import type { Route } from "./+types/registration";

/** The draft between the steps: the account fields and the invitation they belong to. */
export type StaffRegistrationDraft = StaffAccountInput & { invite: string; storeName: string };

/**
 * Step 1 of 3 (ADR 0021): a performer opens the invitation link of her store and chooses her
 * name, login ID and password. Without a usable link there is nothing to fill in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const draft = registrationDraft<StaffRegistrationDraft>(context.env, "staff").read(request);
  const invite = new URL(request.url).searchParams.get("invite") ?? draft?.invite ?? "";
  if (!invite) return { state: "no_invite" as const };
  const invitation = await findStaffInvitation({ db: context.db, token: invite });
  if (!invitation.ok) return { state: "problem" as const, message: INVITATION_MESSAGES[invitation.error] };
  const sameDraft = draft?.invite === invite ? draft : null;
  return {
    state: "form" as const,
    invite,
    storeName: invitation.storeName,
    values: sameDraft
      ? { name: sameDraft.name, name_kana: sameDraft.name_kana, login_id: sameDraft.login_id }
      : {},
    hasPassword: Boolean(sameDraft),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const draftCookie = registrationDraft<StaffRegistrationDraft>(context.env, "staff");
  const previous = draftCookie.read(request);
  // A body that is not a form reads as an empty one: every field is then "missing", a 400.
  const form = (await readFormData(request)) ?? new FormData();
  const invite = String(form.get("invite") ?? "");
  const invitation = await findStaffInvitation({ db: context.db, token: invite });
  if (!invitation.ok) return invalid({}, { _form: INVITATION_MESSAGES[invitation.error] });
  // Coming back from the confirm step, the password may be left blank to keep the one entered.
  if (previous?.invite === invite && !form.get("password") && !form.get("password_confirmation")) {
    form.set("password", previous.password);
    form.set("password_confirmation", previous.password);
  }
  const parsed = await parseForm(form, StaffAccountSchema);
  if (!parsed.ok) return invalid(parsed.values, parsed.errors);
  return redirect("/staff/registration/confirm", {
    headers: {
      "Set-Cookie": draftCookie.write({ ...parsed.data, invite, storeName: invitation.storeName }),
    },
  });
}

export function meta() {
  return [{ title: pageTitle("キャスト登録") }, { name: "robots", content: "noindex" }];
}

export default function StaffRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { fields, errors } = useSchemaForm(StaffAccountSchema, {
    defaultValue: loaderData.state === "form" ? loaderData.values : undefined,
    result: actionData,
  });
  if (loaderData.state !== "form") {
    return (
      <AuthCard title="キャスト登録">
        {loaderData.state === "problem" ? (
          <Notice tone="error">{loaderData.message}</Notice>
        ) : (
          <p className="text-sm leading-relaxed">
            キャストのアカウントは、在籍する店舗から届く<strong>招待リンク</strong>
            から登録できます。店舗の担当者に招待リンクの発行を依頼してください。
          </p>
        )}
        <Link
          to="/staff/login"
          className="mt-6 block rounded-full bg-brand-600 px-4 py-3 text-center font-bold text-white hover:bg-brand-700"
        >
          キャストログインへ
        </Link>
      </AuthCard>
    );
  }

  const keepPassword = loaderData.hasPassword && !actionData;
  return (
    <AuthCard
      title="キャスト登録"
      lead={
        <>
          <StepIndicator step={1} />
          <p className="mt-4">
            <strong className="text-slate-900">{loaderData.storeName}</strong>
            からの招待です。ログインに使うIDとパスワードを決めてください。
          </p>
        </>
      }
    >
      <FormErrorSummary errors={errors} labels={LABELS} order={Object.keys(LABELS)} />
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="invite" value={loaderData.invite} />
        <StaffAccountFields fields={fields} keepPassword={keepPassword} />
        <TermsNote />
        <SubmitButton>確認画面へ</SubmitButton>
      </Form>
    </AuthCard>
  );
}
