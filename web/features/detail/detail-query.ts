import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '../../../common/languages';
import type { ApiClient } from '../../api/client';
import { type DetailItem, type DetailSection, detailConfig } from './detail-config';

/** One item of a section, from its detail endpoint (/api/<section>/<id>/). */
export const detailQuery = <S extends DetailSection>(api: ApiClient, lang: Lang, section: S, id: number) =>
  queryOptions({
    queryKey: ['detail', section, id, lang],
    queryFn: () => api.get<DetailItem[S]>(detailConfig[section].path(id), lang),
  });
