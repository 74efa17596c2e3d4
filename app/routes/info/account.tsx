import { Link } from "react-router";
import { InfoPage, type InfoSection } from "~/components/info/info-page";
import { INFO_PAGES, infoMeta } from "~/components/info/info-pages";
import { SITE_NAME } from "~/site";

const PAGE = INFO_PAGES.account;

export const meta = () => infoMeta(PAGE);

const KINDS: { title: string; who: string; points: string[]; links: { to: string; label: string }[] }[] = [
  {
    title: "ユーザーアカウント",
    who: "お店やキャストを探すお客様",
    points: [
      "メールアドレスとパスワードで、無料で登録できます。",
      "キャスト・店舗のフォロー、相性診断、メッセージ、ライブ配信の視聴、コインの購入が使えます。",
      "登録後にお送りする確認メールのリンクを開くと、ログインできるようになります。",
    ],
    links: [
      { to: "/listener/registration", label: "ユーザー登録（無料）" },
      { to: "/listener/login", label: "ユーザーログイン" },
    ],
  },
  {
    title: "店舗アカウント",
    who: "お店を運営する事業者さま",
    points: [
      "店舗情報・所在地・営業時間・料金プランを入力して登録します。",
      "店舗ページの編集、キャストの登録・編集・表示切替、料金システムの設定、受け取ったアイテムの交換ができます。",
      "キャストのアカウントは店舗が作成するか、招待リンクを送ってキャスト自身に登録してもらいます。",
    ],
    links: [
      { to: "/liver/registration", label: "店舗登録" },
      { to: "/liver/login", label: "店舗ログイン" },
    ],
  },
  {
    title: "キャストアカウント",
    who: "掲載店舗に在籍するキャスト",
    points: [
      "メールアドレスではなく、ログインIDとパスワードでログインします。",
      "プロフィールと公開する項目の設定、出勤スケジュール、SNS連携、投稿、ライブ配信、ユーザーとのメッセージが使えます。",
      "ログインIDやパスワードがわからなくなった場合は、在籍する店舗にお問い合わせください。",
    ],
    links: [{ to: "/staff/login", label: "キャストログイン" }],
  },
];

const SECTIONS: InfoSection[] = [
  {
    id: "one-address",
    title: "1つのメールアドレスで1種類のアカウント",
    body: (
      <p>
        1つのメールアドレスで登録できるのは、ユーザー・店舗のいずれか1つのアカウントです。それぞれのアカウントは専用のログイン画面からログインします（ユーザーの方が店舗ログイン画面からログインすることはできません）。
      </p>
    ),
  },
  {
    id: "password",
    title: "パスワード",
    body: (
      <ul>
        <li>
          パスワードは8文字以上128文字以内の半角英数字・記号で設定してください。他のサービスと同じパスワードは避けてください。
        </li>
        <li>
          パスワードを忘れた場合は、
          <Link to="/listener/reset">ユーザーのパスワード再設定</Link>・
          <Link to="/liver/reset">店舗のパスワード再設定</Link>
          からメールアドレスを入力してください。再設定用のリンク（有効期限1時間・1回限り）をお送りします。
        </li>
        <li>
          パスワードを続けて間違えると、安全のため一時的にログインが制限されます。時間をおいてから再度お試しください。
        </li>
      </ul>
    ),
  },
  {
    id: "settings",
    title: "登録内容の変更",
    body: (
      <p>
        メールアドレス、パスワード、ニックネーム、メール配信の設定は、ログイン後のマイページの「設定」から変更できます。メールアドレスの変更は、新しいアドレスに届く確認メールのリンクを開いた時点で完了します。
      </p>
    ),
  },
  {
    id: "leave",
    title: "退会",
    body: (
      <p>
        退会をご希望の場合は、<Link to="/contact">お問い合わせフォーム</Link>
        （種類「アカウント・ログインについて」）からご連絡ください。ご本人であることを確認したうえで手続きします。退会すると、未使用のコインは失効します。
      </p>
    ),
  },
];

export default function Account() {
  return (
    <InfoPage
      page={PAGE}
      wide
      lead={<p>{SITE_NAME}には、ご利用になる方に合わせて3種類のアカウントがあります。</p>}
      intro={<AccountKinds />}
      sections={SECTIONS}
    />
  );
}

function AccountKinds() {
  return (
    <ul className="grid gap-4 wide:grid-cols-3">
      {KINDS.map((kind) => (
        <li
          key={kind.title}
          className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <h2 className="font-bold text-lg">{kind.title}</h2>
          <p className="mt-1 text-brand-700 text-sm">{kind.who}</p>
          <ul className="mt-3 flex-1 list-disc space-y-2 pl-5 text-slate-700 text-sm leading-relaxed">
            {kind.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <div className="mt-4 flex flex-col gap-2">
            {kind.links.map((link, index) => (
              <Link
                key={link.to}
                to={link.to}
                className={`inline-flex min-h-11 items-center justify-center rounded-full px-4 font-bold text-sm ${index === 0 ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}
              >
                {link.label}
              </Link>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
