import { Link } from "react-router";
import { listCoinPacks } from "~/.server/services/payments/list-coin-packs";
import { listActivePlans } from "~/.server/services/stores/list-active-plans";
import { FactTable, InfoPage } from "~/components/info/info-page";
import { INFO_PAGES, infoMeta } from "~/components/info/info-pages";
import { OperatorPlaceholderNotice } from "~/components/info/operator";
import { KONBINI_PAYMENT_DAYS } from "~/domain/final-confirmation";
import { formatCoins, formatYen, PAID_COIN_VALIDITY_DAYS } from "~/domain/money";
import { planTerms } from "~/domain/plans";
import type { Route } from "./+types/specified-commercial";

const PAGE = INFO_PAGES.commercial;

export async function loader({ context }: Route.LoaderArgs) {
  const [plans, packs] = await Promise.all([
    listActivePlans({ db: context.db }),
    listCoinPacks({ db: context.db }),
  ]);
  return {
    operator: context.env.operator,
    plans,
    packs: packs.map((p) => ({ id: p.pack_id, coins: p.coins, bonus: p.bonus_coins, price: p.price_jpy })),
  };
}

export const meta = () => infoMeta(PAGE);

/** 特定商取引法に基づく表記: the operator's details come from configuration (OPERATOR_*). */
export default function SpecifiedCommercial({ loaderData }: Route.ComponentProps) {
  const { operator, plans, packs } = loaderData;
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
                <div>
                  <p>コイン（税込）：</p>
                  <ul className="mt-1 list-disc pl-5" data-testid="legal-coin-packs">
                    {packs.map((pack) => (
                      <li key={pack.id}>
                        {`${formatCoins(pack.coins)}${pack.bonus > 0 ? `（ボーナス ${formatCoins(pack.bonus)}付き）` : ""}　${formatYen(pack.price)}`}
                      </li>
                    ))}
                  </ul>
                </div>
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
          {
            label: "お支払い方法",
            value: "コイン：クレジットカード、コンビニ払い。店舗掲載：クレジットカード。",
          },
          {
            label: "お支払い時期",
            value: `コイン：購入手続きの完了時（クレジットカードの引落日は各カード会社の規定によります。コンビニ払いはお手続きから${KONBINI_PAYMENT_DAYS}日以内に店頭で）。店舗掲載：お申し込み時および毎月の更新日。`,
          },
          {
            label: "商品の引渡し時期",
            value:
              "コイン：決済完了後、直ちにアカウントに付与します（コンビニ払いは入金の確認後）。店舗掲載：店舗登録とメールアドレスの確認が完了した後、直ちにご利用いただけます。",
          },
          {
            label: "返品・キャンセル",
            value: (
              <div className="space-y-1">
                <p>
                  デジタルコンテンツの性質上、購入手続き完了後のキャンセル・返品・返金はお受けできません（資金決済に関する法律その他の法令に基づき払戻しが必要となる場合を除きます）。
                </p>
                <p>
                  店舗掲載：マイページの「プラン・お支払い」からいつでも解約でき、次回の更新日に解約されます（それまでは引き続きご利用いただけます）。月の途中での解約による日割りの返金はありません。
                </p>
              </div>
            ),
          },
          {
            label: "お申し込みの最終確認",
            value: (
              <span data-testid="legal-final-confirmation">
                コインの購入と店舗掲載プランのお申し込みでは、お支払いの前に確認画面を表示します。数量、価格（税込）、お支払い方法と時期、コイン・プランの提供時期、有効期限、自動更新と解約の方法、返金の条件をご確認のうえ「確定して支払いへ進む」を押すと、決済代行会社のお支払いページに進みます。確認画面は
                <Link to="/listener/coin" className="text-brand-700 underline">
                  コインのページ
                </Link>
                でパックを選ぶと、店舗の方はマイページの「プラン・お支払い」から表示されます。
              </span>
            ),
          },
          {
            label: "コインの有効期限",
            value: `有償コイン：購入日から${PAID_COIN_VALIDITY_DAYS}日（期限の14日前にメールでお知らせします）。無償（ボーナス）コイン：有効期限はありません（有償コインの後に使われます）。`,
          },
          {
            label: "動作環境",
            value:
              "最新版の iOS Safari、Android 版 Google Chrome、パソコン版の Google Chrome・Microsoft Edge・Safari・Firefox",
          },
          { label: "ご利用いただける方", value: "18歳以上の方（高校生を除きます）" },
        ]}
      />
      <h2 className="mt-8 mb-3 font-bold text-lg" id="payment-services-act">
        資金決済法に基づく表示（コイン）
      </h2>
      <FactTable
        rows={[
          { label: "名称", value: "ヨルナビ コイン" },
          { label: "発行者", value: `${operator.name}（${operator.address}）` },
          { label: "支払可能金額等", value: "購入されたコイン数（1コイン＝1円相当で購入いただけます）" },
          {
            label: "有効期間",
            value: `有償コインは購入日から${PAID_COIN_VALIDITY_DAYS}日です。期間を過ぎた有償コインは失効します。`,
          },
          { label: "使用できる場所", value: "本サービス内でのアイテムの購入" },
          {
            label: "未使用残高の確認方法",
            value: (
              <>
                ログイン後、
                <Link to="/listener/coin" className="text-brand-700 underline">
                  コインのページ
                </Link>
                で残高と有効期限を確認できます。
              </>
            ),
          },
          {
            label: "利用上の注意",
            value:
              "コインは現金その他の財物と交換できません。法令に定める場合を除き、払戻しはいたしません。第三者への譲渡・貸与はできません。",
          },
          { label: "お問い合わせ先", value: `${operator.email}（${operator.phone}）` },
        ]}
      />
    </InfoPage>
  );
}
