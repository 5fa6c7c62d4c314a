import type { Lang } from '../../common/languages';
import type { ApiClient } from './client';
import { queries } from './queries';

/** The home page's carousels show the first 6 items of their list; the list itself has the rest. */
const preview = { offset: 0, limit: 6 } as const;

export const popularPlacesQuery = (api: ApiClient, lang: Lang) =>
  queries.sectionPage(api, lang, 'popular-places', preview);
export const readyRoutesQuery = (api: ApiClient, lang: Lang) =>
  queries.sectionPage(api, lang, 'routes', preview);
export const districtsQuery = (api: ApiClient, lang: Lang) => queries.directory(api, lang, 'district');

/** Everything the home page renders, prefetched by its loaders. */
export const homeQueries = ({ api, lang }: { api: ApiClient; lang: Lang }) => [
  queries.mainPage(api, lang),
  popularPlacesQuery(api, lang),
  queries.tourismTypes(api, lang),
  districtsQuery(api, lang),
  readyRoutesQuery(api, lang),
];
