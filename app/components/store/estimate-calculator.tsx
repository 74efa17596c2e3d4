import { type FormEvent, useEffect, useId, useState } from "react";
import { describedBy, FieldError, INPUT_CLASS, inputStateClass } from "~/components/form/field";
import {
  defaultSetIndex,
  ESTIMATE_LABELS,
  ESTIMATE_LIMITS,
  ESTIMATE_TEXTS,
  type EstimateCountField,
  type EstimateField,
  estimateBill,
  type FirstVisitOffer,
  readEstimateField,
  readEstimateQuery,
  setChoiceLabel,
  surchargeLabel,
  totalLabel,
} from "~/domain/estimate";
import { formatYen } from "~/domain/format";
import type { PriceSystem } from "~/domain/price-system-display";

/** The query's values as typed: what the boxes show and the readers read (estimate.ts). */
export type EstimateValues = Partial<Record<EstimateField, string>>;
export type EstimateErrors = Partial<Record<EstimateField, string>>;

const UNITS: Record<EstimateCountField, string> = { people: "名", sets: "セット", extensions: "回" };

/**
 * The estimated bill (料金目安, ADR 0057) on the store page. Without JavaScript it is a GET form to
 * the same page (its action `#estimate` keeps the path and replaces the query): the loader reads the query with the API's schema and this component renders the
 * estimate (or the message next to the field) on the server. With JavaScript the ＋/－ steppers
 * and every box recompute in the browser with the same function (estimateBill), no round trip.
 * Nothing is rendered for a store without set prices.
 */
