import type { Lang } from '../../../common/languages';
import type { ApiClient } from '../../api/client';
import { queries } from '../../api/queries';
import { popularPlacesQuery } from '../home/home-queries';

/** Cards per section on the results page. */
export const perSection = 4;
/** The API's limit on a query. */
export const maxQuery = 100;

/** The query of /search/{query}, tidied: spaces collapsed, at most maxQuery characters. */
export function searchText(param: string | undefined): string {
  return (param ?? '').replace(/\s+/g, ' ').trim().slice(0, maxQuery);
}

export const siteSearchQuery = (api: ApiClient, lang: Lang, query: string) =>
  queries.siteSearch(api, lang, query, perSection);

/** What the page renders: the results (when there is a query) and the popular places to suggest. */
export const searchQueries = ({
  api,
  lang,
  params,
}: {
  api: ApiClient;
  lang: Lang;
  params: { query?: string };
}) => {
  const query = searchText(params.query);
  return [...(query ? [siteSearchQuery(api, lang, query)] : []), popularPlacesQuery(api, lang)];
};
