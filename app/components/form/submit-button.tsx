import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useNavigation } from "react-router";

type Fetcherish = { state: "idle" | "loading" | "submitting" };

export interface SubmitButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "children"> {
  children: ReactNode;
  /** The label while the form is being sent (default 送信中…). */
  pendingLabel?: ReactNode;
  /** The fetcher the form belongs to (`<fetcher.Form>`); otherwise the page navigation is watched. */
  fetcher?: Fetcherish;
  variant?: "primary" | "secondary";
  /** Stretch to the width of the form (default true: thumbs on phones). */
  block?: boolean;
  /**
   * A label to show with the spinner while something must finish before the form can go (the
   * proof of work of the public forms: 確認中…); the button is disabled meanwhile.
   */
  waiting?: ReactNode;
}

const VARIANTS = {
  primary: "bg-brand-600 text-white shadow hover:bg-brand-700 disabled:bg-brand-500/70",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
} as const;

/**
 * The form's primary action (`button[type=submit]`). While the submission is in flight it shows a
 * spinner and is disabled, so a second tap does not send the form twice. With `name`/`value` (two
 * submit buttons in one form) only the one that was pressed shows the spinner.
 */
export function SubmitButton({
  children,
  pendingLabel = "送信中…",
  fetcher,
  variant = "primary",
  block = true,
  className = "",
  disabled,
  name,
  value,
  waiting,
  ...native
}: SubmitButtonProps) {
  const navigation = useNavigation();
  const busy = fetcher
    ? fetcher.state !== "idle"
    : navigation.state !== "idle" && navigation.formData != null;
  const pressed =
    busy &&
    (fetcher != null || name == null || value == null || navigation.formData?.get(name) === String(value));
  const label = waiting ?? (pressed ? pendingLabel : null);

  return (
    <button
      {...native}
      type="submit"
      name={name}
      value={value}
      disabled={disabled || busy || Boolean(waiting)}
      aria-busy={pressed || Boolean(waiting) || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-3 font-bold text-base disabled:cursor-not-allowed ${VARIANTS[variant]} ${block ? "w-full" : ""} ${className}`}
    >
      {label ? (
        <>
          <svg className="size-5 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
            <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.3" strokeWidth="4" />
            <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
          </svg>
          <span>{label}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
