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
      items
        ? api.get<TripAnswerT>('/api/trip/', lang, { items })
        : Promise.resolve({ items: [], missing: [] }),
  });
};
