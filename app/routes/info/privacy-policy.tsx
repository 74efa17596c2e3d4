import { Link } from "react-router";
import { operatorLoader } from "~/.server/http/operator-loader";
import { FactTable, type InfoSection, LegalText } from "~/components/info/info-page";
import { INFO_PAGES, infoMeta } from "~/components/info/info-pages";
import type { Operator } from "~/domain/operator";
import { SITE_NAME } from "~/site";
import type { Route } from "./+types/privacy-policy";

const PAGE = INFO_PAGES.privacy;

export const loader = operatorLoader;

export const meta = () => infoMeta(PAGE);

/** The items the Act on the Protection of Personal Information (個人情報保護法) asks to make public. */
function sections(operator: Operator): InfoSection[] {
  return [
    {
      id: "operator",
      title: "事業者の名称・住所・代表者",
      body: (
        <FactTable
          rows={[
            { label: "名称", value: operator.name },
            { label: "住所", value: operator.address },
            { label: "代表者", value: operator.representative },
          ]}
        />
      ),
    },
    {
      id: "collected",
      title: "取得する個人情報",
      body: (
        <ul>
          <li>
            ユーザー：メールアドレス、ニックネーム、パスワード（復元できない形式で保存します）、相性診断の回答、メール配信の設定
          </li>
          <li>
            店舗：店舗名、所在地、電話番号、メールアドレス、営業時間、ご担当者のお名前、振込先口座の情報
          </li>
          <li>キャスト：ログインID、お名前（源氏名）、プロフィール、写真、SNSアカウント、出勤スケジュール</li>
          <li>
            ご利用の記録：フォロー、コイン・アイテムの購入と利用の履歴、メッセージ、お問い合わせ・掲載リクエストの内容
          </li>
          <li>技術的な情報：IPアドレス、Cookie、ブラウザの種類、アクセス日時</li>
        </ul>
      ),
    },
    {
      id: "purposes",
      title: "利用目的",
      body: (
        <ol>
          <li>
            本サービスの提供（会員登録、ログイン、店舗・キャスト情報の掲載、フォロー、メッセージ、コイン・アイテムの販売）
          </li>
          <li>本人確認、年齢確認、パスワード再設定等のご連絡</li>
          <li>
            フォロー中のキャストのライブ・投稿のお知らせ、運営からのお知らせの配信（配信の設定はマイページで変更できます）
          </li>
          <li>お問い合わせ・掲載リクエストへの対応</li>
          <li>料金の請求、アイテムの交換に伴う振込</li>
          <li>利用規約違反・不正利用の調査と防止、ユーザーの安全の確保</li>
          <li>個人を特定できない形に加工した統計情報の作成と、本サービスの改善</li>
        </ol>
      ),
    },
    {
      id: "public",
      title: "公開される情報",
      body: (
        <p>
          店舗情報と、キャストのプロフィールのうち公開を選択した項目は、本サービス上で誰でも閲覧できる状態で公開されます。キャストは、年齢・身長などの項目ごとに公開・非公開を設定できます。ユーザーのニックネームは、メッセージの相手に表示されます。
        </p>
      ),
    },
    {
      id: "third-party",
      title: "第三者への提供",
      body: (
        <>
          <p>当社は、次の場合を除き、ご本人の同意なく個人データを第三者に提供しません。</p>
          <ul>
            <li>法令に基づく場合</li>
            <li>人の生命、身体または財産の保護のために必要で、ご本人の同意を得ることが困難な場合</li>
            <li>国の機関または地方公共団体等の法令に定める事務の遂行に協力する必要がある場合</li>
            <li>その他、個人情報保護法第27条第1項各号に定める場合</li>
          </ul>
          <p>
            利用目的の達成に必要な範囲で、データの保管、メール配信、決済等の業務を外部に委託する場合は、委託先を適切に選び、必要かつ適切な監督を行います。
          </p>
        </>
      ),
    },
    {
      id: "security",
      title: "安全管理のために講じた措置",
      body: (
        <ul>
          <li>
            組織的安全管理措置：個人データの取扱いの責任者を定め、取扱いの状況を定期的に点検しています。
          </li>
          <li>
            人的安全管理措置：個人データを取り扱う者に、秘密保持と適正な取扱いについて教育を行っています。
          </li>
          <li>物理的安全管理措置：個人データを取り扱う機器・区域への立入りと持出しを管理しています。</li>
          <li>
            技術的安全管理措置：通信の暗号化（HTTPS）、パスワードの不可逆な形式での保存、アクセス権限の管理、不正アクセスと大量送信の防止措置を講じています。
          </li>
          <li>
            外的環境の把握：外国に所在するサービスで個人データを取り扱う場合は、その国の個人情報の保護に関する制度を把握したうえで安全管理措置を講じます。
          </li>
        </ul>
      ),
    },
    {
      id: "cookies",
      title: "Cookieについて",
      body: (
        <p>
          本サービスは、ログイン状態の維持、入力途中の内容の一時的な保存、最後に利用したアカウントの種類の記憶のために、必要なCookieを使用しています。現在、第三者による広告配信やアクセス解析のためのCookieは使用していません。使用を始める場合は、本ポリシーを改定してお知らせします。
        </p>
      ),
    },
    {
      id: "requests",
      title: "開示等のご請求の手続き",
      body: (
        <ol>
          <li>
            ご本人またはその代理人は、当社が保有する個人データについて、利用目的の通知、開示（第三者提供の記録の開示を含みます）、内容の訂正・追加・削除、利用の停止・消去、第三者への提供の停止を請求できます。
          </li>
          <li>
            ご請求は、<Link to="/contact">お問い合わせフォーム</Link>
            （種類「個人情報の開示・訂正・削除のご請求」）または下記の窓口のメールアドレスにお送りください。ご本人であることを確認したうえで、遅滞なく対応します。
          </li>
          <li>手数料はいただきません。法令に基づきご請求に応じられない場合は、その理由をご説明します。</li>
          <li>
            マイページから変更できる情報（メールアドレス、ニックネーム、パスワード、メール配信の設定等）は、いつでもご自身で変更できます。
          </li>
        </ol>
      ),
    },
    {
      id: "breach",
      title: "漏えい等が発生した場合",
      body: (
        <p>
          個人データの漏えい等が発生し、個人の権利利益を害するおそれが大きい場合は、法令に従い、個人情報保護委員会への報告とご本人への通知を行います。
        </p>
      ),
    },
    {
      id: "minors",
      title: "18歳未満の方の情報",
      body: (
        <p>
          本サービスは18歳以上の方を対象としています。18歳未満の方の登録が判明した場合は、アカウントを停止し、情報を削除します。
        </p>
      ),
    },
    {
      id: "changes",
      title: "本ポリシーの改定",
      body: (
        <p>
          法令の改正やサービス内容の変更に応じて、本ポリシーを改定することがあります。重要な変更は、本サービス上でお知らせします。
        </p>
      ),
    },
    {
      id: "contact",
      title: "お問い合わせ窓口",
      body: (
        <>
          <FactTable
            rows={[
              { label: "窓口", value: `${operator.name} 個人情報お問い合わせ窓口` },
              { label: "住所", value: operator.address },
              {
                label: "メールアドレス",
                value: <a href={`mailto:${operator.email}`}>{operator.email}</a>,
              },
              { label: "お問い合わせフォーム", value: <Link to="/contact">お問い合わせ</Link> },
            ]}
          />
        </>
      ),
    },
  ];
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { operator } = loaderData;
  return (
    <LegalText
      page={PAGE}
      operator={operator}
      lead={
        <p>
          {operator.name}（以下「当社」）は、{SITE_NAME}
          をご利用いただく皆さまの個人情報を、個人情報の保護に関する法律（個人情報保護法）その他の法令に従い、次のとおり取り扱います。
        </p>
      }
      sections={sections(operator)}
    />
  );
}
