import { Form } from "react-router";
import { GiftIcon } from "~/components/ui/icons";
import type { RoomActionData } from "./chat-room-messages";

/** An item the listener holds, as the plain form offers it. */
export interface GiftItem {
  item_id: string;
  name: string;
  image_url: string;
  quantity: number;
}

/**
 * The ギフト button of a listener's chat room (ADR 0032, ADR 0038): a disclosure (`<details>`,
 * so it opens without JavaScript) holding a plain form — an item of the inventory, a quantity and
 * the render's idempotency key — posted to the room page (PRG, like the other chat forms; with
 * JavaScript the same form goes through the router). The gift comes back as a message of the room.
 * With JavaScript the room shows the gift sheet of the live room instead (components/live/
 * gift-sheet.tsx: the catalogue, coins, quantities, buying what is missing); this form is what a
 * browser without it gets.
 */
export function ChatGiftPanel({
  action,
  items,
  idempotencyKey,
  actionData,
}: {
  action: string;
  items: GiftItem[];
  idempotencyKey: string;
  actionData: RoomActionData | null;
}) {
  const errors = actionData?.errors ?? {};
  const itemError = errors.item_id ?? errors.room_id ?? errors.idempotency_key ?? null;
  const quantityError = errors.quantity ?? null;
  const chosen = actionData?.values.item_id ?? items[0]?.item_id;
  return (
    <details
      className="group border-slate-100 border-t bg-white px-2 pt-2 sm:px-3"
      open={actionData ? true : undefined}
      data-testid="chat-gift"
    >
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-full bg-amber-400 px-4 font-bold text-slate-900 text-sm [&::-webkit-details-marker]:hidden">
        <GiftIcon className="size-4" />
        ギフト
      </summary>
      {items.length === 0 ? (
        <p className="py-3 text-sm">
          贈れるアイテムがありません。
          <a href="/listener/mypage/purchase" className="text-brand-700 underline">
            アイテムを購入する
          </a>
        </p>
      ) : (
        <Form method="post" action={action} className="space-y-3 py-3" data-testid="chat-gift-form">
          <input type="hidden" name="intent" value="gift" />
          <input type="hidden" name="idempotency_key" value={idempotencyKey} />
          <fieldset aria-describedby={itemError ? "chat-gift-item-error" : undefined}>
            <legend className="mb-1 font-bold text-sm">贈るアイテム</legend>
            <ul className="grid max-h-44 grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3">
              {items.map((item) => (
                <li key={item.item_id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl p-2 ring-1 ring-slate-200 has-checked:bg-amber-50 has-checked:ring-2 has-checked:ring-amber-400">
                    <input
                      type="radio"
                      name="item_id"
                      value={item.item_id}
                      defaultChecked={item.item_id === chosen}
                      className="sr-only"
                    />
                    <img src={item.image_url} alt="" width={32} height={32} className="size-8 rounded" />
                    <span className="min-w-0 text-sm leading-tight">
                      {item.name}
                      <span className="block text-slate-500 text-xs">所持 {item.quantity}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {itemError ? (
              <p id="chat-gift-item-error" role="alert" className="mt-1 text-red-700 text-sm">
                {itemError}
              </p>
            ) : null}
          </fieldset>
          <div className="flex items-end gap-2">
            <label className="text-sm">
              個数
              <input
                type="number"
                name="quantity"
                min={1}
                max={99}
                required
                inputMode="numeric"
                defaultValue={actionData?.values.quantity ?? "1"}
                aria-invalid={quantityError ? true : undefined}
                aria-describedby={quantityError ? "chat-gift-quantity-error" : undefined}
                className="mt-1 block min-h-11 w-20 rounded-lg border border-slate-300 px-3 text-base"
                data-testid="chat-gift-quantity"
              />
            </label>
            <button
              type="submit"
              className="min-h-11 rounded-full bg-pink-600 px-5 font-bold text-sm text-white shadow hover:bg-pink-700"
              data-testid="chat-gift-send"
            >
              贈る
            </button>
          </div>
          {quantityError ? (
            <p id="chat-gift-quantity-error" role="alert" className="text-red-700 text-sm">
              {quantityError}
            </p>
          ) : null}
        </Form>
      )}
    </details>
  );
}
