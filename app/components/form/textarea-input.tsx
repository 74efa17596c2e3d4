import { type TextareaHTMLAttributes, useState } from "react";
import { Field, type FieldProps, fieldId, INPUT_CLASS, inputStateClass } from "./field";

type NativeTextareaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id" | "name" | "value" | "defaultValue" | "className" | "required" | "children"
>;

export interface TextareaInputProps extends FieldProps, NativeTextareaProps {
  defaultValue?: string;
  /** The limit; shows a counter 「12 / 500文字」 under the field. */
  maxLength?: number;
  rows?: number;
}

/** UTF-16 units, as the browser's maxLength and zod's .max() count them. */
function lengthOf(s: string): number {
  return s.length;
}

/** A multi-line text input, with a character counter when `maxLength` is given. */
export function TextareaInput({
  name,
  label,
  required,
  hint,
  error,
  idPrefix,
  className,
  defaultValue = "",
  maxLength,
  rows = 5,
  onChange,
  ...native
}: TextareaInputProps) {
  const [length, setLength] = useState(() => lengthOf(defaultValue));
  const counterId = `${fieldId(name, idPrefix)}-counter`;
  const counted = maxLength !== undefined;

  return (
    <Field
      name={name}
      label={label}
      required={required}
      hint={hint}
      error={error}
      idPrefix={idPrefix}
      className={className}
      describedBy={counted ? [counterId] : []}
      after={
        counted ? (
          <p
            id={counterId}
            className={`mt-1 text-right text-xs tabular-nums ${length > maxLength ? "font-bold text-red-700" : "text-slate-500"}`}
          >
            {`${length} / ${maxLength}文字`}
          </p>
        ) : null
      }
    >
      {(control) => (
        <textarea
          {...native}
          {...control}
          rows={rows}
          maxLength={maxLength}
          defaultValue={defaultValue}
          onChange={(event) => {
            setLength(lengthOf(event.currentTarget.value));
            onChange?.(event);
          }}
          className={`${INPUT_CLASS} ${inputStateClass(error)} leading-relaxed`}
        />
      )}
    </Field>
  );
}
