import { useQuery } from '@tanstack/react-query';
import { queries } from '../../api/queries';
import { useApi } from '../../lib/api-context';
import { useTranslation } from '../../lib/translation';
import { districtShapes } from './shapes';

/** Direction id → district name in the current language (the nav list the root loader prefetched). */
export function useDistrictNames(): Map<number, string> {
  const { api, lang } = useApi();
  const { t } = useTranslation('region-map');
  const { data } = useQuery(queries.navList(api, lang));
  const fromApi = new Map(data?.map((d) => [d.id, d.name]));
  return new Map(districtShapes.map((s) => [s.id, fromApi.get(s.id) ?? t(`short.${s.key}`)]));
}
