import { randomUUID } from "node:crypto";
import { data, Form } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { buyItem } from "~/.server/services/ledger/buy-item";
import { readPurchasePage } from "~/.server/services/ledger/read-purchase-page";
import { SubmitButton } from "~/components/form/submit-button";
import { Card, EmptyState, FlashMessage, PageHeader } from "~/components/ui/kit";
import { formatCoins } from "~/domain/money";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-purchase";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const page = await readPurchasePage({ db: context.db, actor: viewer, now: new Date() });
  if (!page) throw new Response(null, { status: 403 });
  // A fresh key per render: a form sent twice (double tap, resent after a timeout) buys once.
  return { ...page, idempotencyKey: randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const form = await request.formData();
  const values = {
    item_id: String(form.get("item_id") ?? ""),
    quantity: String(form.get("quantity") ?? ""),
    idempotency_key: String(form.get("idempotency_key") ?? ""),
  };
  const result = await buyItem({ db: context.db, actor: viewer, input: values });
  if (result.ok)
    return {
      done: `${result.result.quantity}個購入しました（${formatCoins(result.result.coins)}）`,
      values: null,
      error: null,
    };
  if ("message" in result) return data({ done: null, values, error: result.message }, { status: 400 });
  if (result.error === "not_found")
    return data({ done: null, values, error: "このアイテムは購入できません" }, { status: 400 });
  throw new Response(null, { status: 403 });
}

export function meta() {
  return [{ title: pageTitle("アイテム購入") }, { name: "robots", content: "noindex" }];
}

export default function Purchase({ loaderData, actionData }: Route.ComponentProps) {
  const { catalogue, coins, inventory, idempotencyKey } = loaderData;
  return (
    <div className="space-y-5">
      <PageHeader
        title="アイテム購入"
        lead={
          <>
            保有コイン <strong data-testid="purchase-coins">{coins.toLocaleString("ja-JP")}</strong> コイン ・{" "}
            <a href="/listener/coin" className="text-brand-700 underline">
              コインを購入
            </a>
          </>
        }
      />
      <Card title="アイテム一覧">
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="item-catalogue">
          {catalogue.map((item) => {
            const failed = actionData?.error && actionData.values?.item_id === item.item_id;
            return (
              <li key={item.item_id} className="rounded-xl p-3 ring-1 ring-slate-200">
                <Form method="post" className="flex items-center gap-3">
                  <img src={item.image_url} alt="" width={56} height={56} className="h-14 w-14 rounded-lg" />
                  <div className="min-w-0 flex-1">
                    <p className="font-bold">{item.name}</p>
                    <p className="text-slate-600 text-sm">{formatCoins(item.coin_price)}</p>
                    <input type="hidden" name="item_id" value={item.item_id} />
                    <input type="hidden" name="idempotency_key" value={idempotencyKey} />
                    <label className="mt-1 flex items-center gap-2 text-sm">
                      個数
                      <input
                        type="number"
                        name="quantity"
                        min={1}
                        max={99}
                        defaultValue={failed ? (actionData.values?.quantity ?? "1") : "1"}
                        aria-invalid={failed ? true : undefined}
                        aria-describedby={failed ? `buy-error-${item.item_id}` : undefined}
                        className="w-20 rounded-lg border border-slate-300 px-2 py-1"
                      />
                    </label>
                    {failed ? (
                      <p id={`buy-error-${item.item_id}`} className="mt-1 text-red-700 text-sm" role="alert">
                        {actionData.error}
                      </p>
                    ) : null}
                  </div>
                  <SubmitButton block={false} aria-label={`${item.name}を購入`}>
                    購入
                  </SubmitButton>
                </Form>
              </li>
            );
          })}
        </ul>
      </Card>
      <Card title="持っているアイテム">
        {inventory.length === 0 ? (
          <EmptyState title="まだアイテムがありません" />
        ) : (
          <ul className="space-y-2" data-testid="inventory">
            {inventory.map((line) => (
              <li key={line.item.item_id} className="flex items-center gap-3">
                <img src={line.item.image_url} alt="" width={32} height={32} className="h-8 w-8 rounded" />
                <span>{line.item.name}</span>
                <span className="ml-auto font-bold" data-testid={`inventory-${line.item.item_id}`}>
                  ×{line.quantity}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-slate-500 text-xs">
          アイテムはライブ配信やチャットでキャスト・お店に贈ることができます。
        </p>
      </Card>
      <FlashMessage message={actionData?.done ?? null} />
    </div>
  );
}
