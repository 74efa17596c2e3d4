import { Link } from "react-router";
import { AuthCard, Notice } from "~/components/account/auth-card";
import { StepIndicator } from "~/components/account/step-indicator";
import { AUTH_MESSAGES } from "~/domain/auth-messages";
import { pageTitle } from "~/site";
import type { Route } from "./+types/registration-complete";

export function loader({ request }: Route.LoaderArgs) {
  return { mailFailed: new URL(request.url).searchParams.get("mail") === "failed" };
}

export function meta() {
  return [{ title: pageTitle("ユーザー新規登録（完了）") }, { name: "robots", content: "noindex" }];
}

/** Step 3 of 3. */
export default function ListenerRegistrationComplete({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="仮登録が完了しました" lead={<StepIndicator step={3} />}>
      {loaderData.mailFailed ? (
        <Notice tone="error">{AUTH_MESSAGES.mail_failed}</Notice>
      ) : (
        <p className="text-sm leading-relaxed">
          ご登録のメールアドレスに確認メールをお送りしました。メール内のリンクを開いて、登録を完了してください。
          <br />
          メールが届かない場合は、迷惑メールフォルダをご確認いただくか、ログイン画面から再送信してください。
        </p>
      )}
      <Link
        to="/listener/login"
        className="mt-6 block rounded-full bg-brand-600 px-4 py-3 text-center font-bold text-white hover:bg-brand-700"
      >
        ログイン画面へ
      </Link>
    </AuthCard>
  );
}
