import { queryOptions } from '@tanstack/react-query';
import type { TripAnswerT } from '../../../common/api';
import type { Lang } from '../../../common/languages';
import type { ApiClient } from '../../api/client';

/**
 * What the plan shows of its items (/api/trip/), asked in a fixed order so that moving an item
 * within the plan asks nothing again; none asked for, nothing fetched.
 */
export const tripQuery = (api: ApiClient, lang: Lang, keys: readonly string[]) => {
  const items = [...keys].sort().join(',');
  return queryOptions({
    queryKey: ['trip', items, lang],
    queryFn: (): Promise<TripAnswerT> =>
      items ? api.read.trip(lang, { items }) : Promise.resolve({ items: [], missing: [] }),
  });
};

/**
 * The plan's items as last answered, kept in the browser beside the plan (the service worker never
 * keeps API answers): with no network, the plan still shows its places' names, addresses, hours and
 * distances. One language at a time, only the items of the plan.
 */
const keptKey = 'portal-trip-items-v1';

export function keepTripItems(lang: Lang, answer: TripAnswerT): void {
  try {
    window.localStorage.setItem(keptKey, JSON.stringify({ lang, items: answer.items }));
  } catch {
    // a full or blocked storage: the plan works online as before
  }
}

/** The kept items of these keys in this language, or null when none are kept. */
export function keptTripItems(lang: Lang, keys: readonly string[]): TripAnswerT | null {
  try {
    const kept = JSON.parse(window.localStorage.getItem(keptKey) ?? 'null') as {
      lang?: unknown;
      items?: TripAnswerT['items'];
    } | null;
    if (!kept || kept.lang !== lang || !Array.isArray(kept.items)) return null;
    const wanted = new Set(keys);
    const items = kept.items.filter((i) => wanted.has(i.key));
    return items.length ? { items, missing: [] } : null;
  } catch {
    return null;
  }
}
