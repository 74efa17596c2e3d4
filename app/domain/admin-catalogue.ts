import { z } from "zod";

/**
 * The coin packs and items of the operator's console (ADR 0032, ADR 0033): the forms'
 * schemas and every Japanese word of the two pages. Pure.
 */

/** Ids are part of ledger account ids and upload folders: lower-case letters, digits and hyphens. */
export const CATALOGUE_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const CATALOGUE_NAME_MAX = 40;
export const CATALOGUE_AMOUNT_MAX = 1_000_000;
export const CATALOGUE_SORT_MAX = 9999;

const id = (what: string) =>
  z
    .string({ error: `${what}IDを入力してください` })
    .trim()
    .min(1, `${what}IDを入力してください`)
    .regex(CATALOGUE_ID, `${what}IDは半角英小文字・数字・ハイフンの40文字以内で入力してください`);

const name = z
  .string({ error: "名前を入力してください" })
  .trim()
  .min(1, "名前を入力してください")
  .max(CATALOGUE_NAME_MAX, `名前は${CATALOGUE_NAME_MAX}文字以内で入力してください`);

/** A whole number typed into a field (full-width digits and separators accepted). */
const amount = (label: string, min: number, max = CATALOGUE_AMOUNT_MAX) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.normalize("NFKC").replace(/[,\s]/g, "") : value),
    z
      .string({ error: `${label}を入力してください` })
      .min(1, `${label}を入力してください`)
      .regex(/^\d+$/, `${label}は半角または全角の数字で入力してください`)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(min, `${label}は${min.toLocaleString("ja-JP")}以上で入力してください`)
          .max(max, `${label}は${max.toLocaleString("ja-JP")}以下で入力してください`),
      ),
  );

export const CoinPackSchema = z.object({
  pack_id: id("パック"),
  name,
  coins: amount("コイン数", 1),
  bonus_coins: amount("ボーナスコイン", 0),
  price_jpy: amount("価格（税込）", 1),
  sort_order: amount("表示順", 0, CATALOGUE_SORT_MAX),
});
export type CoinPackInput = z.output<typeof CoinPackSchema>;

export const ItemSchema = z.object({
  item_id: id("アイテム"),
  name,
  coin_price: amount("コイン価格", 1),
  point_value: amount("換金ポイント", 0),
  sort_order: amount("表示順", 0, CATALOGUE_SORT_MAX),
});
export type ItemInput = z.output<typeof ItemSchema>;

export const CATALOGUE_LABELS = {
  pack_id: "パックID",
  item_id: "アイテムID",
  name: "名前",
  coins: "コイン数",
  bonus_coins: "ボーナスコイン",
  price_jpy: "価格（税込・円）",
  coin_price: "コイン価格",
  point_value: "換金ポイント（1個あたり）",
  sort_order: "表示順（小さいほど先）",
  image: "画像",
} as const;

export const CATALOGUE_MESSAGES = {
  duplicate: "このIDはすでに使われています。別のIDを入力してください",
  not_found: "見つかりませんでした（削除された可能性があります）",
  pack_sold: "このパックは購入されたことがあるため削除できません。販売をやめるには「販売終了」にしてください",
  item_sold:
    "このアイテムは購入されたことがあるため削除できません。販売をやめるには「販売終了」にしてください",
  unreadable: "送信内容を読み取れませんでした。もう一度お試しください",
} as const;

export const CATALOGUE_DONE = {
  created: "追加しました",
  updated: "保存しました",
  retired: "販売を終了しました（購入画面に表示されなくなりました）",
  restored: "販売を再開しました",
  deleted: "削除しました",
  image: "画像を変更しました",
} as const;

export const CATALOGUE_STATUS_LABELS = { active: "販売中", hidden: "販売終了" } as const;
