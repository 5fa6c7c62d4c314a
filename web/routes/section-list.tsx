import { HydrationBoundary, keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import {
  type LoaderFunctionArgs,
  redirect,
  data as response,
  useLoaderData,
  useParams,
  useSearchParams,
} from 'react-router';
import { queries, type SectionSlug } from '../api/queries';
import { pageCount, useListTop } from '../components/pagination';
import { Newsletter } from '../features/newsletter/newsletter';
import { DatePresets } from '../features/section-list/date-presets';
import {
  type ALL,
  activeCount,
  changedQuery,
  offeredPractical,
  selectionOf,
  toggleItem,
} from '../features/section-list/filter-model';
import { FilterPanel } from '../features/section-list/filter-panel';
import { buildGroups, filterQueries } from '../features/section-list/filter-queries';
import { FilterSheet } from '../features/section-list/filter-sheet';
import { ListSearch } from '../features/section-list/list-search';
import { ListSpinner } from '../features/section-list/list-spinner';
import {
  emptyState,
  entryRedirect,
  hasOpenAt,
  isNarrowed,
  keptFields,
  type ListState,
  parseListState,
  stateFilterQuery,
  togglePractical,
} from '../features/section-list/list-state';
import { ListToolbar } from '../features/section-list/list-toolbar';
import { NoMatches } from '../features/section-list/no-matches';
import { PagedList } from '../features/section-list/paged-list';
import { PastLastPage } from '../features/section-list/past-last-page';
import {
  isSectionSlug,
  listParams,
  sectionConfig,
  stateShape,
} from '../features/section-list/section-config';
import styles from '../features/section-list/section-list-page.module.css';
import { useListState } from '../features/section-list/use-list-state';
import { useApi } from '../lib/api-context';
import { pageMeta } from '../lib/meta';
import { type RouteData, routeData } from '../lib/route-data';
import { useTranslation } from '../lib/translation';

/**
 * The section of the URL. An unknown one is the not-found page with status 404 (on the server and
 * on client-side navigations alike), never an endless loader: the URL names nothing to wait for.
 */
function sectionOf(params: LoaderFunctionArgs['params']): SectionSlug {
  const section = params.section;
  if (!isSectionSlug(section)) throw response('Not Found', { status: 404 });
  return section;
}

// The data and the <head> depend on the section and on the list state in the URL, so the route
// data is made per request, from the state the loader has read from the URL.
function dataOf(slug: SectionSlug, state: ListState) {
  return routeData(
    ({ api, lang }) => {
      return [
        queries.sectionPage(api, lang, slug, listParams(slug, state)),
        // The filter groups are rendered by the server too, and the practical filters it offers.
        ...filterQueries(api, lang, slug),
        ...(sectionConfig[slug].practical.length ? [queries.practicalOffer(api, lang)] : []),
        // The news list offers the newsletter (its button is rendered by the server too).
        ...(slug === 'news' ? [queries.subscribeToggle(api, lang)] : []),
      ];
    },
    (_, t) => {
      const title = t(`sections.${slug}`);
      return {
        title:
          state.page > 1
            ? t('lists:titleWithPage').replace('{{title}}', title).replace('{{page}}', String(state.page))
            : title,
        description: t(`lists:descriptions.${slug}`),
      };
    },
    // The news list offers the newsletter.
    slug === 'news' ? ['lists', 'cards', 'newsletter'] : ['lists', 'cards'],
  );
}

/** The entry rule: `tourism_type`/`district` in the URL become filters in the list's own encoding. */
const entryTarget = (args: LoaderFunctionArgs, slug: SectionSlug): string | null =>
  entryRedirect(new URL(args.request.url), stateShape(slug));

/** The list's data with its state: the page reads the state from here, not from the URL again. */
type ListData = RouteData & { state: ListState };

/** The URL's list state, read once: the queries, the <head> and the page all take it from here. */
const stateOf = (args: LoaderFunctionArgs, slug: SectionSlug) =>
  parseListState(new URL(args.request.url).searchParams, stateShape(slug));

export const loader = async (args: LoaderFunctionArgs): Promise<ListData> => {
  const slug = sectionOf(args.params);
  const target = entryTarget(args, slug);
  if (target) throw redirect(target, 302);
  const state = stateOf(args, slug);
  return { ...(await dataOf(slug, state).loader(args)), state };
};
export const clientLoader = async (args: LoaderFunctionArgs): Promise<ListData> => {
  const slug = sectionOf(args.params);
  const target = entryTarget(args, slug);
  if (target) throw redirect(target);
  const state = stateOf(args, slug);
  return { ...(await dataOf(slug, state).clientLoader(args)), state };
};
/**
 * A later page of the whole list is its own canonical address (`?page=3`): it lists items no other
 * page does, and naming the first page instead would tell search engines to drop them. A view with
 * filters, a search, dates, a moment or the archive chosen is one of the list's views, whose
 * canonical address is the list itself.
 */
export const meta = (args: Parameters<typeof pageMeta>[0]) => {
  const state = (args.loaderData as ListData | undefined)?.state;
  const later = state && state.page > 1 && !isNarrowed(state) && !state.past;
  return pageMeta(args, later ? { path: `${args.location.pathname}?page=${state.page}` } : {});
};

type Choices = { id: number; name: string; label?: string }[];

function SectionListPage({ section, loaded }: { section: SectionSlug; loaded: ListState }) {
  const { t } = useTranslation(['lists', 'translation']);
  const { api, lang } = useApi();
  const config = sectionConfig[section];
  const { state, shape, apply } = useListState(section, loaded);
  const [params] = useSearchParams();
  const { data } = useQuery({
    ...queries.sectionPage(api, lang, section, listParams(section, state)),
    placeholderData: keepPreviousData,
  });
  const sources = useQueries({ queries: filterQueries(api, lang, section) });
  const groups = buildGroups(
    config.filters,
    sources.map((s) => s.data as Choices | undefined),
    state.filters,
  );
  const { data: offer } = useQuery({
    ...queries.practicalOffer(api, lang),
    enabled: config.practical.length > 0,
  });
  const practical = offeredPractical(section, config.practical, offer, state.practical);
  const top = useListTop<HTMLElement>(state.page);
  // The events archive says what it lists.
  const title = state.past ? t('datePresets.past') : t(`translation:sections.${section}`);
  const narrowed = isNarrowed(state);

  const onToggle = (groupId: string, itemId: number | typeof ALL) => {
    const next = toggleItem(groups, groupId, itemId);
    // Applied only when the filter query changes, so a click that changes nothing neither adds a
    // history entry nor fetches; the page starts again at 1.
    if (changedQuery(stateFilterQuery(state, shape), next) === null) return;
    apply({ ...state, filters: selectionOf(next), page: 1 });
  };
  const hasFilters = groups.length > 0 || config.dateRange || practical.length > 0;
  const last = data ? pageCount(data.count, config.limit) : 1;
  const pastEnd = Boolean(data && data.count > 0 && state.page > last);

  return (
    <section className={`container ${styles.page}`} ref={top} tabIndex={-1} aria-labelledby="list-title">
      <h1 id="list-title" className={styles.title}>
        {title}
        {state.page > 1 && (
          <span className="visually-hidden">{t('pagination.current', { page: state.page })}</span>
        )}
      </h1>
      {section === 'news' && <Newsletter />}
      {config.dateRange && <DatePresets state={state} shape={shape} params={params} />}
      {(config.search || groups.length > 0 || config.dateRange) && (
        <ListToolbar
          search={
            config.search ? (
              <ListSearch
                current={state.search}
                placeholder={t(`search.placeholders.${section}`)}
                onSearch={(search, typed) =>
                  apply({ ...state, search, page: 1 }, { replace: typed && Boolean(state.search) })
                }
              />
            ) : null
          }
          filters={
            hasFilters ? (
              <FilterPanel
                groups={groups}
                onToggle={onToggle}
                practical={{
                  offered: practical,
                  on: state.practical,
                  onToggle: (f) =>
                    apply({ ...state, practical: togglePractical(state.practical, f), page: 1 }),
                  openAt: hasOpenAt(shape)
                    ? { value: state.openAt, onChange: (openAt) => apply({ ...state, openAt, page: 1 }) }
                    : undefined,
                }}
                {...(config.dateRange
                  ? {
                      dates: { from: state.dateFrom, to: state.dateTo },
                      onDates: (dates) =>
                        apply({ ...state, dateFrom: dates.from, dateTo: dates.to, page: 1 }),
                    }
                  : {})}
              />
            ) : null
          }
          kept={keptFields(state, shape, params)}
          sheet={
            hasFilters
              ? (close) => (
                  <FilterSheet
                    section={section}
                    state={state}
                    groups={groups}
                    practical={practical}
                    onApply={(next) => {
                      apply({ ...next, page: 1 });
                      close();
                    }}
                  />
                )
              : null
          }
          activeFilters={
            activeCount(groups) +
            state.practical.length +
            (state.openAt ? 1 : 0) +
            (state.dateFrom ? 1 : 0) +
            (state.dateTo ? 1 : 0)
          }
          count={data?.count}
          capped={data?.capped}
          narrowed={narrowed}
          onReset={() => apply({ ...emptyState })}
        />
      )}
      {!data ? (
        <ListSpinner />
      ) : pastEnd ? (
        <PastLastPage page={state.page} last={last} />
      ) : (
        <PagedList
          section={section}
          data={data}
          page={state.page}
          firstScreen
          empty={
            narrowed ? <NoMatches state={state} shape={shape} params={params} groups={groups} /> : t('empty')
          }
        />
      )}
    </section>
  );
}

export default function SectionList() {
  const { dehydratedState, state } = useLoaderData<ListData>();
  // The loaders let only known sections through.
  const section = useParams().section as SectionSlug;
  return (
    <HydrationBoundary state={dehydratedState}>
      <SectionListPage key={section} section={section} loaded={state} />
    </HydrationBoundary>
  );
}
