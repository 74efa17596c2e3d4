import { z } from "zod";
import { blankWhenMissing } from "./text-fields";
import { messages } from "./validators";

/**
 * Whether a store is a company (法人) or an individual (個人, 個人事業主): `livers.is_individual`,
 * asked at registration with nothing chosen beforehand and kept in the store's settings. It decides
 * 源泉徴収 (ADR 0032): withheld from an individual store's payouts only (`withholdingYen`).
 */

export const IS_INDIVIDUAL_CHOICES = [
  { value: "false", label: "法人" },
  { value: "true", label: "個人（個人事業主）" },
] as const;

export const TAX_STATUS_TEXTS = {
  label: "法人・個人の区分",
  hint: "源泉徴収税（10.21%）は個人のお店への振込にだけかかり、法人は対象外です。",
  required: "法人か個人かを選んでください",
  title: "法人・個人の区分",
  /** The radios' legend in the settings section of the same title. */
  settingsLabel: "お店の区分",
  submit: "区分を保存する",
  saved: "法人・個人の区分を保存しました",
  corporate: "法人",
  individual: "個人",
  /** On the payout page: what applies to this store. */
  payoutIndividual: "個人のお店のため、源泉徴収税（10.21%、1回100万円を超える部分は20.42%）を差し引きます。",
  payoutCorporate: "法人のお店のため、源泉徴収税はかかりません。",
  change: "区分を変更する",
} as const;

/** 法人 / 個人 for a stored flag. */
export const taxStatusLabel = (isIndividual: boolean) =>
  isIndividual ? TAX_STATUS_TEXTS.individual : TAX_STATUS_TEXTS.corporate;

/**
 * The radios' value ("true" / "false") as the flag; nothing chosen is refused. A flag already
 * parsed (a registration draft handed to the service) reads as itself.
 */
export const zIsIndividual = () =>
  z.preprocess(
    (value) => (typeof value === "boolean" ? String(value) : blankWhenMissing(value)),
    z
      .string({ error: messages.invalid_type })
      .refine((value) => value === "true" || value === "false", TAX_STATUS_TEXTS.required)
      .transform((value) => value === "true"),
  );

/** The settings form of the flag. */
export const TaxStatusSchema = z.object({ is_individual: zIsIndividual() });

/** The flag as the radios' value, for a form's default. */
export const isIndividualValue = (isIndividual: boolean) => (isIndividual ? "true" : "false");
