import { queryOptions } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import type { Lang } from '../../../common/languages';
import { getJson } from '../../api/client';
import { type DetailItem, type DetailSection, detailConfig } from './detail-config';

/** One item of a section, from its detail endpoint (/api/<section>/<id>/). */
export const detailQuery = <S extends DetailSection>(
  api: AxiosInstance,
  lang: Lang,
  section: S,
  id: number,
) =>
  queryOptions({
    queryKey: ['detail', section, id, lang],
    queryFn: () => getJson<DetailItem[S]>(api, detailConfig[section].path(id), lang),
  });
