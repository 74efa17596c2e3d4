import { useEffect, useRef } from "react";
import { fieldId } from "./field";

export interface FormErrorSummaryProps {
  /** The server's messages by field name (`_form` for the form as a whole); nothing renders without any. */
  errors?: Record<string, string | undefined> | null;
  /** The labels of the fields, for 「メールアドレス：…」; a field without one shows its message alone. */
  labels?: Record<string, string>;
  /** The order of the fields in the form (errors of unlisted fields follow, in their own order). */
  order?: readonly string[];
  /** The fields' idPrefix, when they have one. */
  idPrefix?: string;
  title?: string;
  className?: string;
}

const FORM_KEY = "_form";

/**
 * The box at the top of a form listing every error, each linking to its field (`#field-…`). It
 * takes the focus when it appears after a submission (the page itself did not change), so a
 * screen reader reads it first; the links jump to the fields.
 */
export function FormErrorSummary({
  errors,
  labels = {},
  order = [],
  idPrefix,
  title = "入力内容に誤りがあります",
  className = "",
}: FormErrorSummaryProps) {
  const box = useRef<HTMLElement>(null);
  const entries = Object.entries(errors ?? {}).filter((entry): entry is [string, string] =>
    Boolean(entry[1]),
  );
  const rank = (name: string) => {
    const at = order.indexOf(name);
    return at === -1 ? order.length : at;
  };
  const formErrors = entries.filter(([name]) => name === FORM_KEY);
  const fieldErrors = entries
    .filter(([name]) => name !== FORM_KEY)
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry[0]) - rank(b.entry[0]) || a.index - b.index)
    .map(({ entry }) => entry);
  // A new errors object is a new answer of the action (a re-render keeps the same object): focus again.
  useEffect(() => {
    if (errors && Object.values(errors).some(Boolean)) box.current?.focus();
  }, [errors]);

  if (entries.length === 0) return null;

  const headingId = `${idPrefix ?? "form"}-error-summary-title`;
  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-labelledby={headingId}
      className={`rounded-lg border-2 border-red-600 bg-red-50 p-4 text-red-900 focus:outline-none focus-visible:outline-2 ${className}`}
      data-testid="form-error-summary"
    >
      <h2 id={headingId} className="font-bold text-base">
        {title}
        {fieldErrors.length > 0 ? `（${fieldErrors.length}件）` : null}
      </h2>
      {formErrors.map(([, message]) => (
        <p key={message} className="mt-2 text-sm">
          {message}
        </p>
      ))}
      {fieldErrors.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {fieldErrors.map(([name, message]) => (
            <li key={name}>
              <a href={`#${fieldId(name, idPrefix)}`} className="font-bold text-red-800 underline">
                {labels[name] ? `${labels[name]}：${message}` : message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
