import { z } from "zod";
import { confirmationField } from "./confirmation";
import { formatPoints, formatYen, PAYOUT_TRANSFER_FEE_YEN } from "./money";

/**
 * The confirmation before a store converts its received items (`/liver/mypage/item/convert`,
 * docs/product.md "Money"): what it holds, at which rate, and what it gets — the same step as the
 * operator's serious actions (ADR 0053: a checkbox without JavaScript, a dialog with it). Pure.
 */

/** A point is worth one yen when it is paid out (before the transfer fee and any withholding). */
export const YEN_PER_POINT = 1;

export const CONVERSION_TEXTS = {
  button: "すべて換金する",
  confirmLabel: "換金する",
  title: "アイテムをすべてポイントに換金しますか？",
  description:
    "受け取ったアイテムをすべて、各アイテムのポイント数でポイントに換えます。換金したアイテムは元に戻せません。",
  rate: `1ポイント＝${YEN_PER_POINT}円。振込申請のときに振込手数料${formatYen(PAYOUT_TRANSFER_FEE_YEN)}（個人の店舗は源泉徴収も）が差し引かれます。`,
  checkbox: (points: number) =>
    `${formatPoints(points)}（${formatYen(points * YEN_PER_POINT)}相当）に換金することを確認しました`,
  confirmRequired: "換金の内容を確認して、チェックを入れてください",
  total: "受け取るポイント",
} as const;

/** The form of 「すべて換金する」: its confirmation is required (domain/confirmation.ts). */
export const ItemConversionSchema = z.object({
  confirm: confirmationField(CONVERSION_TEXTS.confirmRequired),
});

export interface HeldItem {
  name: string;
  quantity: number;
  point_value: number;
}

export interface ConversionBreakdown {
  lines: { name: string; quantity: number; pointValue: number; points: number }[];
  /** Items in all. */
  count: number;
  points: number;
  /** What the points are worth when paid out, before the fee and any withholding. */
  yen: number;
}

/** What converting `held` gives, item by item and in all (the same sum the ledger books). */
export function conversionBreakdown(held: readonly HeldItem[]): ConversionBreakdown {
  const lines = held
    .filter((item) => item.quantity > 0)
    .map((item) => ({
      name: item.name,
      quantity: item.quantity,
      pointValue: item.point_value,
      points: item.quantity * item.point_value,
    }));
  const points = lines.reduce((sum, line) => sum + line.points, 0);
  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    points,
    yen: points * YEN_PER_POINT,
  };
}

/** The dialog's lines: each item as 「3個 × 500pt ＝ 1,500pt」, then the total in points and yen. */
export function conversionSummary(breakdown: ConversionBreakdown): { label: string; value: string }[] {
  return [
    ...breakdown.lines.map((line) => ({
      label: line.name,
      value: `${line.quantity.toLocaleString("ja-JP")}個 × ${formatPoints(line.pointValue)} ＝ ${formatPoints(line.points)}`,
    })),
    {
      label: CONVERSION_TEXTS.total,
      value: `${formatPoints(breakdown.points)}（${formatYen(breakdown.yen)}相当）`,
    },
  ];
}
