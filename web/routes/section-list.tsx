import { HydrationBoundary, keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useLoaderData, useParams, useSearchParams } from 'react-router';
import { queries, type SectionSlug } from '../api/queries';
import { Newsletter } from '../features/newsletter/newsletter';
import { pageOfSearch, useListTop } from '../features/pagination';
import { ListSpinner } from '../features/section-list/list-spinner';
import { PagedList } from '../features/section-list/paged-list';
import { isSectionSlug, pageParams, sectionConfig } from '../features/section-list/section-config';
import styles from '../features/section-list/section-list-page.module.css';
import { useApi } from '../lib/api-context';
import { pageMeta } from '../lib/meta';
import { type RouteData, routeData } from '../lib/route-data';

/** The page shown for a URL: 1 for sections without pages. */
function pageOf(section: SectionSlug, search: URLSearchParams): number {
  return sectionConfig[section].paginated ? pageOfSearch(search) : 1;
}

// The data and the <head> depend on the section, so the route data is made per request.
function dataOf(slug: string | undefined, search: URLSearchParams) {
  if (!isSectionSlug(slug)) {
    return routeData(
      () => [],
      (_, t) => ({ title: t('common.loading'), description: t('lists:unknownDescription') }),
    );
  }
  return routeData(
    ({ api, lang, url }) => [
      queries.sectionPage(api, lang, slug, pageParams(slug, pageOf(slug, url.searchParams))),
      // The news list offers the newsletter (its button is rendered by the server too).
      ...(slug === 'news' ? [queries.subscribeToggle(api, lang)] : []),
    ],
    (_, t) => {
      const page = pageOf(slug, search);
      const title = t(`sections.${slug}`);
      return {
        title:
          page > 1
            ? t('lists:titleWithPage').replace('{{title}}', title).replace('{{page}}', String(page))
            : title,
        description: t(`lists:descriptions.${slug}`),
      };
    },
  );
}
const dataOfArgs = (args: LoaderFunctionArgs) =>
  dataOf(args.params.section, new URL(args.request.url).searchParams);
export const loader = (args: LoaderFunctionArgs) => dataOfArgs(args).loader(args);
export const clientLoader = (args: LoaderFunctionArgs) => dataOfArgs(args).clientLoader(args);
export const meta = pageMeta;

function SectionListPage({ section }: { section: SectionSlug }) {
  const { t } = useTranslation(['lists', 'translation']);
  const { api, lang } = useApi();
  const [search] = useSearchParams();
  const page = pageOf(section, search);
  const { data } = useQuery({
    ...queries.sectionPage(api, lang, section, pageParams(section, page)),
    placeholderData: keepPreviousData,
  });
  const top = useListTop<HTMLElement>(page);
  const title = t(`translation:sections.${section}`);
  return (
    <section className={`container ${styles.page}`} ref={top} tabIndex={-1} aria-labelledby="list-title">
      <h1 id="list-title" className={styles.title}>
        {title}
        {page > 1 && <span className="visually-hidden">{t('pagination.current', { page })}</span>}
      </h1>
      {section === 'news' && <Newsletter />}
      {data ? <PagedList section={section} data={data} page={page} empty={t('empty')} /> : <ListSpinner />}
    </section>
  );
}

/** An unknown section: the spec's loader. */
function UnknownSection() {
  const { t } = useTranslation('lists');
  return (
    <div className="container">
      <h1 className="visually-hidden">{t('unknownTitle')}</h1>
      <ListSpinner />
    </div>
  );
}

export default function SectionList() {
  const { dehydratedState } = useLoaderData<RouteData>();
  const { section } = useParams();
  return (
    <HydrationBoundary state={dehydratedState}>
      {isSectionSlug(section) ? <SectionListPage key={section} section={section} /> : <UnknownSection />}
    </HydrationBoundary>
  );
}
