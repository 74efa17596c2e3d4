import { Link } from "react-router";
import { listActivePlans } from "~/.server/services/list-active-plans";
import { FactTable, InfoPage } from "~/components/info/info-page";
import { INFO_PAGES, infoMeta } from "~/components/info/info-pages";
import { OperatorPlaceholderNotice } from "~/components/info/operator";
import { planTerms } from "~/domain/plans";
import type { Route } from "./+types/specified-commercial";

const PAGE = INFO_PAGES.commercial;

export async function loader({ context }: Route.LoaderArgs) {
  const plans = await listActivePlans({ db: context.db });
  return { operator: context.env.operator, plans };
}

export const meta = () => infoMeta(PAGE);

/** 特定商取引法に基づく表記: the operator's details come from configuration (OPERATOR_*). */
export default function SpecifiedCommercial({ loaderData }: Route.ComponentProps) {
  const { operator, plans } = loaderData;
  return (
    <InfoPage page={PAGE} lead={<OperatorPlaceholderNotice operator={operator} />}>
      <FactTable
        rows={[
          { label: "販売事業者", value: operator.name },
          { label: "運営統括責任者", value: operator.representative },
          { label: "所在地", value: operator.address },
          {
            label: "電話番号",
            value: (
              <>
                {operator.phone}
                <span className="mt-1 block text-slate-600 text-xs">
                  お問い合わせは、記録が残るよう原則として
                  <Link to="/contact" className="text-brand-700 underline">
                    お問い合わせフォーム
                  </Link>
                  またはメールでお願いいたします。
                </span>
              </>
            ),
          },
          {
            label: "メールアドレス",
            value: (
              <a href={`mailto:${operator.email}`} className="text-brand-700 underline">
                {operator.email}
              </a>
            ),
          },
          {
            label: "販売価格",
            value: (
              <div className="space-y-2">
                <p>コイン：購入画面に、数量ごとの価格を税込で表示しています。</p>
                <div>
                  <p>店舗掲載の料金プラン（月額・税込）：</p>
                  {plans.length > 0 ? (
                    <ul className="mt-1 list-disc pl-5">
                      {plans.map((plan) => (
                        <li key={plan.id}>
                          {plan.name}　{planTerms(plan)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-slate-600">現在お申し込みいただけるプランはありません。</p>
                  )}
                </div>
              </div>
            ),
          },
          {
            label: "商品代金以外の必要料金",
            value:
              "インターネット接続料金・通信料金はお客様のご負担となります。銀行振込をご利用の場合の振込手数料はお客様のご負担となります。",
          },
          { label: "お支払い方法", value: "クレジットカード、その他購入画面に表示する決済方法" },
          {
            label: "お支払い時期",
            value:
              "コイン：購入手続きの完了時（クレジットカードの引落日は各カード会社の規定によります）。店舗掲載：お申し込み時および毎月の更新日。",
          },
          {
            label: "商品の引渡し時期",
            value:
              "コイン：決済完了後、直ちにアカウントに付与します。店舗掲載：店舗登録とメールアドレスの確認が完了した後、直ちにご利用いただけます。",
          },
          {
            label: "返品・キャンセル",
            value: (
              <div className="space-y-1">
                <p>
                  デジタルコンテンツの性質上、購入手続き完了後のキャンセル・返品・返金はお受けできません（資金決済に関する法律その他の法令に基づき払戻しが必要となる場合を除きます）。
                </p>
                <p>
                  店舗掲載：次回更新日の前日までのお申し出により、当月末で解約できます。月の途中での解約による日割りの返金はありません。
                </p>
              </div>
            ),
          },
          {
            label: "コインの有効期限",
            value: "有償コイン：購入日から起算して6か月。無償コイン：付与の際にお知らせする期限。",
          },
          {
            label: "動作環境",
            value:
              "最新版の iOS Safari、Android 版 Google Chrome、パソコン版の Google Chrome・Microsoft Edge・Safari・Firefox",
          },
          { label: "ご利用いただける方", value: "18歳以上の方（高校生を除きます）" },
        ]}
      />
    </InfoPage>
  );
}
