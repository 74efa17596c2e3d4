import { Link } from "react-router";
import { AuthCard } from "~/components/account/auth-card";
import { StepIndicator } from "~/components/account/step-indicator";
import { pageTitle } from "~/site";

export function meta() {
  return [{ title: pageTitle("ユーザー新規登録（完了）") }, { name: "robots", content: "noindex" }];
}

/** Step 3 of 3. */
export default function ListenerRegistrationComplete() {
  return (
    <AuthCard title="仮登録が完了しました" lead={<StepIndicator step={3} />}>
      <p className="text-sm leading-relaxed">
        ご登録のメールアドレスに確認メールをお送りしました。メール内のリンクを開いて、登録を完了してください。
        <br />
        メールが届かない場合は、迷惑メールフォルダをご確認いただくか、ログイン画面から再送信してください。
      </p>
      <Link
        to="/listener/login"
        className="mt-6 block rounded-full bg-brand-600 px-4 py-3 text-center font-bold text-white hover:bg-brand-700"
      >
        ログイン画面へ
      </Link>
    </AuthCard>
  );
}
