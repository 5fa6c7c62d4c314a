import { HydrationBoundary } from '@tanstack/react-query';
import { useLoaderData, useParams } from 'react-router';
import type { SearchResultT } from '../../common/api';
import { SearchPage } from '../features/search/search-page';
import { searchQueries, searchText } from '../features/search/search-queries';
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

/** Search result pages are for visitors, not for search engines. */
export const meta = (args: Parameters<typeof pageMeta>[0]) => pageMeta(args, { noindex: true });

export default function Search() {
  const { dehydratedState } = useLoaderData<RouteData>();
  const params = useParams();
  const query = searchText(params.query);
  return (
    <HydrationBoundary state={dehydratedState}>
      <SearchPage key={query} query={query} />
    </HydrationBoundary>
  );
}
