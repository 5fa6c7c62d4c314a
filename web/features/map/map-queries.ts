import { queryOptions } from '@tanstack/react-query';
import type { MapTilesT } from '../../../common/api';
import type { ApiClient } from '../../api/client';

// The map page's points are loaded by its Web Worker (use-map-index.ts), not through here.

/** The tile URL and attribution alone, for the map page and the small maps of detail pages. */
export const mapConfigQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['map', 'config'],
    queryFn: () => api.get<{ tiles: MapTilesT }>('/api/map/config/', 'ru'),
    staleTime: Number.POSITIVE_INFINITY,
  });
