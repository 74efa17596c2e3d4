import { Form } from "react-router";
import { STORE_TYPES } from "~/domain/options";
import { LIST_SORTS, SORT_LABELS } from "~/domain/search-query";
import { AreaPicker } from "../form/area-picker";

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
    <Form
      method="get"
      action="/search/liver"
      className="space-y-4"
      role="search"
      aria-label="お店を探す"
      onSubmit={onSubmit}
    >
      <div>
        <label htmlFor={`${idPrefix}-keyword`} className="mb-1 block font-bold text-sm">
          店名・キーワード
        </label>
        <input
          id={`${idPrefix}-keyword`}
          name="keyword"
          type="search"
          enterKeyHint="search"
          placeholder="例：ガールズバー ミナミ"
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
        />
      </div>
      {withArea && <AreaPicker idPrefix={idPrefix} legend="地域" className="[&_legend]:text-sm" />}
      <div>
        <label htmlFor={`${idPrefix}-store-type`} className="mb-1 block font-bold text-sm">
          業種
        </label>
        <select
          id={`${idPrefix}-store-type`}
          name="store_type"
          defaultValue=""
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
        >
          <option value="">すべての業種</option>
          {STORE_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </select>
      </div>
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
 * Name (+ sort), the entry to performer search in the header's modal: lands on /search/staff with
 * the same parameters its filter panel sends.
 */
export function StaffQuickSearchForm({ idPrefix, onSubmit }: { idPrefix: string; onSubmit?: () => void }) {
  return (
    <Form
      method="get"
      action="/search/staff"
      className="space-y-4"
      role="search"
      aria-label="キャストを探す"
      onSubmit={onSubmit}
    >
      <div>
        <label htmlFor={`${idPrefix}-keyword`} className="mb-1 block font-bold text-sm">
          名前・よみがな
        </label>
        <input
          id={`${idPrefix}-keyword`}
          name="keyword"
          type="search"
          enterKeyHint="search"
          placeholder="例：みさき"
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-sort`} className="mb-1 block font-bold text-sm">
          並び順
        </label>
        <select
          id={`${idPrefix}-sort`}
          name="sort"
          defaultValue="new"
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
        >
          {LIST_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="w-full rounded-full bg-brand-600 px-4 py-3 font-bold text-white shadow hover:bg-brand-700"
      >
        この条件で探す
      </button>
    </Form>
  );
}
