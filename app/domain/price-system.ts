import { z } from "zod";
import { toHalfWidthDigits } from "./input-filters";
import {
  PAYMENT_METHOD_VALUES,
  type PriceItem,
  type PriceSet,
  type PriceSystem,
} from "./price-system-display";
import { END_CHOICES, START_CHOICES } from "./schedule-times";
import { blankWhenMissing, zLine, zMultiline } from "./text-fields";
import { messages } from "./validators";

export * from "./price-system-display";

/*
 * The structured 料金システム of a store (ADR 0009), kept as one jsonb value on `livers`: the form's
 * limits, labels, messages and schema. Amounts are yen (tax as the store states it), durations
 * minutes, times "HH:MM" of the schedule choices (a set that starts at OPEN or ends at LAST uses
 * those values). The shape and the display words are in `price-system-display.ts`.
 */
export const PRICE_SETS_MAX = 12;
export const PRICE_DRINKS_MAX = 30;
export const PRICE_MAX = 9_999_999;
export const SET_MINUTES_MIN = 10;
export const SET_MINUTES_MAX = 720;
export const PRICE_LABEL_MAX = 20;
export const DRINK_NAME_MAX = 30;
export const PRICE_NOTE_MAX = 1000;

export const PRICE_SYSTEM_LABELS = {
  sets: "セット料金",
  start_time: "開始",
  end_time: "終了",
  minutes: "時間（分）",
  price: "料金（円）",
  label: "補足",
  extension: "延長料金",
  "extension.minutes": "延長の時間（分）",
  "extension.price": "延長料金（円）",
  nomination_fee: "指名料",
  in_store_nomination_fee: "場内指名料",
  companion_fee: "同伴料",
  table_charge: "テーブルチャージ",
  service_charge_percent: "サービス料",
  tax_percent: "消費税（TAX）",
  drinks: "ドリンク",
  drink_name: "ドリンク名",
  payment_methods: "お支払い方法",
  note: "備考",
} as const;

export const PRICE_SYSTEM_MESSAGES = {
  yen: `金額は0〜${PRICE_MAX.toLocaleString("ja-JP")}円の半角数字で入力してください`,
  minutes: `時間は${SET_MINUTES_MIN}〜${SET_MINUTES_MAX}分の半角数字で入力してください`,
  percent: "0〜100の数字で入力してください（小数は1桁まで）",
  time_pair: "開始と終了は両方選択するか、両方とも空欄にしてください",
  time: "一覧から選択してください",
  extension_pair: "延長の時間と料金は両方入力してください",
  too_many_sets: `セット料金は${PRICE_SETS_MAX}件まで登録できます`,
  too_many_drinks: `ドリンクは${PRICE_DRINKS_MAX}件まで登録できます`,
  payment_method: "一覧から選択してください",
  saved: "料金システムを保存しました",
  not_set: "料金システムはまだ登録されていません",
} as const;

const M = PRICE_SYSTEM_MESSAGES;

/** A form amount as typed: "4,000", "￥4000", "４０００円" → "4000"; other characters stay (and fail). */
export function normalizeAmount(value: string): string {
  return toHalfWidthDigits(value).replace(/[\s¥￥,，円]/g, "");
}

/** Yen: whole, 0–PRICE_MAX; null when blank and not required. */
const zYen = ({ required = false } = {}) =>
  z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      .transform(normalizeAmount)
      .superRefine((value, ctx) => {
        if (value === "") {
          if (required) ctx.addIssue({ code: "custom", message: messages.required });
        } else if (!/^\d{1,7}$/.test(value) || Number(value) > PRICE_MAX) {
          ctx.addIssue({ code: "custom", message: M.yen });
        }
      })
      .transform((value) => (value === "" ? null : Number(value))),
  );

const zMinutes = ({ required = false } = {}) =>
  z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      .transform((value) => toHalfWidthDigits(value).replace(/[\s分]/g, ""))
      .superRefine((value, ctx) => {
        if (value === "") {
          if (required) ctx.addIssue({ code: "custom", message: messages.required });
        } else if (!/^\d{1,4}$/.test(value) || +value < SET_MINUTES_MIN || +value > SET_MINUTES_MAX) {
          ctx.addIssue({ code: "custom", message: M.minutes });
        }
      })
      .transform((value) => (value === "" ? null : Number(value))),
  );

const zPercent = () =>
  z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      .transform((value) =>
        toHalfWidthDigits(value)
          .replace(/[\s%％]/g, "")
          .replace("．", "."),
      )
      .superRefine((value, ctx) => {
        if (value !== "" && (!/^\d{1,3}(?:\.\d)?$/.test(value) || Number(value) > 100))
          ctx.addIssue({ code: "custom", message: M.percent });
      })
      .transform((value) => (value === "" ? null : Number(value))),
  );

const zTime = (choices: readonly string[]) =>
  z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      .trim()
      .refine((value) => value === "" || choices.includes(value), M.time),
  );

/** Whether every field of a submitted row is blank (the spare rows of the form). */
function isBlankRow(row: unknown): boolean {
  if (typeof row !== "object" || row === null || Array.isArray(row)) return false;
  return Object.values(row).every((value) => typeof value === "string" && value.trim() === "");
}

/**
 * Rows sent as `sets.0.price`, `sets.1.price`, … (an object keyed by index): the blank spare rows
 * dropped, the keys kept so a message lands on its row's field (`sets.1.price`).
 */
const rowsPreprocess = (value: unknown) => {
  if (value === undefined || value === null || value === "") return {};
  if (typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([key, row]) => /^\d{1,2}$/.test(key) && !isBlankRow(row)),
  );
};

