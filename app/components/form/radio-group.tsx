import { type FieldProps, Fieldset } from "./field";
import type { SelectOption } from "./select-input";

export interface RadioGroupProps extends FieldProps {
  options: readonly SelectOption[];
  /** The chosen value. */
  defaultValue?: string;
  /** Side by side from the `sm` breakpoint (short labels such as はい／いいえ); stacked by default. */
  inline?: boolean;
  disabled?: boolean;
}

/** Radios sharing one name (a form sends nothing when none is chosen: parseForm reports 入力してください). */
export function RadioGroup({ options, defaultValue, inline = false, disabled, ...field }: RadioGroupProps) {
  return (
    <Fieldset {...field}>
      {(control) => (
        <div className={inline ? "flex flex-wrap gap-2" : "grid gap-2"}>
          {options.map((option, index) => {
            const id = index === 0 ? control.id : `${control.id}-${index}`;
            return (
              <label
                key={option.value}
                htmlFor={id}
                className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border bg-white px-3 py-2 text-base has-checked:border-brand-500 has-checked:bg-brand-50 ${field.error ? "border-red-500" : "border-slate-300"}`}
              >
                <input
                  type="radio"
                  id={id}
                  name={control.name}
                  value={option.value}
                  defaultChecked={defaultValue === option.value}
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
