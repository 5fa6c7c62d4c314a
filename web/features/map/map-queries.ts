import { queryOptions } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import type { MapPointsT, MapTilesT } from '../../../common/api';
import type { Lang } from '../../../common/languages';
import { getJson } from '../../api/client';
import { decodeMapPoints } from './map-data';

/** Every point of the map in one call (DESIGN.md section 3), decoded once per language. */
export const mapPointsQuery = (api: AxiosInstance, lang: Lang) =>
  queryOptions({
    queryKey: ['map', 'points', lang],
    queryFn: async () => decodeMapPoints(await getJson<MapPointsT>(api, '/api/map/points/', lang)),
  });

/** The tile URL and attribution alone, for the small maps of detail pages. */
export const mapConfigQuery = (api: AxiosInstance) =>
  queryOptions({
    queryKey: ['map', 'config'],
    queryFn: () => getJson<{ tiles: MapTilesT }>(api, '/api/map/config/', 'ru'),
    staleTime: Number.POSITIVE_INFINITY,
  });
