import type { ReactNode } from "react";

/** A two-column list of facts (label → value); rows without a value are left out. */
export function InfoList({ rows }: { rows: readonly { label: string; value: ReactNode }[] }) {
  const shown = rows.filter((row) => row.value !== null && row.value !== undefined && row.value !== "");
  if (shown.length === 0) return null;
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {shown.map((row) => (
        <div key={row.label} className="grid grid-cols-[6.5rem_1fr] gap-3 py-2.5">
          <dt className="text-slate-500">{row.label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A white card section with a heading. */
export function PageSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section
      aria-labelledby={id ? `${id}-heading` : undefined}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id={id ? `${id}-heading` : undefined} className="mb-3 font-bold text-base">
        {title}
      </h2>
      {children}
    </section>
  );
}
