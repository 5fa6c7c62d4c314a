import type { AxiosInstance } from 'axios';
import type { Lang } from '../../../common/languages';
import { queries } from '../../api/queries';

/** The carousels preview 6 items (spec section 9). */
const preview = { offset: 0, limit: 6 } as const;

export const popularPlacesQuery = (api: AxiosInstance, lang: Lang) =>
  queries.sectionPage(api, lang, 'popular-places', preview);
export const readyRoutesQuery = (api: AxiosInstance, lang: Lang) =>
  queries.sectionPage(api, lang, 'routes', preview);
export const districtsQuery = (api: AxiosInstance, lang: Lang) => queries.directory(api, lang, 'district');

/** Everything the home page renders, prefetched by its loaders. */
export const homeQueries = ({ api, lang }: { api: AxiosInstance; lang: Lang }) => [
  queries.mainPage(api, lang),
  popularPlacesQuery(api, lang),
  queries.tourismTypes(api, lang),
  districtsQuery(api, lang),
  readyRoutesQuery(api, lang),
];
