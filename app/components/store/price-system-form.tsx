import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Form } from "react-router";
import {
  DRINK_NAME_MAX,
  PAYMENT_METHODS,
  PRICE_DRINKS_MAX,
  PRICE_LABEL_MAX,
  PRICE_NOTE_MAX,
  PRICE_SETS_MAX,
  PRICE_SYSTEM_LABELS,
  type PriceFormValues,
  PriceSystemSchema,
} from "~/domain/price-system";
import { END_CHOICES, START_CHOICES } from "~/domain/schedule-times";
import { CheckboxGroup } from "../form/checkbox-group";
import { FieldError, fieldId, INPUT_CLASS, inputStateClass } from "../form/field";
import { FormErrorSummary } from "../form/form-error-summary";
import { MiniInput } from "../form/mini-input";
import { SubmitButton } from "../form/submit-button";
import { TextareaInput } from "../form/textarea-input";
import { type FieldBinding, field, fieldsetOf, listField, useSchemaForm } from "../form/use-schema-form";
import { SMALL_BUTTON } from "../ui/kit";

type Row = Record<string, string>;

const SPARE_ROWS = 2;

/** Row keys in order, plus spare blank rows (all that a form without JavaScript can offer). */
function initialKeys(rows: Record<string, Row>, max: number): string[] {
  const keys = Object.keys(rows)
    .filter((key) => /^\d{1,2}$/.test(key))
    .sort((a, b) => Number(a) - Number(b));
  const next = keys.length > 0 ? Math.max(...keys.map(Number)) + 1 : 0;
  const spare = Math.max(0, Math.min(SPARE_ROWS, max - keys.length));
  return [...keys, ...Array.from({ length: spare }, (_, i) => String(next + i))];
}

const timeOptions = (choices: readonly string[]) => [
  { value: "", label: "指定なし" },
  ...choices.map((value) => ({ value, label: value })),
];
const START_OPTIONS = timeOptions(START_CHOICES);
const END_OPTIONS = timeOptions(END_CHOICES);

const SUMMARY_LABELS: Record<string, string> = {
  ...PRICE_SYSTEM_LABELS,
  "extension.minutes": PRICE_SYSTEM_LABELS["extension.minutes"],
  "extension.price": PRICE_SYSTEM_LABELS["extension.price"],
};

/**
 * The price page's form (docs/product.md `/liver/mypage/price`): set prices by time slot, extension, fees,
 * percentages, drinks, payment methods and a note. Rows are `sets.N.*` and `drinks.N.*`; blank rows
 * are ignored, so the form offers two spare rows without JavaScript and an 追加 button with it.
 */
export function PriceSystemForm({
  values,
  errors,
}: {
  values: PriceFormValues;
  errors?: Record<string, string | undefined>;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // With errors, `values` is the action's answer (rebuilt on each render by the page): one result
  // per answer, keyed on its errors object, so Conform sees each answer once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer is identified by its errors
  const result = useMemo(() => (errors ? { values, errors } : null), [errors]);
  const { fields } = useSchemaForm(PriceSystemSchema, { defaultValue: values, result });
  const extension = fieldsetOf(fields.extension);
  const labelFor = (name: string) => {
    const match = /^(sets|drinks)\.(\d+)\.(\w+)$/.exec(name);
    if (!match) return SUMMARY_LABELS[name] ?? name;
    const field =
      match[3] === "name" ? PRICE_SYSTEM_LABELS.drink_name : (SUMMARY_LABELS[match[3]!] ?? match[3]);
    return `${match[1] === "sets" ? "セット料金" : "ドリンク"} ${Number(match[2]) + 1}（${field}）`;
  };
  const labels = Object.fromEntries(Object.keys(errors ?? {}).map((name) => [name, labelFor(name)]));

  return (
    <>
      <FormErrorSummary errors={errors} labels={labels} className="mb-5" />
      <Form method="post" className="space-y-8" noValidate>
        <input type="hidden" name="intent" value="price" />
        <Rows
          legend={PRICE_SYSTEM_LABELS.sets}
          hint="時間帯ごとの料金です（例：20:00〜21:00 60分 ¥4,000）。時間帯を問わない場合は「指定なし」のまま。"
          name="sets"
          rows={values.sets}
          group={field(fields.sets)}
          fields={fieldsetOf(fields.sets)}
          max={PRICE_SETS_MAX}
          hydrated={hydrated}
          addLabel="セットを追加"
          render={(row) => (
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_6rem_8rem]">
              <MiniSelect {...field(row.start_time!)} label="開始" options={START_OPTIONS} />
              <MiniSelect {...field(row.end_time!)} label="終了" options={END_OPTIONS} />
              <MiniInput {...field(row.minutes!)} label="時間（分）" numeric suffix="分" />
              <MiniInput {...field(row.price!)} label="料金" numeric prefixText="¥" />
              <MiniInput
                {...field(row.label!)}
                label="補足（例：初回・女性）"
                maxLength={PRICE_LABEL_MAX}
                className="col-span-2 sm:col-span-4"
              />
            </div>
          )}
        />

        <fieldset className="space-y-3">
          <legend className="mb-2 w-full border-brand-500 border-l-4 pl-2 font-bold text-base">
            延長・指名料など
          </legend>
          <div className="grid grid-cols-2 gap-3">
            <MiniInput
              {...field(extension.minutes!)}
              label={PRICE_SYSTEM_LABELS["extension.minutes"]}
              numeric
              suffix="分"
            />
            <MiniInput
              {...field(extension.price!)}
              label={PRICE_SYSTEM_LABELS["extension.price"]}
              numeric
              prefixText="¥"
            />
            {(["nomination_fee", "in_store_nomination_fee", "companion_fee", "table_charge"] as const).map(
              (name) => (
                <MiniInput
                  key={name}
                  {...field(fields[name])}
                  label={PRICE_SYSTEM_LABELS[name]}
                  numeric
                  prefixText="¥"
                />
              ),
            )}
            <MiniInput
              {...field(fields.service_charge_percent)}
              label={PRICE_SYSTEM_LABELS.service_charge_percent}
              numeric
              suffix="%"
            />
            <MiniInput
              {...field(fields.tax_percent)}
              label={PRICE_SYSTEM_LABELS.tax_percent}
              numeric
              suffix="%"
            />
          </div>
          <p className="text-slate-500 text-xs">
            かからない料金は空欄にしてください。0を入れると「無料」と表示されます。
          </p>
        </fieldset>

        <Rows
          legend={PRICE_SYSTEM_LABELS.drinks}
          hint="キャストドリンク・ボトルなど代表的なものを載せてください。"
          name="drinks"
          rows={values.drinks}
          group={field(fields.drinks)}
          fields={fieldsetOf(fields.drinks)}
          max={PRICE_DRINKS_MAX}
          hydrated={hydrated}
          addLabel="ドリンクを追加"
          render={(row) => (
            <div className="grid grid-cols-[1fr_8rem] gap-2">
              <MiniInput
                {...field(row.name!)}
                label={PRICE_SYSTEM_LABELS.drink_name}
                maxLength={DRINK_NAME_MAX}
              />
              <MiniInput {...field(row.price!)} label="料金" numeric prefixText="¥" />
            </div>
          )}
        />

        <CheckboxGroup
          {...listField(fields.payment_methods)}
          label={PRICE_SYSTEM_LABELS.payment_methods}
          options={PAYMENT_METHODS}
        />
        <TextareaInput
          {...field(fields.note)}
          label={PRICE_SYSTEM_LABELS.note}
          hint="例：延長は自動ではありません。女性のお客様は半額。"
          maxLength={PRICE_NOTE_MAX}
          rows={4}
          required={false}
        />
        <SubmitButton pendingLabel="保存中…">料金システムを保存する</SubmitButton>
      </Form>
    </>
  );
}

