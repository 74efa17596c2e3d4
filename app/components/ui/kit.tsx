import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";

/**
 * The building blocks of the back-office pages (`/liver/mypage/…`, `/staff/mypage/…`): a page
 * heading, white cards for sections, a flash message after a saved form, empty states.
 */

export function PageHeader({
  title,
  lead,
  actions,
  back,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  /** A link above the title back to the parent page. */
  back?: { to: string; label: string };
}) {
  return (
    <header className="mb-5">
      {back ? (
        <Link
          to={back.to}
          className="mb-2 inline-flex min-h-11 items-center gap-1 text-brand-700 text-sm hover:underline"
        >
          <span aria-hidden="true">‹</span>
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-bold text-xl wide:text-2xl">{title}</h1>
          {lead ? <div className="mt-1 text-slate-600 text-sm leading-relaxed">{lead}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}

export function Card({
  title,
  lead,
  actions,
  children,
  id,
  className = "",
  testId,
}: {
  title?: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
  className?: string;
  testId?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 ${className}`}
      data-testid={testId}
    >
      {title ? (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="font-bold text-lg">
              {title}
            </h2>
            {lead ? <div className="mt-1 text-slate-600 text-sm leading-relaxed">{lead}</div> : null}
          </div>
          {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/**
 * What a saved form says, fixed at the bottom of the screen so it is seen wherever the page was
 * scrolled to; it fades after a few seconds once JavaScript runs (without it, it stays).
 */
export function FlashMessage({
  message,
  tone = "success",
}: {
  message: string | null;
  tone?: "success" | "error";
}) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    if (!message) return;
    const timer = setTimeout(() => setVisible(false), 5000);
    return () => clearTimeout(timer);
  }, [message]);
  if (!message || !visible) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <p
        role={tone === "error" ? "alert" : "status"}
        className={`pointer-events-auto max-w-md rounded-xl px-4 py-3 font-bold text-sm text-white shadow-lg ${tone === "error" ? "bg-red-700" : "bg-emerald-700"}`}
        data-testid="flash-message"
      >
        {message}
      </p>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border-2 border-slate-200 border-dashed px-4 py-8 text-center">
      <p className="font-bold text-slate-700">{title}</p>
      {children ? <div className="mt-2 text-slate-500 text-sm leading-relaxed">{children}</div> : null}
    </div>
  );
}

const BADGE_TONES = {
  green: "bg-emerald-100 text-emerald-800",
  gray: "bg-slate-200 text-slate-700",
  red: "bg-red-100 text-red-800",
  amber: "bg-amber-100 text-amber-800",
  brand: "bg-brand-100 text-brand-700",
} as const;

export function Badge({ tone, children }: { tone: keyof typeof BADGE_TONES; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 font-bold text-xs ${BADGE_TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** A link that looks like a button (primary or secondary), at least 44 px tall. */
export function ButtonLink({
  to,
  children,
  variant = "primary",
  className = "",
}: {
  to: string;
  children: ReactNode;
  variant?: "primary" | "secondary";
  className?: string;
}) {
  const look =
    variant === "primary"
      ? "bg-brand-600 text-white shadow hover:bg-brand-700"
      : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50";
  return (
    <Link
      to={to}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 font-bold text-sm ${look} ${className}`}
    >
      {children}
    </Link>
  );
}

/** A small button of a row (move, toggle, delete), 44 px tall. */
const SMALL_BUTTON_BASE =
  "inline-flex min-h-11 min-w-11 items-center justify-center whitespace-nowrap rounded-lg border border-slate-300 bg-white font-bold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";
export const SMALL_BUTTON = `${SMALL_BUTTON_BASE} px-3 text-sm`;
/** The same, narrower: for buttons in a tight grid (the picture cards). */
export const TIGHT_BUTTON = `${SMALL_BUTTON_BASE} w-full px-1 text-xs`;

/** `?done=<key>` of the current URL as a message of `messages`, or null. */
export function doneMessage<K extends string>(
  done: string | null | undefined,
  messages: Readonly<Record<K, string>>,
): string | null {
  return done && Object.hasOwn(messages, done) ? messages[done as K] : null;
}

/** Steps to complete a listing, each a link; the done ones are ticked and struck through. */
export function Checklist({ items }: { items: readonly { done: boolean; label: string; to: string }[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item.label}>
          <Link
            to={item.to}
            className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200 hover:bg-slate-50"
          >
            <span
              aria-hidden="true"
              className={`flex size-6 shrink-0 items-center justify-center rounded-full font-bold text-xs ${item.done ? "bg-emerald-600 text-white" : "border-2 border-slate-300"}`}
            >
              {item.done ? "✓" : ""}
            </span>
            <span className={item.done ? "text-slate-500 line-through" : "font-bold"}>{item.label}</span>
            <span className="sr-only">{item.done ? "（完了）" : "（未完了）"}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The sections of a mypage area as large tiles (the dashboards' menu). */
export function SectionLinks({
  label,
  sections,
  className = "sm:grid-cols-2",
}: {
  label: string;
  sections: readonly { to: string; title: string; body: string }[];
  className?: string;
}) {
  return (
    <nav aria-label={label} className={`grid gap-3 ${className}`}>
      {sections.map((section) => (
        <Link
          key={section.to}
          to={section.to}
          className="group flex min-h-20 flex-col justify-center rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-500"
        >
          <span className="font-bold group-hover:text-brand-700">
            {section.title}
            <span aria-hidden="true" className="ml-1 text-brand-600">
              ›
            </span>
          </span>
          <span className="mt-1 text-slate-500 text-xs">{section.body}</span>
        </Link>
      ))}
    </nav>
  );
}
