import { type FieldProps, Fieldset } from "./field";
import type { SelectOption } from "./select-input";

export interface CheckboxGroupProps extends FieldProps {
  /** A domain list (`VENUE_TYPES`, `VENUE_FEATURES`, …). */
  options: readonly SelectOption[];
  /** The checked values. */
  defaultValue?: readonly string[];
  /** Columns from the `sm` breakpoint up (one column stays readable on small phones; default 2). */
  columns?: 1 | 2 | 3;
  disabled?: boolean;
}

/** One column for long labels (settings); two on a phone otherwise, three from `sm` when asked. */
const COLUMNS = { 1: "grid-cols-1", 2: "grid-cols-2", 3: "grid-cols-2 sm:grid-cols-3" } as const;

/**
 * Checkboxes sharing one name: the browser sends one entry per checked box (parse it with
 * `parseForm(…, { arrays: [name] })`, which also turns "none checked" into []).
 */
export function CheckboxGroup({
  options,
  defaultValue = [],
  columns = 2,
  disabled,
  ...field
}: CheckboxGroupProps) {
  const checked = new Set(defaultValue);
  return (
    <Fieldset {...field}>
      {(control) => (
        <div className={`grid gap-2 ${COLUMNS[columns]}`}>
          {options.map((option, index) => {
            const id = index === 0 ? control.id : `${control.id}-${index}`;
            return (
              <label
                key={option.value}
                htmlFor={id}
                className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border bg-white px-3 py-2 text-base has-checked:border-brand-500 has-checked:bg-brand-50 ${field.error ? "border-red-500" : "border-slate-300"}`}
              >
                <input
                  type="checkbox"
                  id={id}
                  name={control.name}
                  value={option.value}
                  defaultChecked={checked.has(option.value)}
                  disabled={disabled}
                  aria-invalid={control["aria-invalid"]}
                  aria-describedby={control["aria-describedby"]}
                  className="size-5 shrink-0 accent-brand-600"
                />
                <span>{option.label}</span>
              </label>
            );
          })}
        </div>
      )}
    </Fieldset>
  );
}
