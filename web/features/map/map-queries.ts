import { queryOptions } from '@tanstack/react-query';
import type { MapPointsT, MapTilesT } from '../../../common/api';
import type { Lang } from '../../../common/languages';
import type { ApiClient } from '../../api/client';
import { decodeMapPoints } from './map-data';

/**
 * Every point of the map in one call, decoded once per language: the map page filters them in the
 * browser, so a change of its layers or filters fetches nothing.
 */
export const mapPointsQuery = (api: ApiClient, lang: Lang) =>
  queryOptions({
    queryKey: ['map', 'points', lang],
    queryFn: async () => decodeMapPoints(await api.get<MapPointsT>('/api/map/points/', lang)),
  });

/** The tile URL and attribution alone, for the small maps of detail pages. */
export const mapConfigQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['map', 'config'],
    queryFn: () => api.get<{ tiles: MapTilesT }>('/api/map/config/', 'ru'),
    staleTime: Number.POSITIVE_INFINITY,
  });
