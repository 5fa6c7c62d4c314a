import { isoDateOf, isoMomentOf, readDateRange } from '../../../common/date-presets';
import { type PracticalFilter, practicalFilters } from '../../../common/sections';
import type { ListParams } from '../../api/queries';
import { pageOfSearch } from '../../components/pagination/page-window';
import { repeatedGroups, type Selection, selectionQuery } from './filter-model';

// Everything a visitor chose on a list page lives in its URL, in the API's own encoding
// (`?district__in=3,5&way_to_travel=1&way_to_travel=2&search=...&page=2`): a reload or a shared
// link shows the same list. See docs/decisions/004-list-state-in-the-url.md.

/** What a list page shows: the selected filter ids, the search words, the dates and the page. */
export interface ListState {
  filters: Selection;
  /** The practical filters switched on (`?free=true`), in the section's order. */
  practical: PracticalFilter[];
  search: string;
  /** Events only: YYYY-MM-DD bounds ('' when not set). */
  dateFrom: string;
  dateTo: string;
  /** Events only: the archive of events that are over (`?past=true`) instead of those to come. */
  past: boolean;
  /**
   * Beside "open now": the day (YYYY-MM-DD) or moment (YYYY-MM-DDTHH:MM) of the region's clock the
   * places must be open at (`?open_at=`), '' for none.
   */
  openAt: string;
  page: number;
}

/** What a section's URL may carry. */
export interface StateShape {
  /** Filter group ids, in the order they appear in the URL. */
  groups: readonly string[];
  /** Its practical filters. */
  practical: readonly PracticalFilter[];
  search: boolean;
  dateRange: boolean;
}

/**
 * The entry parameters `?tourism_type=<id>` and `?district=<id>`: what links from elsewhere and the
 * home page's search by hobbies (without JavaScript) send. `entryRedirect` turns them into filters.
 */
export const entryParams = ['tourism_type', 'district'] as const;

/**
 * The open-at fields of the filter form without JavaScript (a date input and a time select):
 * `entryRedirect` joins them into `?open_at=`.
 */
export const openAtFields = ['open_date', 'open_time'] as const;

/** Whether a list offers "open at" (where it has "open now"). */
export const hasOpenAt = (shape: Pick<StateShape, 'practical'>) => shape.practical.includes('open_now');

export const MAX_SEARCH = 200;
const MAX_IDS = 100;
const idPattern = /^[1-9][0-9]{0,8}$/;

export const emptyState: ListState = {
  filters: {},
  practical: [],
  search: '',
  dateFrom: '',
  dateTo: '',
  past: false,
  openAt: '',
  page: 1,
};

/** Positive integer ids of comma-separated values: sorted, without duplicates, bad ones dropped. */
function idsOf(values: readonly string[]): number[] {
  const ids = new Set<number>();
  for (const value of values) {
    for (const part of value.split(',')) {
      const text = part.trim();
      if (idPattern.test(text)) ids.add(Number(text));
    }
  }
  return [...ids].sort((a, b) => a - b).slice(0, MAX_IDS);
}

/** The filter key of a group in the URL and the API: `way_to_travel` or `{group}__in`. */
export const groupKey = (group: string) => (repeatedGroups.has(group) ? group : `${group}__in`);

/** Reads a list's state from its URL; what the section does not have is ignored. */
export function parseListState(search: URLSearchParams, shape: StateShape): ListState {
  const filters: Selection = {};
  for (const group of shape.groups) {
    const ids = idsOf(search.getAll(groupKey(group)));
    if (ids.length) filters[group] = ids;
  }
  // The dates the API accepts; the page says what it changed (web/components/dates/date-range-note.tsx).
  const { dateFrom, dateTo } = shape.dateRange
    ? readDateRange(search.get('date_from'), search.get('date_to'))
    : { dateFrom: '', dateTo: '' };
  return {
    filters,
    practical: shape.practical.filter((f) => search.get(f) === 'true'),
    search: shape.search ? (search.get('search') ?? '').trim().slice(0, MAX_SEARCH) : '',
    dateFrom,
    dateTo,
    past: shape.dateRange && search.get('past') === 'true',
    openAt: hasOpenAt(shape) ? isoMomentOf(search.get('open_at')) : '',
    page: pageOfSearch(search),
  };
}

/**
 * Whether a URL parameter is list state (rewritten from the state, or dropped when the section
 * has no such filter); other parameters, such as `lng`, are kept as they are.
 */
function isOwnKey(key: string): boolean {
  return (
    key.endsWith('__in') ||
    [
      'way_to_travel',
      ...entryParams,
      ...practicalFilters,
      'open_at',
      ...openAtFields,
      'search',
      'date_from',
      'date_to',
      'past',
      'page',
    ].includes(key)
  );
}

/**
 * The query string ('' or '?...') of a state: filters in the section's group order, then search,
 * dates and page (page 1 is left out); parameters the list does not own come last, unchanged.
 */