export function EstimateCalculator({
  system,
  firstVisit,
  values: initialValues,
  errors: serverErrors,
}: {
  system: PriceSystem | null;
  firstVisit: FirstVisitOffer | null;
  values: EstimateValues;
  errors: EstimateErrors;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [values, setValues] = useState<EstimateValues>(initialValues);
  const [changed, setChanged] = useState(false);
  const idBase = useId();
  if (!system || system.sets.length === 0) return null;

  const read = readEstimateQuery(values);
  const result = read.ok ? estimateBill(system, firstVisit, read.value) : null;
  // The server's messages until the visitor changes something; the same readers give the same ones.
  const errors: EstimateErrors = changed
    ? {
        ...(read.ok ? {} : read.errors),
        ...(result && !result.ok && result.error === "invalid" ? { [result.field]: result.message } : {}),
      }
    : {
        ...serverErrors,
        ...(result && !result.ok && result.error === "invalid" ? { [result.field]: result.message } : {}),
      };
  const estimate = result?.ok ? result.estimate : null;

  const update = (field: EstimateField, value: string) => {
    setChanged(true);
    setValues((current) => ({ ...current, [field]: value }));
  };
  const step = (field: EstimateCountField, by: 1 | -1) => {
    const { min, max, default: byDefault } = ESTIMATE_LIMITS[field];
    const current = readEstimateField(field, values[field]);
    const from = current.ok ? current.value : byDefault;
    update(field, String(Math.min(max, Math.max(min, from + by))));
  };
  const firstVisitSet = system.sets
    .filter((set) => set.label.includes("初回"))
    .sort((a, b) => a.price - b.price)[0];
  const firstVisitText = firstVisit
    ? `${firstVisit.minutes}分 ${formatYen(firstVisit.price_jpy)}`
    : firstVisitSet
      ? setChoiceLabel(firstVisitSet)
      : null;
  const selectedSet = values.set || String(defaultSetIndex(system.sets));
  const ids = (field: EstimateField) => {
    const id = `${idBase}-${field}`;
    return { id, errorId: `${id}-error` };
  };
  const onSubmit = (event: FormEvent) => {
    // With JavaScript the result is already live; the button is the no-JavaScript path.
    if (hydrated) event.preventDefault();
  };

  const stepper = (field: EstimateCountField) => {
    const { id, errorId } = ids(field);
    const label = ESTIMATE_LABELS[field];
    const current = readEstimateField(field, values[field]);
    const value = current.ok ? current.value : null;
    const { min, max } = ESTIMATE_LIMITS[field];
    return (
      <div>
        <label htmlFor={id} className="font-bold text-slate-800 text-sm">
          {label}
        </label>
        <div className="mt-1 flex items-center gap-2">
          {hydrated ? (
            <StepButton
              label={`${label}を1つ減らす`}
              disabled={value !== null && value <= min}
              onClick={() => step(field, -1)}
              controls={id}
            >
              －
            </StepButton>
          ) : null}
          <div className="relative min-w-0 flex-1">
            <input
              id={id}
              name={field}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={values[field] ?? String(ESTIMATE_LIMITS[field].default)}
              onChange={(event) => update(field, event.target.value)}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={describedBy(errors[field] && errorId)}
              className={`${INPUT_CLASS} ${inputStateClass(errors[field])} pr-14 text-center font-bold text-lg tabular-nums`}
            />
            <span
              className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-500 text-sm"
              aria-hidden="true"
            >
              {UNITS[field]}
            </span>
          </div>
          {hydrated ? (
            <StepButton
              label={`${label}を1つ増やす`}
              disabled={value !== null && value >= max}
              onClick={() => step(field, 1)}
              controls={id}
            >
              ＋
            </StepButton>
          ) : null}
        </div>
        <FieldError id={errorId} error={errors[field]} />
      </div>
    );
  };

  const check = (field: "first_visit" | "nomination", label: string, hint: string | null) => {
    const { id, errorId } = ids(field);
    const checked = readEstimateField(field, values[field]);
    return (
      <div>
        <label
          htmlFor={id}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1 hover:bg-slate-50"
        >
          <input
            id={id}
            name={field}
            type="checkbox"
            value="1"
            checked={checked.ok && checked.value === true}
            onChange={(event) => update(field, event.target.checked ? "1" : "0")}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={describedBy(errors[field] && errorId)}
            className="size-5 shrink-0 accent-brand-600"
          />
          <span className="text-slate-800 text-sm">
            <span className="font-bold">{label}</span>
            {hint ? <span className="ml-1 text-slate-500">（{hint}）</span> : null}
          </span>
        </label>
        <FieldError id={errorId} error={errors[field]} />
      </div>
    );
  };

  const setIds = ids("set");
  return (
    <section
      id="estimate"
      aria-labelledby={`${idBase}-heading`}
      className="scroll-mt-20 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
      data-testid="estimate"
    >
      <h2 id={`${idBase}-heading`} className="bg-night-900 px-4 py-3 font-bold text-lg text-white">
        {ESTIMATE_TEXTS.heading}
      </h2>
      <div className="grid gap-5 p-4 wide:grid-cols-2">
        <form method="get" action="#estimate" onSubmit={onSubmit} className="space-y-4" noValidate>
          <p className="text-slate-600 text-sm">
            人数とセット数を選ぶと、サービス料・消費税を含めた合計の目安を計算します。
          </p>
          {/* On a phone the breakdown is below the form: the total stays in view beside the steppers
              (a copy for the eye; the output below is the one read aloud). */}
          {estimate ? (
            <p
              className="flex items-baseline justify-between gap-3 rounded-lg bg-brand-50 px-3 py-2 wide:hidden"
              aria-hidden="true"
            >
              <span className="font-bold text-slate-800 text-sm">合計の目安</span>
              <span className="font-black text-brand-700 text-xl tabular-nums">{totalLabel(estimate)}</span>
            </p>
          ) : null}
          {stepper("people")}
          {stepper("sets")}
          {system.extension ? stepper("extensions") : null}
          {system.sets.length > 1 ? (
            <div>
              <label htmlFor={setIds.id} className="font-bold text-slate-800 text-sm">
                {ESTIMATE_LABELS.set}
              </label>
              <select
                id={setIds.id}
                name="set"
                value={selectedSet}
                onChange={(event) => update("set", event.target.value)}
                aria-invalid={errors.set ? true : undefined}
                aria-describedby={describedBy(errors.set && setIds.errorId)}
                className={`${INPUT_CLASS} ${inputStateClass(errors.set)} mt-1`}
              >
                {/* A set the store does not have stays selectable so its message has a place. */}
                {system.sets[Number(selectedSet)] || !values.set ? null : (
                  <option value={selectedSet}>選択してください</option>
                )}
                {system.sets.map((set, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the index is the set's identity in the query
                  <option key={index} value={String(index)}>
                    {setChoiceLabel(set)}
                  </option>
                ))}
              </select>
              <FieldError id={setIds.errorId} error={errors.set} />
            </div>
          ) : null}
          {firstVisitText ? check("first_visit", "初回来店", `初回料金 ${firstVisitText}`) : null}
          {system.nomination_fee !== null
            ? check("nomination", "指名する", `指名料 ${formatYen(system.nomination_fee)}／セット`)
            : null}
          {hydrated ? null : (
            <button
              type="submit"
              className="min-h-11 w-full rounded-full bg-brand-600 px-6 font-bold text-white hover:bg-brand-700"
            >
              計算する
            </button>
          )}
        </form>

        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <h3 className="font-bold text-slate-800 text-sm">お会計の目安</h3>
          {estimate ? (
            <>
              <dl className="mt-2 divide-y divide-slate-200 text-sm">
                {estimate.items.map((item) => (
                  <div key={item.kind} className="flex items-start justify-between gap-3 py-2">
                    <dt className="min-w-0">
                      <span className="block text-slate-800">{item.label}</span>
                      <span className="block text-slate-500 text-xs tabular-nums">{item.detail}</span>
                    </dt>
                    <dd className="shrink-0 font-bold tabular-nums">{formatYen(item.amount)}</dd>
                  </div>
                ))}
                <Row label="小計" amount={estimate.subtotal} />
                {estimate.service_charge_percent ? (
                  <Row
                    label={surchargeLabel("service", estimate.service_charge_percent)}
                    amount={estimate.service_charge}
                  />
                ) : null}
                {estimate.tax_percent ? (
                  <Row label={surchargeLabel("tax", estimate.tax_percent)} amount={estimate.tax} />
                ) : null}
              </dl>
              <div className="mt-2 flex items-baseline justify-between gap-3 border-slate-300 border-t-2 pt-3">
                <span className="font-bold text-slate-800">合計</span>
                <output
                  aria-live="polite"
                  className="font-black text-3xl text-brand-700 tabular-nums"
                  data-testid="estimate-total"
                >
                  {totalLabel(estimate)}
                </output>
              </div>
              <p className="mt-1 text-right text-slate-500 text-xs">
                {read.ok ? `${read.value.people}名・${estimate.minutes}分` : null}
              </p>
              {estimate.from || estimate.notes.length > 0 ? (
                <ul className="mt-3 space-y-1 text-slate-600 text-xs">
                  {estimate.from ? <li className="font-bold text-amber-800">{ESTIMATE_TEXTS.from}</li> : null}
                  {estimate.notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <p className="mt-2 text-slate-600 text-sm" aria-live="polite">
              入力内容を確認してください。
            </p>
          )}
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-xs">
            {ESTIMATE_TEXTS.disclaimer}
          </p>
        </div>
      </div>
    </section>
  );
}

function Row({ label, amount }: { label: string; amount: number }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-bold tabular-nums">{formatYen(amount)}</dd>
    </div>
  );
}

function StepButton({
  label,
  disabled,
  onClick,
  controls,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  controls: string;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-controls={controls}
      disabled={disabled}
      onClick={onClick}
      className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 font-black text-2xl text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-400 disabled:ring-slate-200"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
