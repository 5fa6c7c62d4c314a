import { expose } from 'comlink';
import type { MapPointsT } from '../../../common/api';
import type { Lang } from '../../../common/languages';
import type { MapFilter, MapViewRequest } from '../../lib/map/map-data';
import { MapIndex } from './map-index';

// The map page's Web Worker: it fetches, decodes, filters and clusters the points, so that the
// page's thread only draws the markers of the view and the list. The page calls these functions
// through comlink (use-map-index.ts); each call is answered in the order it was made.

let index: MapIndex | null = null;

function loaded(): MapIndex {
  if (!index) throw new Error('the map points are not loaded');
  return index;
}

const api = {
  /** Fetches the points in a language (the API answers in the Accept-Language one). */
  async load(lang: Lang): Promise<{ size: number }> {
    const response = await fetch('/api/map/points/', {
      headers: { Accept: 'application/json', 'Accept-Language': lang },
    });
    if (!response.ok) throw new Error(`GET /api/map/points/ failed with status ${response.status}`);
    index = new MapIndex((await response.json()) as MapPointsT);
    return { size: index.size };
  },
  filter: (filter: MapFilter) => loaded().setFilter(filter),
  view: (request: MapViewRequest) => loaded().view(request),
  search: (query: string, limit?: number) => loaded().search(query, limit),
  select: (key: string) => loaded().select(key),
};

export type MapWorkerApi = typeof api;

expose(api);
