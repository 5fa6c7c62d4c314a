/**
 * The page numbers the selector shows: at most `size` consecutive pages, starting from the page
 * just before the current one (so the previous page is one click away) and shifted back when the
 * end is near, so the window stays full.
 * pageWindow(5, 10) → [4, 5, 6, 7]; pageWindow(1, 10) → [1, 2, 3, 4]; pageWindow(10, 10) → [7, 8, 9, 10].
 */
export function pageWindow(current: number, total: number, size = 4): number[] {
  if (total < 1 || size < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), total);
  const end = Math.min(total, Math.max(1, page - 1) + size - 1);
  const start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** The number of pages of a list: ceil(count / limit), at least 1. */
export function pageCount(count: number, limit: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, limit)));
}

/** The page number of a URL's `page` parameter: a positive integer, else 1. */
export function pageOfSearch(search: URLSearchParams): number {
  const value = search.get('page') ?? '';
  return /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : 1;
}

/** The query string of `search` with its page set to `page` (page 1 has no parameter). */
export function searchWithPage(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const text = next.toString();
  return text ? `?${text}` : '';
}
