import { useQuery } from '@tanstack/react-query';
import { type Remote, releaseProxy, wrap } from 'comlink';
import { startTransition, useCallback, useEffect, useState } from 'react';
import type { Lang } from '../../../common/languages';
import type {
  MapCounts,
  MapFilter,
  MapItem,
  MapSelection,
  MapViewAnswer,
  MapViewRequest,
} from '../../lib/map/map-data';
import type { MapWorkerApi } from './map-worker';

let workers = 0;

/** The map's Web Worker for as long as the page is shown. */
function useMapWorker() {
  const [worker, setWorker] = useState<{ id: number; api: Remote<MapWorkerApi> } | null>(null);
  useEffect(() => {
    const w = new Worker(new URL('./map-worker.ts', import.meta.url), { type: 'module', name: 'map' });
    const api = wrap<MapWorkerApi>(w);
    setWorker({ id: ++workers, api });
    return () => {
      api[releaseProxy]();
      w.terminate();
    };
  }, []);
  return worker;
}

export interface MapIndexState {
  /** The points are loaded (in the page's language). */
  ready: boolean;
  error: boolean;
  counts: MapCounts | null;
  /** What the current view shows; the previous view's until the new one is answered. */
  view: MapViewAnswer | null;
  search: (query: string) => Promise<MapItem[]>;
  select: (key: string) => Promise<MapSelection | null>;
}

/**
 * The points of the map, loaded, filtered and clustered in a Web Worker: the page's thread only
 * receives what the view shows. A change of filter or view is a message to the worker; answers
 * that come after a newer question are dropped.
 */
export function useMapIndex(
  lang: Lang,
  filter: MapFilter,
  view: Omit<MapViewRequest, 'limit'> | null,
  limit: number,
): MapIndexState {
  const worker = useMapWorker();
  const api = worker?.api;
  // Through the query client for its retries with backoff; the worker's id in the key: a new
  // worker (the page shown again) loads its own copy.
  const load = useQuery({
    queryKey: ['map', 'points', lang, worker?.id],
    queryFn: () => (api as Remote<MapWorkerApi>).load(lang),
    enabled: !!api,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  // Changes with every load (a language switch loads the points again).
  const loadedAt = load.isSuccess ? load.dataUpdatedAt : 0;

  const filterKey = JSON.stringify(filter);
  const [counts, setCounts] = useState<MapCounts | null>(null);
  useEffect(() => {
    if (!api || !loadedAt) return;
    let current = true;
    void api.filter(JSON.parse(filterKey) as MapFilter).then((c) => {
      if (current) startTransition(() => setCounts(c));
    });
    return () => {
      current = false;
    };
  }, [api, loadedAt, filterKey]);

  // Declared after the filter's effect: the worker answers in order, so a view asked in the same
  // commit is answered under the new filter.
  const viewKey = view ? JSON.stringify(view) : null;
  const [answer, setAnswer] = useState<MapViewAnswer | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter changes what the view shows
  useEffect(() => {
    if (!api || !loadedAt || !viewKey) return;
    let current = true;
    void api.view({ ...(JSON.parse(viewKey) as Omit<MapViewRequest, 'limit'>), limit }).then((a) => {
      // A transition: React renders the new list and markers in slices between other tasks.
      if (current) startTransition(() => setAnswer(a));
    });
    return () => {
      current = false;
    };
  }, [api, loadedAt, filterKey, viewKey, limit]);

  const search = useCallback(
    async (query: string) => (api && loadedAt ? api.search(query) : []),
    [api, loadedAt],
  );
  const select = useCallback(
    async (key: string) => (api && loadedAt ? api.select(key) : null),
    [api, loadedAt],
  );
  return { ready: loadedAt > 0, error: load.isError, counts, view: answer, search, select };
}
