import { data, Link, redirect } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { parseForm, readFormData } from "~/.server/http/form";
import { readCoinPage } from "~/.server/services/payments/read-coin-page";
import { Badge, ButtonLink, Card, PageHeader } from "~/components/ui/kit";
import { COIN_RETURN_TEXTS, coinPagePath, coinReturnLabel, parseCoinReturn } from "~/domain/coin-return";
import { CoinPackChoiceSchema, coinConfirmPath } from "~/domain/final-confirmation";
import { formatCoins, formatYen } from "~/domain/money";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { pageTitle } from "~/site";
import type { Route } from "./+types/coin";

const ORDER_STATUS: Record<string, { label: string; tone: "green" | "amber" | "red" | "gray" }> = {
  pending: { label: "お支払い待ち", tone: "gray" },
  awaiting_payment: { label: "コンビニでのお支払い待ち（入金後に付与されます）", tone: "amber" },
  paid: { label: "コインを付与しました", tone: "green" },
  failed: { label: "お支払いが完了しませんでした", tone: "red" },
  expired: { label: "お支払いの期限が切れました", tone: "red" },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const url = new URL(request.url);
  const page = await readCoinPage({
    db: context.db,
    actor: viewer,
    input: { orderId: url.searchParams.get("order"), now: new Date() },
  });
  if ("error" in page) throw new Response(null, { status: 403 });
  // `?return=` (ADR 0043): a same-origin path becomes the way back; anything else is a 400
  // that says so, and the page offers no link to it.
  const back = parseCoinReturn(url.searchParams.get("return"));
  const loaded = {
    ...page,
    balance: {
      ...page.balance,
      lots: page.balance.lots.map((lot) => ({
        id: lot.id.slice(-12),
        coins: lot.coins,
        expiresAt: lot.expiresAt?.toISOString() ?? null,
      })),
    },
    provider: context.env.payments.provider,
    canceled: url.searchParams.has("canceled"),
    returnPath: back.ok ? back.path : null,
    returnError: back.ok ? null : COIN_RETURN_TEXTS.invalid,
  };
  return back.ok ? loaded : data(loaded, { status: 400 });
}

/**
 * Nothing is bought by a post to this page any more: a pack goes to its final confirmation
 * (ADR 0052), which alone starts the checkout. A post of the old pack form (a tab left open) is
 * sent there, the way back kept; anything else back to the packs.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireViewer(request, context, "listener");
  const form = await readFormData(request);
  const chosen = form ? await parseForm(form, CoinPackChoiceSchema) : null;
  if (!chosen?.ok) return redirect(coinPagePath({}));
  const back = parseCoinReturn(chosen.data.return);
  const returnPath = back.ok ? back.path : null;
  return redirect(coinConfirmPath({ packId: chosen.data.pack_id, returnPath }));
}

export function meta() {
  return [{ title: pageTitle("コイン") }, { name: "robots", content: "noindex" }];
}

const tokyoDate = (iso: string) =>
  new Date(iso).toLocaleDateString("ja-JP", {
    timeZone: "Asia/Tokyo",
    year: "numeric",
    month: "long",
    day: "numeric",
  });

export default function CoinPage({ loaderData }: Route.ComponentProps) {
  const { packs, balance, order, provider, canceled, returnPath, returnError } = loaderData;
  const status = order ? ORDER_STATUS[order.status] : null;
  return (
    <div className="space-y-5">
      <PageHeader title="コイン" lead="コインでアイテムを購入し、キャストやお店に贈ることができます。" />
      {returnError ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 p-3 font-bold text-red-800 text-sm"
          data-testid="return-error"
        >
          {returnError}
        </p>
      ) : null}
      {status ? (
        <p role="status" data-testid="order-status">
          <Badge tone={status.tone}>{status.label}</Badge>
        </p>
      ) : null}
      {canceled ? <p className="text-slate-600 text-sm">購入を取り消しました。</p> : null}
      {returnPath ? (
        <p data-testid="coin-return">
          <ButtonLink to={returnPath} className="w-full text-base">
            <span aria-hidden="true">‹</span>
            {coinReturnLabel(returnPath)}
          </ButtonLink>
        </p>
      ) : null}
      <Card title="保有コイン" testId="coin-balance">
        <p className="font-bold text-3xl">
          <span data-testid="coin-total">{balance.total.toLocaleString("ja-JP")}</span>
          <span className="ml-1 font-normal text-base">コイン</span>
        </p>
        <p className="mt-1 text-slate-600 text-sm">
          有償コイン {formatCoins(balance.paid)} ・ 無償（ボーナス）コイン {formatCoins(balance.bonus)}
        </p>
        {balance.lots.length > 0 ? (
          <div className="mt-3">
            <h3 className="font-bold text-sm">有償コインの有効期限</h3>
            <ul className="mt-1 space-y-1 text-sm" data-testid="coin-expiry">
              {balance.lots.map((lot) => (
                <li key={lot.id}>
                  {lot.expiresAt ? tokyoDate(lot.expiresAt) : "―"}まで：{formatCoins(lot.coins)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="mt-3 text-slate-500 text-xs leading-relaxed">
          有償コインの有効期限は購入日から180日です。期限の14日前にメールでお知らせします。ボーナスコインは有償コインの後に使われます。
        </p>
      </Card>
      <Card
        title="コインを購入する"
        lead={
          provider === "test" ? (
            <Badge tone="amber">{MONEY_TEXTS.testPayment}（実際には請求されません）</Badge>
          ) : undefined
        }
      >
        {provider === "none" ? (
          <p className="text-slate-600 text-sm">現在コインの販売を準備中です。</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="coin-packs">
            {packs.map((pack) => (
              <li key={pack.pack_id}>
                <Link
                  to={coinConfirmPath({ packId: pack.pack_id, returnPath })}
                  className="flex min-h-16 items-center justify-between gap-3 rounded-xl p-4 ring-1 ring-slate-200 hover:bg-brand-50 hover:ring-brand-500"
                  data-testid={`coin-pack-${pack.pack_id}`}
                >
                  <span>
                    <span className="block font-bold">{formatCoins(pack.coins)}</span>
                    {pack.bonus_coins > 0 ? (
                      <span className="block text-brand-700 text-xs">
                        ＋ボーナス {formatCoins(pack.bonus_coins)}
                      </span>
                    ) : null}
                  </span>
                  <span className="inline-flex items-center gap-1 rounded-full bg-brand-600 px-4 py-2 font-bold text-white">
                    {formatYen(pack.price_jpy)}
                    <span aria-hidden="true">›</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-slate-500 text-xs leading-relaxed">
          価格は税込です。パックを選ぶと、お支払いの前にご購入内容の確認画面を表示します。お支払いはクレジットカードまたはコンビニ払い。コンビニ払いは入金の確認後にコインを付与します。購入後のコインは、法令で定める場合を除き払い戻しできません。
          <a href="/specified-commercial" className="ml-1 underline">
            特定商取引法に基づく表記・資金決済法に基づく表示
          </a>
        </p>
        <p className="mt-3 text-sm">
          <a href="/listener/mypage/payment" className="text-brand-700 underline">
            保存済みのお支払い方法を確認・削除する
          </a>
        </p>
      </Card>
    </div>
  );
}
