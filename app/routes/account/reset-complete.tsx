import { Link } from "react-router";
import { AuthCard } from "~/components/account/auth-card";
import { type AccountRole, roleOfPath } from "~/domain/account-roles";
import { pageTitle } from "~/site";
import type { Route } from "./+types/reset-complete";

export function loader({ request }: Route.LoaderArgs) {
  return { role: (roleOfPath(new URL(request.url).pathname) ?? "listener") as AccountRole };
}

export function meta() {
  return [{ title: pageTitle("パスワード再設定完了") }, { name: "robots", content: "noindex" }];
}

export default function ResetComplete({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="パスワードを再設定しました">
      <p className="text-sm leading-relaxed">
        新しいパスワードでログインしてください。他の端末のログイン状態は解除されました。
      </p>
      <Link
        to={`/${loaderData.role}/login`}
        className="mt-6 block rounded-full bg-brand-600 px-4 py-3 text-center font-bold text-white hover:bg-brand-700"
      >
        ログイン画面へ
      </Link>
    </AuthCard>
  );
}
