import { Link } from "react-router";
import { CallToAction, InfoPage, type InfoSection } from "~/components/info/info-page";
import { INFO_PAGES, infoMeta } from "~/components/info/info-pages";
import { SITE_NAME } from "~/site";
import type { Route } from "./+types/about";

const PAGE = INFO_PAGES.about;

export function loader({ context }: Route.LoaderArgs) {
  return { operatorName: context.env.operator.name };
}

export const meta = () => infoMeta(PAGE);

const SECTIONS: InfoSection[] = [
  {
    id: "what",
    title: `${SITE_NAME}でできること`,
    body: (
      <>
        <p>
          {SITE_NAME}
          は、ガールズバー、キャバクラ、クラブ、ラウンジ、ニュークラブ、スナック、コンカフェなど、夜のお店と、そこで働くキャストを探せる情報サイトです。
        </p>
        <ul>
          <li>エリアや業種、こだわり条件から、今夜行けるお店を探せます。</li>
          <li>
            キャストのプロフィール、出勤スケジュール、SNSの投稿やライブ配信を見て、会いたい人を見つけられます。
          </li>
          <li>13の質問に答える相性診断で、気の合いそうなキャストがわかります。</li>
          <li>お店は、店舗ページとキャスト紹介、出勤情報、配信で、新しいお客様に出会えます。</li>
        </ul>
      </>
    ),
  },
  {
    id: "policy",
    title: "運営方針",
    body: (
      <>
        <p>夜のお店を、もっと安心して楽しめる場所に。そのために、次のことを大切にしています。</p>
        <ul>
          <li>
            <strong>18歳以上の方のためのサービスです。</strong>
            18歳未満の方・高校生の方はご利用いただけません。キャストの掲載も18歳以上の方に限っています。
          </li>
          <li>
            <strong>料金は正確に。</strong>
            掲載店舗には、風営法をはじめとする法令を守り、セット料金や指名料などを実際どおりに表示していただいています。表示と違う料金を請求された場合はお知らせください。
          </li>
          <li>
            <strong>色恋営業はさせません。</strong>
            お客様の恋愛感情につけ込んで来店や高額な注文を求める営業は、法律で禁止されており、{SITE_NAME}
            でも一切認めていません。
          </li>
          <li>
            <strong>安心してやり取りできる場所に。</strong>
            メッセージでの連絡先の交換や勧誘を禁止し、通報には運営が対応します。詳しくは
            <Link to="/messages">メッセージのルール</Link>をご覧ください。
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "who",
    title: "ご利用になる方",
    body: (
      <ul>
        <li>
          <Link to="/service/listener">ユーザーの方</Link>：お店とキャストを探すお客様。登録は無料です。
        </li>
        <li>
          <Link to="/service/liver">店舗の方</Link>
          ：お店とキャストを掲載する事業者さま。月額制の料金プランでご利用いただけます。
        </li>
        <li>
          キャストの方：掲載店舗に在籍し、プロフィールや出勤情報、配信を発信する方。アカウントは店舗から発行されます。
        </li>
      </ul>
    ),
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPage
      page={PAGE}
      lead={<p>{SITE_NAME}は、今夜の一軒と会いたいキャストに出会うためのナイトワーク情報サイトです。</p>}
      sections={SECTIONS}
    >
      <section aria-labelledby="operator-title">
        <h2 id="operator-title" className="mb-3 border-brand-500 border-l-4 pl-3 font-bold text-lg">
          運営者
        </h2>
        <p className="text-slate-800 text-sm leading-7">
          {SITE_NAME}は{loaderData.operatorName}が運営しています。所在地・連絡先は
          <Link to="/specified-commercial" className="text-brand-700 underline">
            特定商取引法に基づく表記
          </Link>
          をご覧ください。
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <CallToAction to="/listener/registration">無料でユーザー登録</CallToAction>
          <CallToAction to="/service/liver" variant="secondary">
            店舗掲載について
          </CallToAction>
        </div>
      </section>
    </InfoPage>
  );
}
