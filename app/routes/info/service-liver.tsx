import { Link } from "react-router";
import { listActivePlans, type PlanChoice } from "~/.server/services/stores/list-active-plans";
import { CallToAction, InfoPage } from "~/components/info/info-page";
import { INFO_PAGES, infoMeta } from "~/components/info/info-pages";
import { FeatureCards, NoteBox, ServiceSection, StepsPanel } from "~/components/info/service-blocks";
import { formatYen } from "~/domain/format";
import { SITE_NAME } from "~/site";
import type { Route } from "./+types/service-liver";

const PAGE = INFO_PAGES.serviceLiver;

export async function loader({ context }: Route.LoaderArgs) {
  return { plans: await listActivePlans({ db: context.db }) };
}

export const meta = () => infoMeta(PAGE);

const BENEFITS = [
  {
    title: "店舗ページ",
    text: "写真、料金システム、営業時間、こだわり条件を掲載。エリア・業種・地図からお客様に見つけてもらえます。",
  },
  {
    title: "キャスト紹介",
    text: "キャストごとのプロフィールページと相性診断で、「会いたい」から来店につなげます。",
  },
  {
    title: "出勤スケジュール",
    text: "10分単位の出勤情報で、今日会えるキャストをお知らせできます。",
  },
  {
    title: "SNS連携・ライブ配信",
    text: "Instagram・TikTok・YouTubeの投稿と、サイト内のライブ配信でファンを増やせます。",
  },
  {
    title: "アイテムの受け取り",
    text: "ユーザーがキャストへ贈ったアイテムは、店舗管理画面から交換を申請できます。",
  },
  {
    title: "フォロワーへのお知らせ",
    text: "フォローしたユーザーへ、配信や投稿の通知が自動で届きます。",
  },
] as const;

const STEPS = [
  { text: "店舗登録で、店舗情報・所在地・営業時間・プランを入力" },
  { text: "確認メールのリンクを開いて、店舗ログイン" },
  { text: "写真・料金システムを整え、キャストを登録または招待" },
  { text: "掲載開始。出勤や配信でお客様にアピール" },
] as const;

const REQUIREMENTS = [
  "業態に応じた風営法の許可（接待を伴う飲食店）または深夜酒類提供飲食店営業の届出をして、適法に営業していること。",
  "料金（セット料金・延長料金・指名料・サービス料・税等）を実際どおり正確に掲載すること。",
  "色恋営業、料金の虚偽説明、威圧的な取立て、客引きを行わないこと。",
  "18歳未満の方・高校生をキャストとして掲載しないこと。",
] as const;

export default function ServiceLiver({ loaderData }: Route.ComponentProps) {
  const { plans } = loaderData;
  return (
    <InfoPage
      page={PAGE}
      wide
      lead={
        <p>
          {SITE_NAME}
          は、ガールズバー・キャバクラ・クラブ・ラウンジ・スナック・コンカフェなど、夜のお店とキャストの魅力を伝えるための掲載サービスです。初期費用なし、月額制でご利用いただけます。
        </p>
      }
      intro={
        <div className="space-y-10">
          <ServiceSection id="benefits" title="掲載でできること">
            <FeatureCards items={BENEFITS} />
          </ServiceSection>
          <ServiceSection
            id="plans"
            title="料金プラン"
            lead="月額・税込。すべてのプランで機能は同じで、掲載できるキャストの人数が異なります。"
          >
            <PlanCards plans={plans} />
            <p className="mt-3 text-slate-500 text-xs leading-relaxed">
              プランの変更は翌請求月から適用されます。お支払い方法と解約については
              <Link to="/specified-commercial" className="underline">
                特定商取引法に基づく表記
              </Link>
              と
              <Link to="/terms-store" className="underline">
                店舗利用規約
              </Link>
              をご覧ください。
            </p>
          </ServiceSection>
          <StepsPanel
            id="flow"
            title="掲載までの流れ"
            steps={STEPS}
            actions={
              <>
                <CallToAction to="/liver/registration">店舗登録へ進む</CallToAction>
                <CallToAction to="/shop_entry" variant="secondary">
                  まずは相談する（掲載リクエスト）
                </CallToAction>
              </>
            }
          />
          <NoteBox id="requirements" title="掲載の条件" items={REQUIREMENTS} />
        </div>
      }
    />
  );
}

/** The plan catalogue (ADR 0006: prices and limits are data, read from the `plans` table). */
function PlanCards({ plans }: { plans: readonly PlanChoice[] }) {
  if (plans.length === 0)
    return (
      <p className="rounded-2xl bg-white p-6 text-center text-slate-600 text-sm ring-1 ring-slate-200">
        現在お申し込みいただけるプランはありません。お問い合わせください。
      </p>
    );
  return (
    <ul className="grid gap-3 wide:grid-cols-3" data-testid="plan-table">
      {plans.map((plan) => (
        <li key={plan.id} className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h3 className="font-bold text-lg">{plan.name}</h3>
          <p className="mt-2">
            <span className="font-black text-3xl text-brand-700">{formatYen(plan.monthly_price)}</span>
            <span className="ml-1 text-slate-600 text-sm">/ 月（税込）</span>
          </p>
          <p className="mt-2 font-bold text-sm">キャスト {plan.limit_staff}名まで掲載</p>
          {plan.description ? (
            <p className="mt-2 flex-1 text-slate-600 text-sm leading-relaxed">{plan.description}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
