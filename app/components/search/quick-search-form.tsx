import type { ComponentProps, ReactNode } from "react";
import { Form } from "react-router";
import { STORE_TYPES } from "~/domain/option-basics";
import { LIST_SORTS, SORT_LABELS } from "~/domain/search-query";
import { AreaPicker } from "../form/area-picker";

const FIELD_CLASS = "w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base";

/** One select of a quick search: its label above it. */
function QuickSelect({
  id,
  label,
  children,
  ...select
}: ComponentProps<"select"> & { id: string; label: string }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-bold text-sm">
        {label}
      </label>
      <select id={id} className={FIELD_CLASS} {...select}>
        {children}
      </select>
    </div>
  );
}

/** The shell both quick searches share: a GET form, its keyword field first, its button last. */
function QuickForm({
  action,
  name,
  idPrefix,
  keyword,
  onSubmit,
  children,
}: {
  action: string;
  /** The search landmark's name. */
  name: string;
  idPrefix: string;
  keyword: { label: string; placeholder: string };
  onSubmit?: () => void;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      action={action}
      className="space-y-4"
      role="search"
      aria-label={name}
      onSubmit={onSubmit}
    >
      <div>
        <label htmlFor={`${idPrefix}-keyword`} className="mb-1 block font-bold text-sm">
          {keyword.label}
        </label>
        <input
          id={`${idPrefix}-keyword`}
          name="keyword"
          type="search"
          enterKeyHint="search"
          placeholder={keyword.placeholder}
          className={FIELD_CLASS}
        />
      </div>
      {children}
      <button
        type="submit"
        className="w-full rounded-full bg-brand-600 px-4 py-3 font-bold text-white shadow hover:bg-brand-700"
      >
        この条件で探す
      </button>
    </Form>
  );
}

/**
 * Keyword (+ area) + store type, the entry to store search: in the header modal (without the
 * area) and on the top page (with the cascading area picker).
 */
export function QuickSearchForm({
  idPrefix,
  withArea = false,
  onSubmit,
}: {
  idPrefix: string;
  withArea?: boolean;
  /** Called as the search starts (the header's modal closes then). */
  onSubmit?: () => void;
}) {
  return (
    <QuickForm
      action="/search/liver"
      name="お店を探す"
      idPrefix={idPrefix}
      keyword={{ label: "店名・キーワード", placeholder: "例：ガールズバー ミナミ" }}
      onSubmit={onSubmit}
    >
      {withArea && <AreaPicker idPrefix={idPrefix} legend="地域" className="[&_legend]:text-sm" />}
      <QuickSelect id={`${idPrefix}-store-type`} label="業種" name="store_type" defaultValue="">
        <option value="">すべての業種</option>
        {STORE_TYPES.map((type) => (
          <option key={type.value} value={type.value}>
            {type.label}
          </option>
        ))}
      </QuickSelect>
    </QuickForm>
  );
}

/**
 * Name (+ sort), the entry to performer search in the header's modal: lands on /search/staff with
 * the same parameters its filter panel sends.
 */
export function StaffQuickSearchForm({ idPrefix, onSubmit }: { idPrefix: string; onSubmit?: () => void }) {
  return (
    <QuickForm
      action="/search/staff"
      name="キャストを探す"
      idPrefix={idPrefix}
      keyword={{ label: "名前・よみがな", placeholder: "例：みさき" }}
      onSubmit={onSubmit}
    >
      <QuickSelect id={`${idPrefix}-sort`} label="並び順" name="sort" defaultValue="new">
        {LIST_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </QuickSelect>
    </QuickForm>
  );
}
