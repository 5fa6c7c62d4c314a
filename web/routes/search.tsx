import { HydrationBoundary } from '@tanstack/react-query';
import { useLoaderData, useParams, useSearchParams } from 'react-router';
import type { SearchResultT } from '../../common/api';
import { searchHref } from '../../common/urls';
import { SearchPage } from '../features/search/search-page';
import { queryOfPage, searchQueries } from '../features/search/search-queries';
import { pageMeta } from '../lib/meta';
import { type RouteData, routeData } from '../lib/route-data';

const data = routeData(
  searchQueries,
  ([result]: (SearchResultT | null | undefined)[], t) => {
    const query = result?.query;
    if (!query) return { title: t('search:title'), description: t('search:description') };
    return {
      title: t('search:titleWithQuery').replace('{{query}}', query),
      description: t('search:descriptionWithQuery')
        .replace('{{query}}', query)
        .replace('{{count}}', result.capped ? `${result.total}+` : String(result.total)),
    };
  },
  ['search', 'cards'],
);
export const loader = data.loader;
export const clientLoader = data.clientLoader;

/**
 * Search result pages are for visitors, not for search engines. Both addresses of a query's
 * results (`/search?q=…` and `/search/{query}`) name `/search?q=…` as their canonical one.
 */
export const meta = (args: Parameters<typeof pageMeta>[0] & { params: { query?: string } }) =>
  pageMeta(args, {
    noindex: true,
    path: searchHref(queryOfPage(new URLSearchParams(args.location.search), args.params)),
  });

export default function Search() {
  const { dehydratedState } = useLoaderData<RouteData>();
  const params = useParams();
  const [search] = useSearchParams();
  const query = queryOfPage(search, params);
  return (
    <HydrationBoundary state={dehydratedState}>
      <SearchPage key={query} query={query} />
    </HydrationBoundary>
  );
}
