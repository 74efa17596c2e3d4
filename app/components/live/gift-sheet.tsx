import { useEffect, useId, useState } from "react";
import { CloseIcon, CoinIcon, GiftIcon } from "~/components/ui/icons";
import {
  GIFT_QUANTITY_CHOICES,
  GIFT_QUANTITY_MAX,
  GIFT_QUANTITY_MIN,
  GIFT_TEXTS,
  giftCost,
  needsGiftConfirmation,
} from "~/domain/gifts";
import { BottomSheet } from "./bottom-sheet";
import { ApiError, api } from "./live-client";

/** An item of the sheet: the catalogue's, with what the listener holds (services/gifts/read-gift-wallet.ts). */
export interface SheetItem {
  item_id: string;
  name: string;
  image_url: string;
  coin_price: number;
  held: number;
  on_sale: boolean;
}

export interface Wallet {
  coins: number;
  items: SheetItem[];
}

/** What `POST /api/gifts` answers, as far as the sheet reads it. */
export interface SentGift {
  gift_id: string;
  item_id: string;
  quantity: number;
  coins_spent: number;
  held: number;
  combo: { id: string; count: number };
}

/**
 * Gifting without leaving (ADR 0043): the catalogue with what she holds and her coins, a
 * quantity (1–99), and one tap to give — what she does not hold is bought with coins in the same
 * ledger transaction (`pay_with_coins`). A send worth more than `confirmCoins` asks first. The
 * sheet stays open after a send, so tapping again within 3 s counts up a combo. Out of coins, the
 * coin page opens with a way straight back (`chargePath`). A bottom sheet on a phone, a panel on a
 * wide screen; Escape and the backdrop close it.
 */
