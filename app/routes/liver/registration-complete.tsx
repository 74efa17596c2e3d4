import { registrationCompleteData, resendRegistrationMail } from "~/.server/http/registration-complete";
import { AuthCard } from "~/components/account/auth-card";
import { RegistrationMailNotice } from "~/components/account/registration-mail-notice";
import { StepIndicator } from "~/components/account/step-indicator";
import { REGISTRATION_COMPLETE_TEXTS } from "~/domain/registration-complete";
import { pageTitle } from "~/site";
import type { Route } from "./+types/registration-complete";

export function loader({ request, context }: Route.LoaderArgs) {
  return registrationCompleteData(request, context, "liver");
}

/** 確認メールを再送信: to the address of this browser's registration only. */
export function action({ request, context }: Route.ActionArgs) {
  return resendRegistrationMail(request, context, "liver");
}

export function meta() {
  return [{ title: pageTitle("店舗新規登録（完了）") }, { name: "robots", content: "noindex" }];
}

/** Step 3 of 3. */
export default function LiverRegistrationComplete({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard wide title={REGISTRATION_COMPLETE_TEXTS.title} lead={<StepIndicator step={3} />}>
      <RegistrationMailNotice
        email={loaderData.email}
        answer={actionData}
        loginPath="/liver/login"
        loginLabel="店舗ログイン画面へ"
        registrationPath="/liver/registration"
      >
        <p>
          メール内のリンクを開くとメールアドレスの確認が完了し、店舗ログイン画面が開きます。ログイン後は店舗マイページをご利用いただけます。確認メールのリンクの有効期限が切れた場合も再送信できます。
        </p>
      </RegistrationMailNotice>
    </AuthCard>
  );
}