function Rows({
  legend,
  hint,
  name,
  rows,
  group,
  fields,
  max,
  hydrated,
  addLabel,
  render,
}: {
  legend: string;
  hint: string;
  name: "sets" | "drinks";
  rows: Record<string, Row>;
  /** The group's own binding (its message: too many rows). */
  group: FieldBinding;
  /** The rows' fields by row key (`sets.0` …). */
  fields: ReturnType<typeof fieldsetOf>;
  max: number;
  hydrated: boolean;
  addLabel: string;
  /** The fields of one row (`sets.0.price` …), by key. */
  render: (row: ReturnType<typeof fieldsetOf>) => ReactNode;
}) {
  const [keys, setKeys] = useState(() => initialKeys(rows, max));
  // Once the 追加 button works the spare blank rows are not needed (one stays when there is none);
  // a new answer of the action (different rows) starts again from what it sent back. Keyed on the
  // rows' content: the page rebuilds `rows` on every render, and a re-render (a revalidation, the
  // progress bar) must not take away a row just added.
  const rowsContent = JSON.stringify(rows);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `rows` is identified by its content
  useEffect(() => {
    const all = initialKeys(rows, max);
    const filled = all.filter((key) => Object.hasOwn(rows, key));
    setKeys(filled.length > 0 ? filled : all.slice(0, 1));
  }, [rowsContent, max]);
  return (
    <fieldset className="space-y-3" data-field={name}>
      <legend className="mb-2 w-full border-brand-500 border-l-4 pl-2 font-bold text-base">{legend}</legend>
      <p className="text-slate-600 text-sm">{hint}</p>
      <FieldError id={`${fieldId(group.name, group.idPrefix)}-error`} error={group.error} />
      <ol className="space-y-3">
        {keys.map((key, index) => {
          return (
            <li
              key={key}
              className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
              data-testid={`${name}-row`}
            >
              <div className="mb-2 flex items-center justify-between">
                <span className="font-bold text-slate-500 text-xs">
                  {legend} {index + 1}
                </span>
                {hydrated ? (
                  <button
                    type="button"
                    className={`${SMALL_BUTTON} text-red-700`}
                    onClick={() => setKeys((current) => current.filter((k) => k !== key))}
                  >
                    削除
                    <span className="sr-only">
                      （{legend} {index + 1}）
                    </span>
                  </button>
                ) : null}
              </div>
              {render(fieldsetOf(fields[key]!))}
            </li>
          );
        })}
      </ol>
      {hydrated && keys.length < max ? (
        <button
          type="button"
          className={`${SMALL_BUTTON} w-full border-dashed text-brand-700`}
          onClick={() =>
            setKeys((current) => [
              ...current,
              String(current.length > 0 ? Math.max(...current.map(Number)) + 1 : 0),
            ])
          }
        >
          ＋ {addLabel}
        </button>
      ) : null}
    </fieldset>
  );
}

function MiniSelect({
  name,
  idPrefix,
  label,
  options,
  defaultValue,
  error,
}: Omit<FieldBinding, "required"> & {
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const id = fieldId(name, idPrefix);
  return (
    <div data-field={name}>
      <label htmlFor={id} className="mb-1 block font-bold text-slate-700 text-xs">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${INPUT_CLASS} ${inputStateClass(error)} pr-8`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
