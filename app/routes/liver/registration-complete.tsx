import { Link } from "react-router";
import { registrationDone } from "~/.server/http/registration-draft";
import { AuthCard } from "~/components/account/auth-card";
import { StepIndicator } from "~/components/account/step-indicator";
import { pageTitle } from "~/site";
import type { Route } from "./+types/registration-complete";

export function loader({ request, context }: Route.LoaderArgs) {
  const done = registrationDone(context.env, "liver").read(request);
  return { email: done?.email ?? null };
}

export function meta() {
  return [{ title: pageTitle("店舗新規登録（完了）") }, { name: "robots", content: "noindex" }];
}

/** Step 3 of 3. */
export default function LiverRegistrationComplete({ loaderData }: Route.ComponentProps) {
  const { email } = loaderData;
  return (
    <AuthCard wide title="仮登録が完了しました" lead={<StepIndicator step={3} />}>
      <div className="space-y-3 text-sm leading-relaxed">
        {email ? (
          <p>
            <strong className="break-all">{email}</strong>
            宛てに確認メールをお送りしました。
          </p>
        ) : (
          <p>ご登録のメールアドレスに確認メールをお送りしました。</p>
        )}
        <p>
          メール内のリンクを開くとメールアドレスの確認が完了し、店舗ログイン画面が開きます。ログイン後は店舗マイページをご利用いただけます。
        </p>
        <p className="text-slate-600">
          メールが届かない場合は、迷惑メールフォルダをご確認いただくか、店舗ログイン画面から再送信してください。確認メールのリンクの有効期限が切れた場合も再送信できます。
        </p>
      </div>
      <Link
        to="/liver/login"
        className="mt-6 block rounded-full bg-brand-600 px-4 py-3 text-center font-bold text-white hover:bg-brand-700"
      >
        店舗ログイン画面へ
      </Link>
    </AuthCard>
  );
}
