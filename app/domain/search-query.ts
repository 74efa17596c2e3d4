/**
 * The search URL helpers the pages' scripts need: sort names and labels, the query string of a
 * search and the filter count. Kept apart from the parsers in directory-search.ts (which re-exports
 * them) so the browser bundle of the search pages carries no zod schemas and no validators.
 */
import { PAGE_SIZE_DEFAULT } from "./paging";

/** The three sorts of every public list (staff search, feeds): the API's `sort` values. */
export const LIST_SORTS = ["new", "popular", "matching"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/**
 * The one name of each sort, on every page that offers it (the staff search, the feeds, the
 * header's search): docs/product.md "Find". The API values stay `new`/`popular`/`matching`.
 */
export const SORT_LABELS: Readonly<Record<ListSort, string>> = {
  new: "新着順",
  popular: "人気順",
  matching: "相性が良い順",
};

/**
 * The query string of a search (the inverse of the parsers): lists comma-joined, defaults and
 * empty values left out, names in a stable order, so equal searches give equal URLs.
 */
export function searchQueryString(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(name, value.join(","));
      continue;
    }
    if (name === "page" && value === 1) continue;
    if (name === "pageSize" && value === PAGE_SIZE_DEFAULT) continue;
    if (name === "sort" && value === "new") continue;
    params.set(name, String(value));
  }
  return params.toString();
}

/** True when any filter (not paging, not sort) is set. */
export function hasFilters(search: Record<string, unknown>): boolean {
  return Object.entries(search).some(
    ([name, value]) =>
      !["page", "pageSize", "sort"].includes(name) &&
      value !== undefined &&
      value !== "" &&
      !(Array.isArray(value) && value.length === 0),
  );
}

/** How many filters a search sets (a list counts once), for "3件指定中". */
export function countFilters(search: Record<string, unknown>): number {
  return Object.entries(search).filter(([name, value]) => hasFilters({ [name]: value })).length;
}