export function listSearch(state: ListState, shape: StateShape, keep?: URLSearchParams): string {
  const ordered: Selection = {};
  for (const group of shape.groups) {
    const ids = state.filters[group];
    if (ids?.length) ordered[group] = ids;
  }
  const parts: string[] = [];
  const filters = selectionQuery(ordered);
  if (filters) parts.push(filters);
  const rest = new URLSearchParams();
  for (const f of shape.practical) if (state.practical.includes(f)) rest.set(f, 'true');
  if (hasOpenAt(shape) && state.openAt) rest.set('open_at', state.openAt);
  if (shape.search && state.search.trim()) rest.set('search', state.search.trim());
  if (shape.dateRange && state.dateFrom) rest.set('date_from', state.dateFrom);
  if (shape.dateRange && state.dateTo) rest.set('date_to', state.dateTo);
  if (shape.dateRange && state.past) rest.set('past', 'true');
  if (state.page > 1) rest.set('page', String(state.page));
  for (const [key, value] of keep ?? []) if (!isOwnKey(key)) rest.append(key, value);
  // `11:00` reads better than `11%3A00` and a query may carry a colon as it is (RFC 3986)
  const tail = rest
    .toString()
    .replace(/(^|&)open_at=([^&]*)/, (_, a: string, v: string) => `${a}open_at=${v.replace('%3A', ':')}`);
  if (tail) parts.push(tail);
  const text = parts.join('&');
  return text ? `?${text}` : '';
}

/**
 * The hidden fields of the filter form, which also works without JavaScript (a GET of the list
 * URL): the search words, the archive switch and the parameters the list does not own, so that
 * they survive it.
 */
export function keptFields(state: ListState, shape: StateShape, params: URLSearchParams): [string, string][] {
  const fields: [string, string][] = [];
  if (shape.search && state.search) fields.push(['search', state.search]);
  // The filters of the events archive filter the archive.
  if (shape.dateRange && state.past) fields.push(['past', 'true']);
  // The language is the form's own field (LangField): the page's, which the URL may not name.
  for (const [key, value] of params) if (!isOwnKey(key) && key !== 'lng') fields.push([key, value]);
  // One field per distinct pair (they are keyed by it).
  return [...new Map(fields.map((field) => [field.join('='), field])).values()];
}

/**
 * The entry rule: `tourism_type` and `district` become pre-selected filters and
 * leave the query string. Returns the URL (path and query) to redirect to, or null when the URL
 * has no entry parameter. The rest of the state in the URL is kept; the page starts again at 1.
 */
export function entryRedirect(url: URL, shape: StateShape): string | null {
  const openForm = hasOpenAt(shape) && openAtFields.some((key) => url.searchParams.has(key));
  if (!entryParams.some((key) => url.searchParams.has(key)) && !openForm) return null;
  const parsed = parseListState(url.searchParams, shape);
  const state = openForm ? { ...parsed, openAt: openAtOfForm(url.searchParams) } : parsed;
  const filters: Selection = { ...state.filters };
  for (const key of entryParams) {
    if (!shape.groups.includes(key)) continue;
    const ids = idsOf([...(filters[key] ?? []).map(String), ...url.searchParams.getAll(key)]);
    if (ids.length) filters[key] = ids;
  }
  return `${url.pathname}${listSearch({ ...state, filters, page: 1 }, shape, url.searchParams)}`;
}

/**
 * The open-at form's choice (`open_date=2026-12-05&open_time=11:00`) as `open_at`: a day and
 * time, or the day alone when no time (or no time of a day) is chosen; '' without a date.
 */
export function openAtOfForm(params: URLSearchParams): string {
  const date = isoDateOf(params.get('open_date'));
  if (!date) return '';
  return isoMomentOf(`${date}T${params.get('open_time') ?? ''}`) || date;
}

/** The list endpoint's query of a state (limit and offset are added by the caller). */
export function apiFilterParams(state: ListState, shape: StateShape): ListParams {
  const params: ListParams = {};
  for (const group of shape.groups) {
    const ids = state.filters[group];
    if (!ids?.length) continue;
    if (repeatedGroups.has(group)) params[group] = ids;
    else params[`${group}__in`] = ids.join(',');
  }
  for (const f of shape.practical) if (state.practical.includes(f)) params[f] = 'true';
  if (state.search) params.search = state.search;
  if (state.dateFrom) params.date_from = state.dateFrom;
  if (state.dateTo) params.date_to = state.dateTo;
  if (state.past) params.past = 'true';
  if (hasOpenAt(shape) && state.openAt) params.open_at = state.openAt;
  return params;
}

/** The filter part of a state's URL query (what the filter model compares against). */
export function stateFilterQuery(state: ListState, shape: StateShape): string {
  const ordered: Selection = {};
  for (const group of shape.groups) if (state.filters[group]?.length) ordered[group] = state.filters[group];
  return selectionQuery(ordered);
}

/** Whether the visitor narrowed the list (anything a reset would clear). */
export function isNarrowed(state: ListState): boolean {
  return (
    Object.values(state.filters).some((ids) => ids.length > 0) ||
    state.practical.length > 0 ||
    Boolean(state.search || state.dateFrom || state.dateTo || state.openAt)
  );
}

/** The practical filters with one switched on or off. */
export function togglePractical(on: readonly PracticalFilter[], filter: PracticalFilter): PracticalFilter[] {
  return on.includes(filter) ? on.filter((f) => f !== filter) : [...on, filter];
}
