import { type InputHTMLAttributes, useEffect, useState } from "react";
import { Field, type FieldProps, INPUT_CLASS, inputStateClass } from "./field";

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "name" | "type" | "value" | "defaultValue" | "className" | "required" | "children"
>;

export interface PasswordInputProps extends FieldProps, NativeInputProps {
  /** "current-password" on sign-in, "new-password" when choosing one (the default). */
  autoComplete?: "current-password" | "new-password";
}

/**
 * A password input with a 表示 / 非表示 toggle. Never prefilled: a password is not sent back to the
 * browser, even when the form is re-rendered with errors. The toggle appears once JavaScript runs
 * (without it, it would be a button that does nothing).
 */
export function PasswordInput({
  name,
  label,
  required,
  hint,
  error,
  idPrefix,
  className,
  autoComplete = "new-password",
  ...native
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

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
        <div className="relative">
          <input
            {...native}
            {...control}
            type={visible ? "text" : "password"}
            autoComplete={autoComplete}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className={`${INPUT_CLASS} ${inputStateClass(error)} ${hydrated ? "pr-20" : ""}`}
          />
          {hydrated ? (
            <button
              type="button"
              onClick={() => setVisible((v) => !v)}
              aria-controls={control.id}
              aria-pressed={visible}
              className="absolute inset-y-0 right-0 my-auto mr-1 min-h-11 min-w-11 rounded-md px-3 font-bold text-brand-700 text-sm hover:bg-brand-50"
            >
              {visible ? "非表示" : "表示"}
              <span className="sr-only">（パスワードを{visible ? "隠す" : "表示する"}）</span>
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
