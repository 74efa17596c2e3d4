import { FieldError, fieldId, INPUT_CLASS, inputStateClass } from "./field";
import type { FieldBinding } from "./use-schema-form";

/**
 * A compact labelled input of a form's row (label above, an optional hint, the message below): the
 * price system's sets and drinks, the store's stations and first visit.
 */
export function MiniInput({
  name,
  idPrefix,
  label,
  hint,
  defaultValue,
  error,
  numeric = false,
  prefixText,
  suffix,
  maxLength,
  className = "",
}: Omit<FieldBinding, "required"> & {
  label: string;
  hint?: string;
  numeric?: boolean;
  prefixText?: string;
  suffix?: string;
  maxLength?: number;
  className?: string;
}) {
  const id = fieldId(name, idPrefix);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`min-w-0 ${className}`} data-field={name}>
      <label htmlFor={id} className="mb-1 block font-bold text-slate-700 text-xs">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mb-1 text-slate-500 text-xs">
          {hint}
        </p>
      ) : null}
      <div className="relative">
        {prefixText ? (
          <span aria-hidden="true" className="-translate-y-1/2 absolute top-1/2 left-3 text-slate-500">
            {prefixText}
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          type="text"
          inputMode={numeric ? "numeric" : undefined}
          maxLength={maxLength}
          defaultValue={defaultValue ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
          className={`${INPUT_CLASS} ${inputStateClass(error)} ${prefixText ? "pl-7" : ""} ${suffix ? "pr-8" : ""} ${numeric ? "text-right tabular-nums" : ""}`}
        />
        {suffix ? (
          <span aria-hidden="true" className="-translate-y-1/2 absolute top-1/2 right-3 text-slate-500">
            {suffix}
          </span>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
