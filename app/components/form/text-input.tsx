import type { InputHTMLAttributes } from "react";
import { Field, type FieldProps, INPUT_CLASS, inputStateClass } from "./field";

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "name" | "type" | "value" | "defaultValue" | "className" | "required" | "children"
>;

export interface TextInputProps extends FieldProps, NativeInputProps {
  type?: "text" | "email" | "tel" | "password" | "search" | "url" | "date" | "datetime-local";
  /** The value to show (the server's copy of what was submitted, or the stored value). */
  defaultValue?: string;
  /** Extra classes for the <input> itself. */
  inputClassName?: string;
}

/** A single-line text input (uncontrolled: works without JavaScript). */
export function TextInput({
  name,
  label,
  required,
  hint,
  error,
  idPrefix,
  className,
  type = "text",
  defaultValue,
  inputClassName = "",
  ...native
}: TextInputProps) {
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
        <input
          {...native}
          {...control}
          type={type}
          defaultValue={defaultValue}
          className={`${INPUT_CLASS} ${inputStateClass(error)} ${inputClassName}`}
        />
      )}
    </Field>
  );
}
