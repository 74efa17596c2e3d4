/**
 * Paging of search results: 1-based pages, "from-to/total" indicators and the per-store staff
 * fetch limit.
 */

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

/** A non-negative integer from a number or a numeric string (full-width digits and whitespace allowed), else null. */
function toCount(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? Math.floor(value) : null;
  if (typeof value !== "string") return null;
  const s = value.normalize("NFKC").trim();
  return /^\d{1,15}$/.test(s) ? Number(s) : null;
}

/** A page size from user input: 1–PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT when absent or invalid. */
export function clampPageSize(value: unknown): number {
  const n = toCount(value);
  if (n === null || n < 1) return PAGE_SIZE_DEFAULT;
  return Math.min(n, PAGE_SIZE_MAX);
}

/** The number of pages for `total` items (0 when there are none). */
export function totalPages(total: number, pageSize: number = PAGE_SIZE_DEFAULT): number {
  const count = Math.max(0, toCount(total) ?? 0);
  return Math.ceil(count / clampPageSize(pageSize));
}

/**
 * A page number from user input ("3", 3, "３"), clamped to 1…max(1, pages); 1 when absent or
 * not a number. With `pages` omitted only the lower bound applies.
 */
export function clampPage(page: unknown, pages: number = Number.POSITIVE_INFINITY): number {
  const n = toCount(page);
  const last = Math.max(1, Number.isNaN(pages) ? 1 : Math.floor(pages));
  if (n === null || n < 1) return 1;
  return Math.min(n, last);
}

export interface PageIndicator {
  from: number;
  to: number;
  total: number;
  /** "from-to/total", e.g. "1-10/37"; "0-0/0" when there is nothing. */
  text: string;
}

/**
 * The range shown on `page`: from = (page − 1) × pageSize + 1, to = min(page × pageSize, total).
 * The page is clamped to the existing pages first, so a page past the end shows the last page.
 */
export function pageIndicator({
  page,
  pageSize = PAGE_SIZE_DEFAULT,
  total,
}: {
  page: number;
  pageSize?: number;
  total: number;
}): PageIndicator {
  const count = Math.max(0, toCount(total) ?? 0);
  const size = clampPageSize(pageSize);
  if (count === 0) return { from: 0, to: 0, total: 0, text: "0-0/0" };
  const current = clampPage(page, totalPages(count, size));
  const from = (current - 1) * size + 1;
  const to = Math.min(current * size, count);
  return { from, to, total: count, text: `${from}-${to}/${count}` };
}

/**
 * How many staff to fetch per store when listing `pages` pages: 10 × (3 when pages ≤ 2, else
 * pages + 1). `pages` below 1 or not a number counts as 1.
 */
export function staffFetchLimit(pages: number): number {
  const n = Number.isFinite(pages) ? Math.max(1, Math.floor(pages)) : 1;
  return 10 * (n <= 2 ? 3 : n + 1);
}
