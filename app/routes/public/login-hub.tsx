import { Link } from "react-router";
import { pageTitle } from "~/site";

/**
 * `/login` (docs/product.md: a public path with no redirect): where each kind of account signs in or
 * registers. The header's login menu links here too.
 */
export function meta() {
  return [
    { title: pageTitle("ログイン・新規登録") },
    {
      name: "description",
      content:
        "ユーザー・店舗・キャストのログインと新規登録はこちら。お店探しの方も、掲載店舗の方もご利用いただけます。",
    },
  ];
}

const ENTRIES = [
  {
    id: "listener",
    title: "ユーザーの方",
    body: "お店やキャストをフォローしたり、相性診断を利用したりできます。",
    login: { to: "/listener/login", label: "ユーザーログイン" },
    register: { to: "/listener/registration", label: "ユーザー新規登録（無料）" },
    note: null,
  },
  {
    id: "liver",
    title: "店舗の方",
    body: "店舗情報・キャスト・出勤スケジュール・料金システムを管理できます。",
    login: { to: "/liver/login", label: "店舗ログイン" },
    register: { to: "/liver/registration", label: "店舗の新規登録" },
    note: { to: "/shop_entry", label: "まずは掲載について相談する（掲載リクエスト）" },
  },
  {
    id: "staff",
    title: "キャストの方",
    body: "プロフィールや出勤スケジュールを更新できます。",
    login: { to: "/staff/login", label: "キャストログイン" },
    register: null,
    note: null,
  },
] as const;

export default function LoginHub() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="font-bold text-2xl">ログイン・新規登録</h1>
      <p className="mt-2 text-slate-600 text-sm">ご利用の種類を選んでください。</p>
      <ul className="mt-6 grid gap-4 wide:grid-cols-3">
        {ENTRIES.map((entry) => (
          <li key={entry.id}>
            <section
              aria-labelledby={`login-${entry.id}`}
              className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
              data-testid={`login-${entry.id}`}
            >
              <h2 id={`login-${entry.id}`} className="font-bold text-lg">
                {entry.title}
              </h2>
              <p className="mt-1 flex-1 text-slate-600 text-sm leading-relaxed">{entry.body}</p>
              <div className="mt-4 space-y-2">
                <Link
                  to={entry.login.to}
                  className="flex min-h-11 items-center justify-center rounded-full bg-brand-600 px-5 font-bold text-sm text-white shadow hover:bg-brand-700"
                >
                  {entry.login.label}
                </Link>
                {entry.register ? (
                  <Link
                    to={entry.register.to}
                    className="flex min-h-11 items-center justify-center rounded-full border border-slate-300 bg-white px-5 font-bold text-slate-800 text-sm hover:bg-slate-50"
                  >
                    {entry.register.label}
                  </Link>
                ) : (
                  <p className="rounded-lg bg-slate-50 p-3 text-slate-600 text-xs leading-relaxed">
                    キャストのアカウントは所属店舗から発行されます。招待リンクを受け取った方は、リンクから登録してください。
                  </p>
                )}
                {entry.note ? (
                  <Link
                    to={entry.note.to}
                    className="block pt-1 text-center text-brand-700 text-xs underline"
                  >
                    {entry.note.label}
                  </Link>
                ) : null}
              </div>
            </section>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-slate-500 text-xs">
        パスワードをお忘れの方は、各ログイン画面の「パスワードをお忘れの方」から再設定できます。
      </p>
    </div>
  );
}
