import type { ReactNode } from "react";

/** Building blocks of the service introductions (/service/listener, /service/liver). */

export function ServiceSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-bold text-lg">
        {title}
      </h2>
      {lead ? <p className="mt-1 text-slate-600 text-sm">{lead}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** What a side gets, as a grid of cards (two columns on tablets, three from 1024 px). */
export function FeatureCards({
  items,
  numbered = false,
}: {
  items: readonly { title: string; text: string }[];
  numbered?: boolean;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 wide:grid-cols-3">
      {items.map((item, index) => (
        <li key={item.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          {numbered ? (
            <p className="font-black text-brand-600 text-sm">{String(index + 1).padStart(2, "0")}</p>
          ) : null}
          <h3 className="mt-1 font-bold">{item.title}</h3>
          <p className="mt-2 text-slate-700 text-sm leading-relaxed">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** The numbered steps to get started, on the dark panel, with the calls to action under them. */
export function StepsPanel({
  id,
  title,
  steps,
  actions,
}: {
  id: string;
  title: string;
  steps: readonly { title?: string; text: string }[];
  actions: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-night-900 p-5 text-white wide:p-8">
      <h2 id={`${id}-title`} className="font-bold text-lg">
        {title}
      </h2>
      <ol
        className={`mt-4 grid gap-4 sm:grid-cols-2 ${steps.length > 3 ? "wide:grid-cols-4" : "wide:grid-cols-3"}`}
      >
        {steps.map((step, index) => (
          <li key={step.text} className="flex gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-sm">
              {index + 1}
            </span>
            <div>
              {step.title ? <h3 className="font-bold">{step.title}</h3> : null}
              <p
                className={`text-sm leading-relaxed ${step.title ? "mt-1 text-slate-300" : "text-slate-200"}`}
              >
                {step.text}
              </p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">{actions}</div>
    </section>
  );
}

/** A white box of plain bullet points (safety notes, listing conditions). */
export function NoteBox({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id={`${id}-title`} className="font-bold text-lg">
        {title}
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-slate-700 text-sm leading-relaxed">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
