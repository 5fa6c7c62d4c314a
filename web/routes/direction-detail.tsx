import { HydrationBoundary, keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLoaderData, useParams, useSearchParams } from 'react-router';
import type { DirectionT } from '../../common/api';
import type { Lang } from '../../common/languages';
import { localizedUrl } from '../../common/urls';
import type { ApiClient } from '../api/client';
import { queries } from '../api/queries';
import styles from '../features/directions/direction-detail-page.module.css';
import { DirectionTabBar, directionPanelId, directionTabId } from '../features/directions/direction-tab-bar';
import { DistrictCard } from '../features/directions/district-card';
import { DistrictSwitcher } from '../features/directions/district-switcher';
import { directionJsonLd } from '../features/directions/json-ld';
import { sectionOfTab, tabOfSearch } from '../features/directions/section-tabs';
import { pageOfSearch, useListTop } from '../features/pagination';
import { DateRangeForm, datesOnly } from '../features/section-list/date-range-form';
import { ListSpinner } from '../features/section-list/list-spinner';
import { apiFilterParams, parseListState } from '../features/section-list/list-state';
import { PagedList } from '../features/section-list/paged-list';
import { pageParams } from '../features/section-list/section-config';
import { useApi } from '../lib/api-context';
import { breadcrumbJsonLd, JsonLd, usePageAddress } from '../lib/json-ld';
import { pageMeta } from '../lib/meta';
import { idParam, type RouteData, routeData } from '../lib/route-data';
import { useTranslation } from '../lib/translation';

/**
 * The query of the district's open tab: its page, and on the events tab the dates of the URL
 * (the same parameters and rules as the events list's).
 */
function directionSectionQuery(api: ApiClient, lang: Lang, id: number, search: URLSearchParams) {
  const section = sectionOfTab(tabOfSearch(search));
  const page = pageOfSearch(search);
  const dates = section === 'events' ? apiFilterParams(parseListState(search, datesOnly), datesOnly) : {};
  return queries.directionSection(api, lang, id, section, pageParams(section, page, dates));
}

const data = routeData(
  ({ api, lang, params, url }) => {
    const id = idParam(params);
    return [queries.direction(api, lang, id), directionSectionQuery(api, lang, id, url.searchParams)];
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
    ...directionSectionQuery(api, lang, id, search),
    placeholderData: keepPreviousData,
  });
  const panel = useListTop<HTMLDivElement>(page, tab);
  const dates = section === 'events' ? parseListState(search, datesOnly) : null;
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
        {dates && <DateRangeForm state={dates} params={search} />}
        {list ? (
          <PagedList
            section={section}
            data={list}
            page={page}
            headingLevel={3}
            empty={
              dates?.past
                ? t('detail.emptyPast')
                : dates?.dateFrom || dates?.dateTo
                  ? t('detail.emptyDates')
                  : t(`detail.empty.${section}`)
            }
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
  const { t } = useTranslation(['directions', 'translation']);
  const { api, lang } = useApi();
  const { publicUrl, url } = usePageAddress();
  const { data: direction } = useQuery({
    ...queries.direction(api, lang, id),
    placeholderData: keepPreviousData,
  });
  const { data: navList } = useQuery(queries.navList(api, lang));
  if (!direction) return null;
  // The way here: the home page, the districts, this district.
  const crumbs = [
    { name: t('translation:nav.home'), url: localizedUrl(publicUrl, '/', lang) },
    { name: t('translation:nav.directions'), url: localizedUrl(publicUrl, '/directions', lang) },
    { name: direction.name, url },
  ];
  return (
    <div className={`container ${styles.page}`}>
      <JsonLd data={directionJsonLd(direction, { url, publicUrl })} />
      <JsonLd data={breadcrumbJsonLd(crumbs)} />
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
