import type { ReactNode } from "react";
import { Link } from "react-router";
import { InfoPage, Prose } from "~/components/info/info-page";
import { INFO_PAGES, infoMeta } from "~/components/info/info-pages";
import { SITE_NAME } from "~/site";

const PAGE = INFO_PAGES.faq;

export const meta = () => infoMeta(PAGE);

interface Question {
  q: string;
  a: ReactNode;
}

/** The questions, grouped by who asks them; the wording of the page lives here. */
const GROUPS: { id: string; title: string; questions: Question[] }[] = [
  {
    id: "listener",
    title: "ユーザーの方",
    questions: [
      {
        q: "利用料金はかかりますか？",
        a: "店舗やキャストの閲覧、ユーザー登録、フォロー、相性診断、メッセージは無料です。キャストへ贈るアイテムに使うコインの購入のみ有料です。お店でのご飲食の料金は各店舗にお支払いください。",
      },
      {
        q: "何歳から利用できますか？",
        a: "18歳以上の方（高校生を除きます）がご利用いただけます。20歳未満の方の飲酒は法律で禁止されています。",
      },
      {
        q: "相性診断とはなんですか？",
        a: "13の質問に答えると、同じ質問に答えたキャストとの相性を0〜100で表示します。答えが同じだった質問の数から計算しており、どの質問で気が合ったのかも確認できます。回答はマイページからいつでも変更できます。",
      },
      {
        q: "掲載されている料金は正確ですか？",
        a: (
          <>
            料金は各店舗が掲載しています。当社は正確な表示を店舗に求めていますが、ご来店前にセット料金・延長料金・指名料・サービス料などを店舗へご確認ください。掲載と実際の料金が違っていた場合は、
            <Link to="/contact">お問い合わせフォーム</Link>からお知らせください。
          </>
        ),
      },
      {
        q: "コインに有効期限はありますか？返金できますか？",
        a: "有償コインの有効期限は購入日から180日です。期限を過ぎたコインは失効します（失効の14日前にメールでお知らせします）。ボーナスコインに有効期限はありません。購入したコインは、法令に基づき払戻しが必要となる場合を除き、返金できません。",
      },
      {
        q: "確認メールやパスワード再設定のメールが届きません。",
        a: "迷惑メールフォルダをご確認ください。携帯電話会社のメールアドレスをお使いの場合は、受信設定で当サイトのドメインからのメールを許可してください。確認メールはログイン画面から再送信できます。",
      },
      {
        q: "キャストから連絡先を聞かれました。",
        a: (
          <>
            個人の連絡先の交換は<Link to="/messages">メッセージのルール</Link>
            で禁止しています。応じずに、お問い合わせフォームの「不適切な投稿・メッセージの通報」からお知らせください。
          </>
        ),
      },
      {
        q: "退会したいです。",
        a: (
          <>
            <Link to="/contact">お問い合わせフォーム</Link>
            の「アカウント・ログインについて」からご連絡ください。退会すると未使用のコインは失効します。
          </>
        ),
      },
    ],
  },
  {
    id: "liver",
    title: "店舗の方",
    questions: [
      {
        q: "掲載までの流れを教えてください。",
        a: (
          <>
            <Link to="/liver/registration">店舗登録</Link>
            で店舗情報とプランを入力し、届いた確認メールのリンクを開くと店舗ログインができるようになります。ログイン後、店舗情報や写真を整え、キャストを登録すれば掲載の準備は完了です。まずは相談したい場合は
            <Link to="/shop_entry">掲載リクエスト</Link>をお送りください。
          </>
        ),
      },
      {
        q: "料金はいくらですか？",
        a: (
          <>
            掲載できるキャストの人数に応じた月額制のプランがあります。最新の料金は
            <Link to="/service/liver">店舗掲載のご案内</Link>をご覧ください。初期費用はかかりません。
          </>
        ),
      },
      {
        q: "掲載に必要な許可はありますか？",
        a: "接待を伴う飲食店（キャバクラ、ラウンジ、クラブ等）は風営法に基づく風俗営業の許可が、深夜に酒類を提供する飲食店（接待を伴わないガールズバー、コンカフェ、バー等）は深夜酒類提供飲食店営業の届出が必要です。許可証・届出書の写しの提出をお願いすることがあります。",
      },
      {
        q: "キャストは何人まで掲載できますか？",
        a: "ご契約のプランごとに上限があります。上限に達した場合は、プランを変更すると翌請求月から上限が増えます。",
      },
      {
        q: "キャストのアカウントはどうやって作りますか？",
        a: "店舗管理画面から、ログインIDとパスワードを決めて店舗が作成する方法と、招待リンクを発行してキャスト自身に登録してもらう方法があります。キャストのパスワードは店舗管理画面から変更できます。",
      },
      {
        q: "料金の表示で気をつけることはありますか？",
        a: (
          <>
            お客様が支払う料金は、実際の料金と異ならないよう正確に掲載してください。色恋営業や料金の虚偽説明は法律で禁止されており、
            <Link to="/terms-store">店舗利用規約</Link>でも禁止しています。
          </>
        ),
      },
      {
        q: "掲載をやめたいときは？",
        a: "次回更新日の前日までにお問い合わせフォームからお申し出いただくと、当月末で解約となります。日割りの返金はありません。",
      },
    ],
  },
  {
    id: "staff",
    title: "キャストの方",
    questions: [
      {
        q: "アカウントはどうやって作りますか？",
        a: "在籍する店舗から届く招待リンクから登録するか、店舗が作成したログインIDとパスワードを受け取ってください。キャストが個人で登録することはできません。",
      },
      {
        q: "ログインIDやパスワードを忘れました。",
        a: "在籍する店舗にお問い合わせください。店舗は店舗管理画面からパスワードを変更できます。",
      },
      {
        q: "プロフィールの一部を非公開にできますか？",
        a: "年齢、身長、血液型、SNSアカウントなど、項目ごとに公開・非公開を選べます。非公開にした項目は、ユーザーの画面にも検索にも使われません。",
      },
      {
        q: "出勤スケジュールはどこで登録しますか？",
        a: "キャストページの「スケジュール」から、10分単位で出勤時間を登録できます。終了時刻が決まっていない日は「LAST」を選べます。",
      },
      {
        q: "お客様から連絡先や店外での面会を求められました。",
        a: (
          <>
            応じる必要はありません。<Link to="/messages">メッセージのルール</Link>
            で禁止している行為ですので、お店の方に相談のうえ、お問い合わせフォームから通報してください。
          </>
        ),
      },
      {
        q: "お店を辞めたら掲載はどうなりますか？",
        a: "退店後は店舗が掲載を終了します。掲載が残っている場合は、お問い合わせフォームからご連絡ください。",
      },
    ],
  },
];

