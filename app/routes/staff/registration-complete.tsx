import { Link } from "react-router";
import { registrationDone } from "~/.server/http/registration-draft";
import { AuthCard } from "~/components/account/auth-card";
import { StepIndicator } from "~/components/account/step-indicator";
import { pageTitle } from "~/site";
import type { Route } from "./+types/registration-complete";

export function loader({ request, context }: Route.LoaderArgs) {
  const done = registrationDone<{ loginId: string; storeName: string }>(context.env, "staff").read(request);
  return { loginId: done?.loginId ?? null, storeName: done?.storeName ?? null };
}

export function meta() {
  return [{ title: pageTitle("キャスト登録（完了）") }, { name: "robots", content: "noindex" }];
}

/** Step 3 of 3. Staff have no mailbox to verify: the account can sign in at once. */
export default function StaffRegistrationComplete({ loaderData }: Route.ComponentProps) {
  const { loginId, storeName } = loaderData;
  return (
    <AuthCard title="登録が完了しました" lead={<StepIndicator step={3} />}>
      <div className="space-y-3 text-sm leading-relaxed">
        {storeName && (
          <p>
            <strong>{storeName}</strong>のキャストとして登録しました。
          </p>
        )}
        {loginId && (
          <p>
            ログインID：<strong className="break-all font-mono">{loginId}</strong>
            <br />
            ログインIDとパスワードは忘れないよう控えておいてください。
          </p>
        )}
        <p>ログインして、プロフィールと出勤予定を登録しましょう。</p>
      </div>
      <Link
        to="/staff/login"
        className="mt-6 block rounded-full bg-brand-600 px-4 py-3 text-center font-bold text-white hover:bg-brand-700"
      >
        ログイン画面へ
      </Link>
    </AuthCard>
  );
}
