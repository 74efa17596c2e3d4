import { useLocation } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { loadSettings, settingsAction } from "~/.server/http/account-settings";
import { getStoreSettings } from "~/.server/services/stores/get-store-settings";
import { PlanForm } from "~/components/account/plan-form";
import { PushSettings } from "~/components/account/push-settings";
import {
  BankAccountForm,
  EmailChangeForm,
  MailSettingsForm,
  PasswordChangeForm,
  resultFor,
  SettingsPage,
  TaxStatusForm,
} from "~/components/account/settings-forms";
import { LIVER_MAIL_SETTINGS } from "~/domain/account-settings";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-setting";

const ACTION = "/liver/mypage/setting";
const INTENTS = ["mail_setting", "push_setting", "email", "password", "bank_account", "tax_status", "plan"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await loadSettings({ request, context, role: "liver" });
  const viewer = await requireViewer(request, context, "liver");
  const store = await getStoreSettings({ db: context.db, actor: viewer });
  if (!store) throw new Response(null, { status: 404 });
  return { ...settings, store };
}

export async function action({ request, context }: Route.ActionArgs) {
  return settingsAction({ request, context, role: "liver" });
}

export function meta() {
  return [{ title: pageTitle("設定") }, { name: "robots", content: "noindex" }];
}

export default function LiverSetting({ loaderData, actionData }: Route.ComponentProps) {
  const { key } = useLocation();
  return (
    <SettingsPage
      done={loaderData.done}
      emailError={loaderData.emailError}
      formError={actionData && !INTENTS.includes(actionData.intent) ? actionData.errors._form : undefined}
    >
      <EmailChangeForm
        key={`email-${key}`}
        action={ACTION}
        currentEmail={loaderData.email}
        result={resultFor(actionData, "email")}
      />
      <PasswordChangeForm
        key={`password-${key}`}
        action={ACTION}
        result={resultFor(actionData, "password")}
      />
      <MailSettingsForm
        key={`mail-${key}`}
        action={ACTION}
        options={LIVER_MAIL_SETTINGS}
        setting={loaderData.mailSetting}
        result={resultFor(actionData, "mail_setting")}
      />
      <PushSettings
        key={`push-${key}`}
        action={ACTION}
        account="liver"
        push={loaderData.push}
        result={resultFor(actionData, "push_setting")}
      />
      <PlanForm
        key={`plan-${key}`}
        action={ACTION}
        plan={loaderData.store.plan}
        newPlan={loaderData.store.newPlan}
        plans={loaderData.store.plans}
        staffCount={loaderData.store.staffCount}
        limitStaff={loaderData.store.limit_staff}
        result={resultFor(actionData, "plan")}
      />
      <TaxStatusForm
        key={`tax-${key}`}
        action={ACTION}
        isIndividual={loaderData.store.is_individual}
        result={resultFor(actionData, "tax_status")}
      />
      <BankAccountForm
        key={`bank-${key}`}
        action={ACTION}
        account={loaderData.store.account}
        result={resultFor(actionData, "bank_account")}
      />
    </SettingsPage>
  );
}
