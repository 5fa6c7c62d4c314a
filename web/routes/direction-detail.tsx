import { HydrationBoundary, keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLoaderData, useParams, useSearchParams } from 'react-router';
import type { DirectionT } from '../../common/api';
import { queries } from '../api/queries';
import styles from '../features/directions/direction-detail-page.module.css';
import { DirectionTabBar, directionPanelId, directionTabId } from '../features/directions/direction-tab-bar';
import { DistrictCard } from '../features/directions/district-card';
import { DistrictSwitcher } from '../features/directions/district-switcher';
import { sectionOfTab, tabOfSearch } from '../features/directions/section-tabs';
import { pageOfSearch, useListTop } from '../features/pagination';
import { ListSpinner } from '../features/section-list/list-spinner';
import { PagedList } from '../features/section-list/paged-list';
import { pageParams } from '../features/section-list/section-config';
import { useApi } from '../lib/api-context';
import { pageMeta } from '../lib/meta';
import { idParam, type RouteData, routeData } from '../lib/route-data';
import { useTranslation } from '../lib/translation';

const data = routeData(
  ({ api, lang, params, url }) => {
    const id = idParam(params);
    const section = sectionOfTab(tabOfSearch(url.searchParams));
    return [
      queries.direction(api, lang, id),
      queries.directionSection(api, lang, id, section, pageParams(section, pageOfSearch(url.searchParams))),
    ];
  },
  ([direction]: DirectionT[]) => ({
    title: direction?.name ?? '',
    description: direction?.annotation ?? '',
    image: direction?.img,
  }),
  ['directions', 'lists', 'cards'],
);
export const loader = data.loader;
export const clientLoader = data.clientLoader;
export const meta = pageMeta;

function DirectionSections({ id }: { id: number }) {
  const { t } = useTranslation('directions');
  const { api, lang } = useApi();
  const [search] = useSearchParams();
  const tab = tabOfSearch(search);
  const page = pageOfSearch(search);
  const section = sectionOfTab(tab);
  const { data: list } = useQuery({
    ...queries.directionSection(api, lang, id, section, pageParams(section, page)),
    placeholderData: keepPreviousData,
  });
  const panel = useListTop<HTMLDivElement>(page, tab);
  return (
    <section className={styles.sections} aria-labelledby="direction-sections-title">
      <h2 id="direction-sections-title" className="visually-hidden">
        {t('detail.sectionsTitle')}
      </h2>
      <DirectionTabBar selected={tab} />
      <div
        ref={panel}
        id={directionPanelId}
        role="tabpanel"
        aria-labelledby={directionTabId(tab)}
        tabIndex={-1}
        className={styles.panel}
      >
        {list ? (
          <PagedList
            section={section}
            data={list}
            page={page}
            headingLevel={3}
            empty={t(`detail.empty.${section}`)}
            paginationLabel={t('detail.paginationLabel', { section: t(`detail.tabs.${section}`) })}
          />
        ) : (
          <ListSpinner />
        )}
      </div>
    </section>
  );
}

function DirectionDetailPage({ id }: { id: number }) {
  const { t } = useTranslation('directions');
  const { api, lang } = useApi();
  const { data: direction } = useQuery({
    ...queries.direction(api, lang, id),
    placeholderData: keepPreviousData,
  });
  const { data: navList } = useQuery(queries.navList(api, lang));
  if (!direction) return null;
  return (
    <div className={`container ${styles.page}`}>
      <p className={styles.back}>
        <Link className="button button--ghost" to={`/directions?district=${direction.id}`}>
          <span aria-hidden="true">←</span>
          {t('detail.back')}
        </Link>
      </p>
      <DistrictCard
        direction={direction}
        headingLevel={1}
        priority
        footer={
          navList && (
            <DistrictSwitcher
              districts={navList}
              current={direction.id}
              href={(other) => `/directions/detail/${other}`}
            />
          )
        }
      />
      <DirectionSections id={id} />
    </div>
  );
}

export default function DirectionDetail() {
  const { dehydratedState } = useLoaderData<RouteData>();
  const params = useParams();
  return (
    <HydrationBoundary state={dehydratedState}>
      <DirectionDetailPage key={params.id} id={Number(params.id)} />
    </HydrationBoundary>
  );
}