export default function Faq() {
  return (
    <InfoPage
      page={PAGE}
      lead={
        <p>
          {SITE_NAME}によく寄せられるご質問をまとめました。解決しない場合は
          <Link to="/contact" className="text-brand-700 underline">
            お問い合わせ
          </Link>
          ください。
        </p>
      }
    >
      <nav aria-label="質問の分類" className="flex flex-wrap gap-2">
        {GROUPS.map((group) => (
          <a
            key={group.id}
            href={`#${group.id}`}
            className="inline-flex min-h-11 items-center rounded-full bg-white px-4 font-bold text-sm ring-1 ring-slate-200 hover:text-brand-700 hover:ring-brand-500"
          >
            {group.title}
          </a>
        ))}
      </nav>
      {GROUPS.map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className="scroll-mt-20">
          <h2 id={`${group.id}-title`} className="mb-3 border-brand-500 border-l-4 pl-3 font-bold text-lg">
            {group.title}
          </h2>
          <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
            {group.questions.map((question) => (
              <details key={question.q} className="group" data-testid="faq-item">
                <summary className="flex min-h-12 cursor-pointer list-none items-start gap-3 px-4 py-3 font-bold text-sm leading-relaxed hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                  <span aria-hidden="true" className="text-brand-600">
                    Q
                  </span>
                  <span className="flex-1">{question.q}</span>
                  <span aria-hidden="true" className="text-slate-400 transition group-open:rotate-180">
                    ▾
                  </span>
                </summary>
                <div className="flex gap-3 bg-slate-50 px-4 py-3">
                  <span aria-hidden="true" className="font-bold text-slate-500 text-sm">
                    A
                  </span>
                  <Prose>
                    <p>{question.a}</p>
                  </Prose>
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}
    </InfoPage>
  );
}
