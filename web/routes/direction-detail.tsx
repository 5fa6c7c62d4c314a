import { HydrationBoundary, keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLoaderData, useParams, useSearchParams } from 'react-router';
import type { DirectionT } from '../../common/api';
import type { Lang } from '../../common/languages';
import { localizedUrl } from '../../common/urls';
import type { ApiClient } from '../api/client';
import { queries } from '../api/queries';
import { pageOfSearch, useListTop } from '../components/pagination';
import styles from '../features/directions/direction-detail-page.module.css';
import { DirectionTabBar, directionPanelId, directionTabId } from '../features/directions/direction-tab-bar';
import { DistrictCard } from '../features/directions/district-card';
import { DistrictSwitcher } from '../features/directions/district-switcher';
import { directionJsonLd } from '../features/directions/json-ld';
import { type DirectionTab, sectionOfTab, tabOfSearch } from '../features/directions/section-tabs';
import { DateRangeForm, datesOnly } from '../features/section-list/date-range-form';
import { offeredPractical } from '../features/section-list/filter-model';
import { ListSpinner } from '../features/section-list/list-spinner';
import { apiFilterParams, parseListState, type StateShape } from '../features/section-list/list-state';
import { NoMatches } from '../features/section-list/no-matches';
import { PagedList } from '../features/section-list/paged-list';
import { PracticalForm } from '../features/section-list/practical-form';
import { pageParams, sectionConfig } from '../features/section-list/section-config';
import { useApi } from '../lib/api-context';
import { breadcrumbJsonLd, JsonLd, usePageAddress } from '../lib/json-ld';
import { Link } from '../lib/links';
import { pageMeta } from '../lib/meta';
import { idParam, type RouteData, routeData, withSearchFields } from '../lib/route-data';
import { useTranslation } from '../lib/translation';

/**
 * What a tab's URL may carry: on the events tab the dates (the same parameters and rules as the
 * events list's), on the tabs of places their section's practical filters.
 */
function tabShape(section: DirectionTab): StateShape {
  return section === 'events'
    ? datesOnly
    : { ...datesOnly, dateRange: false, practical: sectionConfig[section].practical };
}

/** The query of the district's open tab: its page, dates and practical filters. */
function directionSectionQuery(api: ApiClient, lang: Lang, id: number, search: URLSearchParams) {
  const section = sectionOfTab(tabOfSearch(search));
  const page = pageOfSearch(search);
  const shape = tabShape(section);
  return queries.directionSection(
    api,
    lang,
    id,
    section,
    pageParams(section, page, apiFilterParams(parseListState(search, shape), shape)),
  );
}

const data = routeData(
  ({ api, lang, params, url }) => {
    const id = idParam(params);
    const tabHasPractical = sectionConfig[sectionOfTab(tabOfSearch(url.searchParams))].practical.length > 0;
    return [
      queries.direction(api, lang, id),
      directionSectionQuery(api, lang, id, url.searchParams),
      ...(tabHasPractical ? [queries.directionPracticalOffer(api, lang, id)] : []),
    ];
  },
  ([direction]: DirectionT[]) =>
    withSearchFields(
      { title: direction?.name ?? '', description: direction?.annotation ?? '', image: direction?.img },
      direction?.seo,
    ),
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
  const shape = tabShape(section);
  const state = parseListState(search, shape);
  const dates = section === 'events' ? state : null;
  const { data: offer } = useQuery({
    ...queries.directionPracticalOffer(api, lang, id),
    enabled: shape.practical.length > 0,
  });
  const practical = offeredPractical(section, shape.practical, offer, state.practical);
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
        {practical.length > 0 && (
          <PracticalForm state={state} shape={shape} params={search} offered={practical} />
        )}
        {list ? (
          <PagedList
            section={section}
            data={list}
            page={page}
            headingLevel={3}
            empty={
              state.practical.length > 0 ? (
                <NoMatches state={state} shape={shape} params={search} />
              ) : dates?.past ? (
                t('detail.emptyPast')
              ) : dates?.dateFrom || dates?.dateTo ? (
                t('detail.emptyDates')
              ) : (
                t(`detail.empty.${section}`)
              )
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
