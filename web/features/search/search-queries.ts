import type { Lang } from '../../../common/languages';
import type { ApiClient } from '../../api/client';
import { popularPlacesQuery } from '../../api/home-queries';
import { queries } from '../../api/queries';

/** Cards per section on the results page. */
export const perSection = 4;
/** The API's limit on a query. */
export const maxQuery = 100;

/** A query as the page takes it: spaces collapsed, at most maxQuery characters. */
export function searchText(param: string | null | undefined): string {
  return (param ?? '').replace(/\s+/g, ' ').trim().slice(0, maxQuery);
}

/**
 * The query of a results page: `/search?q=…`, the canonical form, which the search forms send
 * (without JavaScript too) and browsers' search-engine entries use; or `/search/{query}`, the older
 * form, which shared links still carry. `q` wins when both are there: the form the page's own
 * search form sends from an older address.
 */
export function queryOfPage(search: URLSearchParams, params: { query?: string | undefined }): string {
  return searchText(search.has('q') ? search.get('q') : params.query);
}

export const siteSearchQuery = (api: ApiClient, lang: Lang, query: string) =>
  queries.siteSearch(api, lang, query, perSection);

/** What the page renders: the results (when there is a query) and the popular places to suggest. */
export const searchQueries = ({
  api,
  lang,
  params,
  url,
}: {
  api: ApiClient;
  lang: Lang;
  params: { query?: string };
  url: URL;
}) => {
  const query = queryOfPage(url.searchParams, params);
  return [...(query ? [siteSearchQuery(api, lang, query)] : []), popularPlacesQuery(api, lang)];
};
