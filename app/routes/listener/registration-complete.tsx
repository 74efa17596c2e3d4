import { registrationCompleteData, resendRegistrationMail } from "~/.server/http/registration-complete";
import { AuthCard } from "~/components/account/auth-card";
import { RegistrationMailNotice } from "~/components/account/registration-mail-notice";
import { StepIndicator } from "~/components/account/step-indicator";
import { REGISTRATION_COMPLETE_TEXTS } from "~/domain/registration-complete";
import { pageTitle } from "~/site";
import type { Route } from "./+types/registration-complete";

export function loader({ request, context }: Route.LoaderArgs) {
  return registrationCompleteData(request, context, "listener");
}

/** 確認メールを再送信: to the address of this browser's registration only. */
export function action({ request, context }: Route.ActionArgs) {
  return resendRegistrationMail(request, context, "listener");
}

export function meta() {
  return [{ title: pageTitle("ユーザー新規登録（完了）") }, { name: "robots", content: "noindex" }];
}

/** Step 3 of 3. */
export default function ListenerRegistrationComplete({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard title={REGISTRATION_COMPLETE_TEXTS.title} lead={<StepIndicator step={3} />}>
      <RegistrationMailNotice
        email={loaderData.email}
        answer={actionData}
        loginPath="/listener/login"
        loginLabel="ログイン画面へ"
        registrationPath="/listener/registration"
      >
        <p>メール内のリンクを開いて、登録を完了してください。リンクを開くとログイン画面が開きます。</p>
      </RegistrationMailNotice>
    </AuthCard>
  );
}