const toOrderedArray = <T>(rows: Record<string, T>): T[] =>
  Object.entries(rows)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, row]) => row);

const zRows = <T extends z.ZodType>(row: T, max: number, tooMany: string) =>
  z.preprocess(
    rowsPreprocess,
    z
      .record(z.string(), row, { error: messages.invalid_type })
      .superRefine((rows, ctx) => {
        if (Object.keys(rows).length > max) ctx.addIssue({ code: "custom", message: tooMany });
      })
      .transform((rows) => toOrderedArray(rows as Record<string, z.output<T>>)),
  );

const SetRowSchema = z
  .object({
    start_time: zTime(START_CHOICES),
    end_time: zTime(END_CHOICES),
    minutes: zMinutes({ required: true }),
    price: zYen({ required: true }),
    label: zLine(PRICE_SYSTEM_LABELS.label, PRICE_LABEL_MAX, { required: false }),
  })
  .superRefine((row, ctx) => {
    if ((row.start_time === "") !== (row.end_time === ""))
      ctx.addIssue({
        code: "custom",
        path: [row.start_time === "" ? "start_time" : "end_time"],
        message: M.time_pair,
      });
  })
  .transform(
    (row): PriceSet => ({
      start_time: row.start_time,
      end_time: row.end_time,
      minutes: row.minutes ?? 0,
      price: row.price ?? 0,
      label: row.label,
    }),
  );

const DrinkRowSchema = z
  .object({
    name: zLine(PRICE_SYSTEM_LABELS.drink_name, DRINK_NAME_MAX),
    price: zYen({ required: true }),
  })
  .transform((row): PriceItem => ({ name: row.name, price: row.price ?? 0 }));

/**
 * The price page's form: set rows `sets.N.*`, `extension.minutes`/`extension.price`, the fees,
 * percentages, drink rows `drinks.N.*`, the `payment_methods` checkbox group and `note`.
 */
export const PriceSystemSchema = z
  .object({
    sets: zRows(SetRowSchema, PRICE_SETS_MAX, M.too_many_sets),
    extension: z
      .preprocess(
        (value) => value ?? {},
        z.object({ minutes: zMinutes(), price: zYen() }, { error: messages.invalid_type }),
      )
      .superRefine((extension, ctx) => {
        if ((extension.minutes === null) !== (extension.price === null))
          ctx.addIssue({
            code: "custom",
            path: [extension.minutes === null ? "minutes" : "price"],
            message: M.extension_pair,
          });
      })
      .transform((extension) =>
        extension.minutes === null || extension.price === null
          ? null
          : { minutes: extension.minutes, price: extension.price },
      ),
    nomination_fee: zYen(),
    in_store_nomination_fee: zYen(),
    companion_fee: zYen(),
    table_charge: zYen(),
    service_charge_percent: zPercent(),
    tax_percent: zPercent(),
    drinks: zRows(DrinkRowSchema, PRICE_DRINKS_MAX, M.too_many_drinks),
    payment_methods: z
      .array(z.string({ error: messages.invalid_type }), { error: messages.invalid_type })
      .refine((values) => values.every((v) => PAYMENT_METHOD_VALUES.includes(v)), M.payment_method)
      .transform((values) => PAYMENT_METHOD_VALUES.filter((v) => values.includes(v))),
    note: zMultiline(PRICE_SYSTEM_LABELS.note, PRICE_NOTE_MAX, { required: false }),
  })
  .transform((v): PriceSystem => v);

export const PRICE_SYSTEM_ARRAYS = ["payment_methods"] as const;

/** A price system with nothing in it (the form of a store that has none yet). */
export function emptyPriceSystem(): PriceSystem {
  return {
    sets: [],
    extension: null,
    nomination_fee: null,
    in_store_nomination_fee: null,
    companion_fee: null,
    table_charge: null,
    service_charge_percent: null,
    tax_percent: null,
    drinks: [],
    payment_methods: [],
    note: "",
  };
}

type FormRow = Record<string, string>;

/** The price form's values: rows keyed by their index ("sets.0.price"), every amount a string. */
export interface PriceFormValues {
  sets: Record<string, FormRow>;
  drinks: Record<string, FormRow>;
  extension: FormRow;
  payment_methods: string[];
  [field: string]: unknown;
}

const amountText = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/**
 * A stored price system as the form posts it (what `PriceSystemSchema` reads back into the same
 * system); a store without one gets a form with one set row of 60 minutes to start from.
 */
export function priceSystemFormValues(system: PriceSystem | null): PriceFormValues {
  const sets = (system?.sets ?? []).map((set) => ({
    start_time: set.start_time,
    end_time: set.end_time,
    minutes: amountText(set.minutes),
    price: amountText(set.price),
    label: set.label,
  }));
  const drinks = (system?.drinks ?? []).map((drink) => ({
    name: drink.name,
    price: amountText(drink.price),
  }));
  const keyed = (rows: FormRow[]) => Object.fromEntries(rows.map((row, index) => [String(index), row]));
  return {
    sets: keyed(system ? sets : [{ start_time: "", end_time: "", minutes: "60", price: "", label: "" }]),
    drinks: keyed(drinks),
    extension: {
      minutes: amountText(system?.extension?.minutes),
      price: amountText(system?.extension?.price),
    },
    nomination_fee: amountText(system?.nomination_fee),
    in_store_nomination_fee: amountText(system?.in_store_nomination_fee),
    companion_fee: amountText(system?.companion_fee),
    table_charge: amountText(system?.table_charge),
    service_charge_percent: amountText(system?.service_charge_percent),
    tax_percent: amountText(system?.tax_percent),
    payment_methods: system?.payment_methods ?? [],
    note: system?.note ?? "",
  };
}
