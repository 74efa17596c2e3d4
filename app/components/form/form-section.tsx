import type { ReactNode } from "react";

/** A titled group of fields in a long form (店舗情報, ご連絡先, …): a fieldset with a marked legend. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-5">
      <legend className="mb-4 w-full border-brand-500 border-l-4 pl-2 font-bold text-base text-slate-900">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}
