import { sameOriginPathOf } from "./account-roles";

/**
 * The coin page's way back (ADR 0043): running out of coins in a live opens
 * `/listener/coin?return=/listener/live/{id}`, and after buying the listener goes straight back.
 * `return` travels through the purchase (the form, the provider's success and cancel URLs) and is
 * checked by the login's `from` rules at every step: only a same-origin path is honoured, anything
 * else is refused with a message (never followed, never linked). Pure and isomorphic.
 */

/** Longer than any path of the site: a longer `return` is not one of ours. */
export const COIN_RETURN_MAX = 512;

export const COIN_RETURN_TEXTS = {
  backToLive: "ライブに戻る",
  backToPage: "元のページに戻る",
  invalid: "戻り先のページが正しくありません。このサイト内のページだけを指定できます。",
} as const;

/** `ok` with the path to go back to (null: none asked for), or not ok: refuse it. */
export type CoinReturn = { ok: true; path: string | null } | { ok: false };

/** The `return` of the coin page as asked: absent or empty → none; not a same-origin path → refused. */
export function parseCoinReturn(value: string | null | undefined): CoinReturn {
  if (value === null || value === undefined || value === "") return { ok: true, path: null };
  if (value.length > COIN_RETURN_MAX) return { ok: false };
  const path = sameOriginPathOf(value);
  return path ? { ok: true, path } : { ok: false };
}

/** A live viewer (`/listener/live/{id}`): the button then reads 「ライブに戻る」. */
export function isLiveReturn(path: string): boolean {
  return /^\/listener\/live\/[^/?#]+\/?(?:[?#].*)?$/.test(path);
}

/** The button's words for a way back. */
export const coinReturnLabel = (path: string) =>
  isLiveReturn(path) ? COIN_RETURN_TEXTS.backToLive : COIN_RETURN_TEXTS.backToPage;

/** `/listener/coin` with an order it came back from (or a canceled one) and the way back kept. */
export function coinPagePath(query: {
  order?: string | null;
  canceled?: string | null;
  returnPath?: string | null;
}): string {
  const params = new URLSearchParams();
  if (query.order) params.set("order", query.order);
  if (query.canceled) params.set("canceled", query.canceled);
  if (query.returnPath) params.set("return", query.returnPath);
  const search = params.toString();
  return search ? `/listener/coin?${search}` : "/listener/coin";
}
