import { HydrationBoundary, keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useLoaderData, useSearchParams } from 'react-router';
import { queries } from '../api/queries';
import styles from '../features/directions/directions-page.module.css';
import { DistrictCard } from '../features/directions/district-card';
import { DistrictSelect } from '../features/directions/district-select';
import { DistrictSwitcher } from '../features/directions/district-switcher';
import { DistrictTabs } from '../features/directions/district-tabs';
import { FooterContent } from '../features/directions/footer-content';
import { districtPanelId, districtTabId } from '../features/directions/ids';
import { withParam } from '../features/directions/search-param';
import { useApi } from '../lib/api-context';
import { pageMeta } from '../lib/meta';
import { type RouteData, routeData } from '../lib/route-data';
import { useTranslation } from '../lib/translation';

const data = routeData(
  ({ api, lang }) => [queries.directions(api, lang), queries.footerContent(api, lang)],
  (_, t) => ({ title: t('directions:title'), description: t('directions:description') }),
  ['directions'],
);
export const loader = data.loader;
export const clientLoader = data.clientLoader;
export const meta = pageMeta;

/** The district in ?district=<id>, if it is a valid id. */
function districtOfSearch(search: URLSearchParams): number | null {
  const value = search.get('district') ?? '';
  return /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : null;
}

function DirectionsPage() {
  const { t } = useTranslation('directions');
  const { api, lang } = useApi();
  const [search] = useSearchParams();
  const panel = useRef<HTMLDivElement>(null);
  const { data: directions } = useQuery({
    ...queries.directions(api, lang),
    placeholderData: keepPreviousData,
  });
  if (!directions) return null;
  const wanted = districtOfSearch(search);
  const chosen = directions.find((d) => d.id === wanted) ?? null;
  const selected = chosen ?? directions[0];
  const options = directions.map((d) => ({ id: d.id, name: d.name }));
  const scrollToCard = () => {
    const element = panel.current;
    if (element && element.getBoundingClientRect().top < 0) element.scrollIntoView({ block: 'start' });
  };
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      <DistrictTabs districts={options} selected={selected?.id ?? 0} />
      <DistrictSelect districts={options} selected={selected?.id ?? null} />
      {selected ? (
        <div
          ref={panel}
          id={districtPanelId}
          role="tabpanel"
          aria-labelledby={districtTabId(selected.id)}
          className={styles.panel}
        >
          <DistrictCard
            direction={selected}
            detailLink
            priority
            footer={
              <DistrictSwitcher
                districts={options}
                current={selected.id}
                href={(id) => withParam(search, 'district', id)}
                replace
                onSwitch={scrollToCard}
              />
            }
          />
        </div>
      ) : (
        <p>{t('empty')}</p>
      )}
      <FooterContent />
    </div>
  );
}

export default function Directions() {
  const { dehydratedState } = useLoaderData<RouteData>();
  return (
    <HydrationBoundary state={dehydratedState}>
      <DirectionsPage />
    </HydrationBoundary>
  );
}
