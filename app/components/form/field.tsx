import type { ReactNode } from "react";

/**
 * The frame of one form field: label (with a 必須 / 任意 badge), hint, the control and the server's
 * error message. Errors rendered by the server are plain text referenced by `aria-describedby` (no
 * role=alert: nothing is "announced" on a fresh page); the error summary at the top of the form is
 * what screen-reader users land on.
 */

/** The props a control needs to be bound to its label, hint and error. */
export interface ControlProps {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
}

/** What every field component accepts. */
export interface FieldProps {
  /** The spec's field name; dotted for nested values (`matching_info.animal`). */
  name: string;
  label: ReactNode;
  /** Shows 必須 (true) or 任意 (false); no badge when undefined. */
  required?: boolean;
  hint?: ReactNode;
  /** The server's message for this field. */
  error?: string;
  /** Prefix of the element ids, when one page has two forms with the same field names. */
  idPrefix?: string;
  className?: string;
}

/** The id of a field's control; the error summary links to `#${fieldId(name)}`. */
export function fieldId(name: string, idPrefix = "field"): string {
  return `${idPrefix}-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

export const errorIdOf = (id: string) => `${id}-error`;
export const hintIdOf = (id: string) => `${id}-hint`;

/** Space-separated ids, or undefined when there are none. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter((id): id is string => Boolean(id));
  return list.length > 0 ? list.join(" ") : undefined;
}

export const INPUT_CLASS =
  "block min-h-11 w-full rounded-lg border px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-400";

/** Border colours: red with an error, else slate with a brand-coloured hover/focus. */
export function inputStateClass(error: string | undefined): string {
  return error
    ? "border-red-500 bg-red-50"
    : "border-slate-300 hover:border-slate-400 focus:border-brand-500";
}

export function RequiredBadge({ required }: { required: boolean | undefined }) {
  if (required === undefined) return null;
  return required ? (
    <span className="ml-2 inline-block rounded bg-brand-600 px-1.5 py-0.5 align-middle font-bold text-[11px] text-white leading-none">
      必須
    </span>
  ) : (
    <span className="ml-2 inline-block rounded bg-slate-200 px-1.5 py-0.5 align-middle font-bold text-[11px] text-slate-600 leading-none">
      任意
    </span>
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1 font-bold text-red-700 text-sm">
      <span aria-hidden="true">!</span>
      <span>{error}</span>
    </p>
  );
}

/** The control props of a field (for components that lay out their own frame). */
export function controlProps(
  {
    name,
    required,
    hint,
    error,
    idPrefix,
  }: Pick<FieldProps, "name" | "required" | "hint" | "error" | "idPrefix">,
  ...extraDescribedBy: (string | undefined)[]
): ControlProps {
  const id = fieldId(name, idPrefix);
  return {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(
      hint ? hintIdOf(id) : undefined,
      ...extraDescribedBy,
      error ? errorIdOf(id) : undefined,
    ),
    "aria-required": required ? true : undefined,
  };
}

export interface FieldFrameProps extends FieldProps {
  /** Extra ids for aria-describedby (a counter, a status line). */
  describedBy?: (string | undefined)[];
  /** The control: a render prop receiving the binding props, or plain children that bind themselves. */
  children: ((control: ControlProps) => ReactNode) | ReactNode;
  /** Content after the control and before the error (a counter, a status line). */
  after?: ReactNode;
}

/** A labelled field around one control (`<label for>` bound to the control's id). */
export function Field({
  name,
  label,
  required,
  hint,
  error,
  idPrefix,
  className,
  describedBy: extra = [],
  children,
  after,
}: FieldFrameProps) {
  const control = controlProps({ name, required, hint, error, idPrefix }, ...extra);
  return (
    <div className={className} data-field={name}>
      <label htmlFor={control.id} className="mb-1 block font-bold text-slate-800 text-sm">
        {label}
        <RequiredBadge required={required} />
      </label>
      {hint ? (
        <p id={hintIdOf(control.id)} className="mb-1.5 text-slate-500 text-xs">
          {hint}
        </p>
      ) : null}
      {typeof children === "function" ? children(control) : children}
      {after}
      <FieldError id={errorIdOf(control.id)} error={error} />
    </div>
  );
}

export interface FieldsetFrameProps extends FieldProps {
  /** The options: a render prop receiving the props of the FIRST option (the others derive theirs). */
  children: (control: ControlProps) => ReactNode;
}

/**
 * A group of checkboxes or radios: `<fieldset>` with a `<legend>`. The first option carries the
 * field's id, so the error summary's link lands on it.
 */
export function Fieldset({
  name,
  label,
  required,
  hint,
  error,
  idPrefix,
  className,
  children,
}: FieldsetFrameProps) {
  const control = controlProps({ name, required, hint, error, idPrefix });
  return (
    <fieldset className={className} data-field={name}>
      <legend className="mb-1 block font-bold text-slate-800 text-sm">
        {label}
        <RequiredBadge required={required} />
      </legend>
      {hint ? (
        <p id={hintIdOf(control.id)} className="mb-1.5 text-slate-500 text-xs">
          {hint}
        </p>
      ) : null}
      {children(control)}
      <FieldError id={errorIdOf(control.id)} error={error} />
    </fieldset>
  );
}
