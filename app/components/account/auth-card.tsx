import type { ReactNode } from "react";

/** The card of the account pages (login, registration, reset): a centred column on every width. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
  wide = false,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Wider, for the long store registration form. */
  wide?: boolean;
}) {
  return (
    <div className={`mx-auto ${wide ? "max-w-2xl" : "max-w-md"} px-4 py-8`}>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="font-bold text-xl">{title}</h1>
        {lead && <div className="mt-2 text-slate-600 text-sm leading-relaxed">{lead}</div>}
        <div className="mt-6">{children}</div>
      </section>
      {footer && <div className="mt-6 space-y-2 text-center text-sm">{footer}</div>}
    </div>
  );
}

export function Notice({
  tone = "info",
  children,
}: {
  tone?: "info" | "success" | "error";
  children: ReactNode;
}) {
  const styles = {
    info: "bg-sky-50 text-sky-900 ring-sky-200",
    success: "bg-emerald-50 text-emerald-900 ring-emerald-200",
    error: "bg-red-50 text-red-800 ring-red-200",
  }[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`mb-5 rounded-lg p-3 text-sm ring-1 ${styles}`}
    >
      {children}
    </div>
  );
}
