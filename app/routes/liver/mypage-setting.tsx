import { useLocation } from "react-router";
import { loadSettings, settingsAction } from "~/.server/http/account-settings";
import {
  EmailChangeForm,
  MailSettingsForm,
  PasswordChangeForm,
  resultFor,
  SettingsPage,
} from "~/components/account/settings-forms";
import { LIVER_MAIL_SETTINGS } from "~/domain/account-settings";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-setting";

const ACTION = "/liver/mypage/setting";
const INTENTS = ["mail_setting", "email", "password"];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSettings({ request, context, role: "liver" });
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
      <p className="rounded-2xl bg-slate-100 p-4 text-slate-600 text-sm">
        振込口座・プランの設定は準備中です。
      </p>
    </SettingsPage>
  );
}
