import { CallToAction, InfoPage } from "~/components/info/info-page";
import { INFO_PAGES, infoMeta } from "~/components/info/info-pages";
import { FeatureCards, NoteBox, ServiceSection, StepsPanel } from "~/components/info/service-blocks";
import { SITE_NAME } from "~/site";

const PAGE = INFO_PAGES.serviceListener;

export const meta = () => infoMeta(PAGE);

const FEATURES = [
  {
    title: "エリア・業種から探す",
    text: "全国の繁華街から、ガールズバー・キャバクラ・ラウンジ・スナック・コンカフェなどを業種やこだわり条件で探せます。",
  },
  {
    title: "キャストを探す",
    text: "年齢・身長・タイプ・お酒の強さなどでキャストを絞り込み。出勤スケジュールで今日会える人がわかります。",
  },
  {
    title: "相性診断",
    text: "13の質問に答えるだけで、キャストとの相性を0〜100で表示。どこで気が合うのかもわかります。",
  },
  {
    title: "フォローとお知らせ",
    text: "気になるキャストやお店をフォローすると、ライブ配信やSNSの投稿をメールでお知らせします。",
  },
  {
    title: "ライブ配信とアイテム",
    text: "キャストのライブ配信を見て、コメントやアイテムで応援できます。",
  },
  {
    title: "メッセージ",
    text: "キャストと1対1でやり取りできます。連絡先の交換を禁止し、運営が見守る安心の仕組みです。",
  },
] as const;

const STEPS = [
  { title: "メールアドレスで登録", text: "メールアドレス・パスワード・ニックネームを入力します（無料）。" },
  { title: "確認メールを開く", text: "届いたメールのリンクを開くと、登録が完了します。" },
  { title: "相性診断に答える", text: "マイページで13の質問に答えると、キャストとの相性が表示されます。" },
] as const;

const SAFETY = [
  "ご利用は18歳以上の方（高校生を除きます）に限ります。お酒は20歳になってから。",
  "掲載店舗には正確な料金表示をお願いしています。ご来店前に料金を確認しましょう。",
  "色恋営業、連絡先の交換、しつこい勧誘は禁止です。困ったときはお問い合わせから通報できます。",
  "コインは前払いです。有償コインの有効期限は購入日から180日です。",
] as const;

export default function ServiceListener() {
  return (
    <InfoPage
      page={PAGE}
      wide
      lead={
        <p>
          {SITE_NAME}
          は、夜のお店選びをもっと楽しく、安心にするサービスです。閲覧は登録なしで、フォローや相性診断は無料のユーザー登録でご利用いただけます。
        </p>
      }
      intro={
        <div className="space-y-10">
          <ServiceSection id="features" title="できること">
            <FeatureCards items={FEATURES} numbered />
          </ServiceSection>
          <StepsPanel
            id="steps"
            title="はじめ方"
            steps={STEPS}
            actions={
              <>
                <CallToAction to="/listener/registration">無料でユーザー登録</CallToAction>
                <CallToAction to="/listener/login" variant="secondary">
                  ログイン
                </CallToAction>
              </>
            }
          />
          <NoteBox id="safety" title="安心してご利用いただくために" items={SAFETY} />
        </div>
      }
    />
  );
}