export function GiftSheet({
  wallet,
  target,
  confirmCoins,
  chargePath,
  onSent,
  tone = "overlay",
}: {
  wallet: Wallet;
  /** Whom and where: `staff_id` or `liver_id`, and `live_id` or `room_id`. */
  target: { staff_id?: string; liver_id?: string; live_id?: string; room_id?: string };
  confirmCoins: number;
  chargePath: string;
  onSent?(gift: SentGift): void;
  tone?: "overlay" | "light";
}) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState(wallet.items);
  const [coins, setCoins] = useState(wallet.coins);
  const [selected, setSelected] = useState<string>(wallet.items.find((i) => i.on_sale)?.item_id ?? "");
  const [quantity, setQuantity] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; charge?: boolean; error?: boolean } | null>(null);

  // The page's data after a revalidation (a purchase in another tab, the end of a live).
  useEffect(() => {
    setItems(wallet.items);
    setCoins(wallet.coins);
  }, [wallet]);

  const item = items.find((i) => i.item_id === selected) ?? null;
  const cost = item ? giftCost(item.coin_price, quantity, item.held) : null;
  const short = Boolean(item && cost && (cost.coins > coins || (cost.bought > 0 && !item.on_sale)));

  const send = async () => {
    if (!item || busy) return;
    if (!confirming && needsGiftConfirmation(item.coin_price, quantity, confirmCoins)) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    setBusy(true);
    setMessage(null);
    try {
      const sent = await api<SentGift>("POST", "/api/gifts", {
        item_id: item.item_id,
        quantity,
        ...target,
        pay_with_coins: true,
        // A fresh key per tap: a retried request never gives twice, a new tap gives again.
        idempotency_key: crypto.randomUUID(),
      });
      setItems((list) => list.map((i) => (i.item_id === sent.item_id ? { ...i, held: sent.held } : i)));
      setCoins((c) => c - sent.coins_spent);
      setMessage({ text: GIFT_TEXTS.sent(item.name, sent.quantity) });
      onSent?.(sent);
    } catch (caught) {
      const coinsShort = caught instanceof ApiError && caught.field === "pay_with_coins";
      setMessage({
        text: caught instanceof ApiError ? caught.message : GIFT_TEXTS.failed,
        charge: coinsShort,
        error: true,
      });
    } finally {
      setBusy(false);
    }
  };

  const trigger =
    tone === "overlay"
      ? "min-h-11 rounded-full bg-amber-400 px-4 font-bold text-slate-900 shadow"
      : "min-h-11 rounded-full bg-amber-400 px-4 font-bold text-slate-900";
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={open}
        className={`shrink-0 ${trigger}`}
        data-testid="gift-open"
      >
        <GiftIcon className="mr-1 inline-block size-4 align-[-2px]" />
        {GIFT_TEXTS.sheetTitle.replace("を贈る", "")}
      </button>
      {open ? (
        <BottomSheet
          labelledBy={titleId}
          onClose={() => setOpen(false)}
          testId="gift-sheet"
          className="flex max-h-[78dvh] flex-col"
        >
          <div className="flex items-center justify-between gap-2 border-slate-100 border-b px-4 pt-3 pb-2">
            <h2 id={titleId} className="whitespace-nowrap font-bold">
              {GIFT_TEXTS.sheetTitle}
            </h2>
            <div className="flex items-center gap-2">
              <span
                className="whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-1 font-bold text-amber-900 text-sm tabular-nums"
                data-testid="gift-balance"
              >
                <CoinIcon className="mr-1 inline-block size-4 align-[-3px]" />
                {GIFT_TEXTS.balance(coins)}
              </span>
              <a
                href={chargePath}
                aria-label={GIFT_TEXTS.charge}
                className="inline-flex min-h-9 items-center whitespace-nowrap rounded-full bg-pink-600 px-3 font-bold text-white text-xs"
              >
                {GIFT_TEXTS.chargeShort}
              </a>
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="grid min-h-9 min-w-9 place-items-center rounded-full text-slate-500"
                aria-label="閉じる"
              >
                <CloseIcon className="size-4" />
              </button>
            </div>
          </div>
          <ul className="grid grid-cols-3 gap-2 overflow-y-auto p-3 sm:grid-cols-4" aria-label="アイテム">
            {items.map((i, index) => (
              <li key={i.item_id}>
                <button
                  type="button"
                  onClick={() => {
                    setSelected(i.item_id);
                    setConfirming(false);
                    setMessage(null);
                  }}
                  aria-pressed={selected === i.item_id}
                  data-autofocus={index === 0 ? "" : undefined}
                  data-testid={`gift-item-${i.item_id}`}
                  className={`flex w-full flex-col items-center gap-1 rounded-2xl p-2 text-center ring-2 ${selected === i.item_id ? "bg-pink-50 ring-pink-500" : "ring-transparent hover:bg-slate-50"}`}
                >
                  <img src={i.image_url} alt="" width={56} height={56} className="h-14 w-14 rounded-xl" />
                  <span className="font-bold text-xs leading-tight">{i.name}</span>
                  <span className="text-[11px] text-slate-600">{GIFT_TEXTS.balance(i.coin_price)}</span>
                  {i.held > 0 ? (
                    <span className="rounded-full bg-emerald-100 px-1.5 text-[10px] text-emerald-800">
                      {GIFT_TEXTS.owned(i.held)}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
          <div className="space-y-3 border-slate-100 border-t p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
            <fieldset className="flex flex-wrap items-center gap-1.5">
              <legend className="sr-only">{GIFT_TEXTS.quantity}</legend>
              {GIFT_QUANTITY_CHOICES.map((n) => (
                <button
                  key={n}
                  type="button"
                  onClick={() => {
                    setQuantity(n);
                    setConfirming(false);
                  }}
                  aria-pressed={quantity === n}
                  className={`min-h-9 min-w-11 rounded-full px-2 font-bold text-sm ${quantity === n ? "bg-slate-900 text-white" : "bg-slate-100 text-slate-700"}`}
                >
                  ×{n}
                </button>
              ))}
              <label className="ml-auto flex items-center gap-1 text-sm">
                <span>{GIFT_TEXTS.quantity}</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={GIFT_QUANTITY_MIN}
                  max={GIFT_QUANTITY_MAX}
                  value={quantity}
                  onChange={(e) => {
                    const n = Math.floor(Number(e.target.value));
                    setQuantity(
                      Number.isFinite(n) ? Math.min(GIFT_QUANTITY_MAX, Math.max(GIFT_QUANTITY_MIN, n)) : 1,
                    );
                    setConfirming(false);
                  }}
                  className="w-16 rounded-lg border border-slate-300 px-2 py-1.5 text-right"
                  data-testid="gift-quantity"
                />
              </label>
            </fieldset>
            {item && cost ? (
              <p className="text-slate-600 text-sm" data-testid="gift-cost">
                {cost.coins > 0
                  ? `${GIFT_TEXTS.balance(cost.coins)}を使います`
                  : "持っているアイテムから贈ります"}
                {cost.fromInventory > 0 && cost.bought > 0
                  ? `（所持から${cost.fromInventory}個・購入${cost.bought}個）`
                  : ""}
              </p>
            ) : null}
            {confirming && item && cost ? (
              <div
                role="alertdialog"
                aria-label={GIFT_TEXTS.confirmTitle}
                className="rounded-2xl bg-amber-50 p-3 ring-1 ring-amber-200"
                data-testid="gift-confirm"
              >
                <p className="font-bold">{GIFT_TEXTS.confirmTitle}</p>
                <p className="mt-1 text-sm">{GIFT_TEXTS.confirmLead(item.name, quantity, cost.coins)}</p>
                <div className="mt-3 flex gap-2">
                  <button
                    type="button"
                    onClick={() => setConfirming(false)}
                    className="min-h-11 flex-1 rounded-full bg-white font-bold text-slate-700 ring-1 ring-slate-300"
                  >
                    {GIFT_TEXTS.cancel}
                  </button>
                  <button
                    type="button"
                    onClick={() => void send()}
                    disabled={busy}
                    className="min-h-11 flex-1 rounded-full bg-pink-600 font-bold text-white disabled:opacity-50"
                    data-testid="gift-confirm-send"
                  >
                    {GIFT_TEXTS.send}
                  </button>
                </div>
              </div>
            ) : short ? (
              <p
                className="flex items-center justify-between gap-2 rounded-2xl bg-red-50 p-3 text-red-800 text-sm"
                role="status"
              >
                {GIFT_TEXTS.notEnoughCoins}
                <a
                  href={chargePath}
                  className="min-h-9 rounded-full bg-pink-600 px-3 py-2 font-bold text-white text-xs"
                >
                  {GIFT_TEXTS.charge}
                </a>
              </p>
            ) : (
              <button
                type="button"
                onClick={() => void send()}
                disabled={!item || busy}
                className="min-h-12 w-full rounded-full bg-pink-600 font-bold text-lg text-white shadow disabled:opacity-50"
                data-testid="gift-send"
              >
                {item ? `${item.name} ×${quantity} を${GIFT_TEXTS.send}` : GIFT_TEXTS.send}
              </button>
            )}
            {message ? (
              <p
                role={message.error ? "alert" : "status"}
                className={`flex items-center justify-between gap-2 text-sm ${message.error ? "text-red-700" : "text-emerald-700"}`}
                data-testid="gift-message"
              >
                {message.text}
                {message.charge ? (
                  <a href={chargePath} className="font-bold text-pink-700 underline">
                    {GIFT_TEXTS.charge}
                  </a>
                ) : null}
              </p>
            ) : null}
          </div>
        </BottomSheet>
      ) : null}
    </>
  );
}
