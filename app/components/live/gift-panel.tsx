import { useState } from "react";
import { ApiError, api } from "./live-client";

export interface GiftItem {
  item_id: string;
  name: string;
  image_url: string;
  quantity: number;
}

/**
 * The gift button of the live viewer (contract §14): the listener's items, one tap gives one to the
 * broadcaster through `POST /api/gifts` (a fresh idempotency key per tap, so a retried request
 * never gives twice); everyone watching sees it as a `gift` event.
 */
export function GiftPanel({
  liveId,
  receiver,
  items: initial,
  onError,
}: {
  liveId: string;
  receiver: { type: "staff" | "liver"; id: string };
  items: GiftItem[];
  onError(message: string | null): void;
}) {
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const give = async (item: GiftItem) => {
    if (busy) return;
    setBusy(item.item_id);
    onError(null);
    try {
      await api("POST", "/api/gifts", {
        item_id: item.item_id,
        quantity: 1,
        [receiver.type === "staff" ? "staff_id" : "liver_id"]: receiver.id,
        live_id: liveId,
        idempotency_key: crypto.randomUUID(),
      });
      setItems((list) =>
        list
          .map((l) => (l.item_id === item.item_id ? { ...l, quantity: l.quantity - 1 } : l))
          .filter((l) => l.quantity > 0),
      );
    } catch (caught) {
      onError(caught instanceof ApiError ? caught.message : "ギフトを贈れませんでした");
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="relative shrink-0">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls="live-gift-panel"
        className="min-h-11 rounded-full bg-amber-400 px-4 font-bold text-slate-900"
      >
        ギフト
      </button>
      {open ? (
        <div
          id="live-gift-panel"
          className="absolute right-0 bottom-12 z-30 w-64 rounded-xl bg-white p-3 text-slate-900 shadow-xl"
          data-testid="live-gift-panel"
        >
          {items.length === 0 ? (
            <p className="text-sm">
              アイテムがありません。
              <a href="/listener/mypage/purchase" className="text-pink-700 underline">
                アイテムを購入
              </a>
            </p>
          ) : (
            <ul className="space-y-2">
              {items.map((item) => (
                <li key={item.item_id} className="flex items-center gap-2">
                  <img src={item.image_url} alt="" width={32} height={32} className="h-8 w-8 rounded" />
                  <span className="min-w-0 flex-1 text-sm">
                    {item.name} <span className="text-slate-500">×{item.quantity}</span>
                  </span>
                  <button
                    type="button"
                    onClick={() => void give(item)}
                    disabled={busy !== null}
                    aria-label={`${item.name}を贈る`}
                    className="min-h-9 rounded-full bg-pink-600 px-3 font-bold text-sm text-white disabled:opacity-50"
                  >
                    贈る
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
