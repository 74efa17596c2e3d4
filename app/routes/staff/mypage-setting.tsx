import { useLocation } from "react-router";
import { loadSettings, settingsAction } from "~/.server/http/account-settings";
import { PushSettings } from "~/components/account/push-settings";
import { PasswordChangeForm, resultFor, SettingsPage } from "~/components/account/settings-forms";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-setting";

const ACTION = "/staff/mypage/setting";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSettings({ request, context, role: "staff" });
}

export async function action({ request, context }: Route.ActionArgs) {
  return settingsAction({ request, context, role: "staff" });
}

export function meta() {
  return [{ title: pageTitle("設定") }, { name: "robots", content: "noindex" }];
}

export default function StaffSetting({ loaderData, actionData }: Route.ComponentProps) {
  const { key } = useLocation();
  return (
    <SettingsPage
      done={loaderData.done}
      emailError={null}
      formError={
        actionData && !["password", "push_setting"].includes(actionData.intent)
          ? actionData.errors._form
          : undefined
      }
    >
      <PushSettings
        key={`push-${key}`}
        action={ACTION}
        account="staff"
        push={loaderData.push}
        result={resultFor(actionData, "push_setting")}
      />
      <PasswordChangeForm
        key={`password-${key}`}
        action={ACTION}
        result={resultFor(actionData, "password")}
      />
    </SettingsPage>
  );
}
