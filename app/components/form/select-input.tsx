import type { SelectHTMLAttributes } from "react";
import { Field, type FieldProps, INPUT_CLASS, inputStateClass } from "./field";

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

type NativeSelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "id" | "name" | "value" | "defaultValue" | "className" | "required" | "children" | "multiple"
>;

export interface SelectInputProps extends FieldProps, NativeSelectProps {
  options: readonly SelectOption[];
  defaultValue?: string;
  /** The label of a leading blank choice (value ""), e.g. 選択してください; none when undefined. */
  placeholder?: string;
}

/** A native <select> (the phone's own picker on mobile). */
export function SelectInput({
  name,
  label,
  required,
  hint,
  error,
  idPrefix,
  className,
  options,
  defaultValue,
  placeholder,
  ...native
}: SelectInputProps) {
  return (
    <Field
      name={name}
      label={label}
      required={required}
      hint={hint}
      error={error}
      idPrefix={idPrefix}
      className={className}
    >
      {(control) => (
        <select
          {...native}
          {...control}
          defaultValue={defaultValue ?? ""}
          className={`${INPUT_CLASS} ${inputStateClass(error)} pr-8`}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
