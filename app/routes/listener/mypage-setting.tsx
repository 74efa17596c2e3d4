import { useLocation } from "react-router";
import { loadSettings, settingsAction } from "~/.server/http/account-settings";
import { ProfileImageForm } from "~/components/account/profile-image-form";
import { PushSettings } from "~/components/account/push-settings";
import {
  EmailChangeForm,
  MailSettingsForm,
  NicknameForm,
  PasswordChangeForm,
  RankingPrivacyForm,
  resultFor,
  SettingsPage,
} from "~/components/account/settings-forms";
import { LISTENER_MAIL_SETTINGS } from "~/domain/account-settings";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-setting";

const ACTION = "/listener/mypage/setting";
const INTENTS = ["nickname", "image", "mail_setting", "push_setting", "ranking", "email", "password"];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSettings({ request, context, role: "listener" });
}

export async function action({ request, context }: Route.ActionArgs) {
  return settingsAction({ request, context, role: "listener" });
}

export function meta() {
  return [{ title: pageTitle("設定") }, { name: "robots", content: "noindex" }];
}

export default function ListenerSetting({ loaderData, actionData }: Route.ComponentProps) {
  // A new location after each answer: the forms start again from the stored values, passwords blank.
  const { key } = useLocation();
  return (
    <SettingsPage
      done={loaderData.done}
      emailError={loaderData.emailError}
      formError={actionData && !INTENTS.includes(actionData.intent) ? actionData.errors._form : undefined}
    >
      <NicknameForm
        key={`nickname-${key}`}
        action={ACTION}
        nickname={loaderData.nickname}
        result={resultFor(actionData, "nickname")}
      />
      <ProfileImageForm
        key={`image-${key}`}
        action={ACTION}
        imageUrl={loaderData.imageUrl}
        nickname={loaderData.nickname}
        result={resultFor(actionData, "image")}
      />
      <MailSettingsForm
        key={`mail-${key}`}
        action={ACTION}
        options={LISTENER_MAIL_SETTINGS}
        setting={loaderData.mailSetting}
        result={resultFor(actionData, "mail_setting")}
      />
      <PushSettings
        key={`push-${key}`}
        action={ACTION}
        account="listener"
        push={loaderData.push}
        result={resultFor(actionData, "push_setting")}
      />
      <RankingPrivacyForm
        key={`ranking-${key}`}
        action={ACTION}
        hide={loaderData.hideFromRankings}
        result={resultFor(actionData, "ranking")}
      />
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
    </SettingsPage>
  );
}
