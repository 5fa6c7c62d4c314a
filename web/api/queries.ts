import { queryOptions } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { isAxiosError } from 'axios';
import type {
  DirectionT,
  EventCardT,
  FooterContentT,
  InfoPageT,
  MainPageT,
  NewsCardT,
  PageT,
  PlaceCardT,
  RouteCardT,
  SearchResultT,
  TourismTypeCardT,
} from '../../common/api';
import type { Lang } from '../../common/languages';
import { getJson } from './client';

// One query-options factory per endpoint, used by the loaders (server and browser) and the components.

/** Main page, footer content and the directories are cached without expiry (spec section 9). */
const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

export type SectionSlug =
  | 'news'
  | 'routes'
  | 'events'
  | 'residence'
  | 'attractions'
  | 'entertainment'
  | 'popular-places'
  | 'caterings'
  | 'tourism-type'
  | 'tourist-information-centers';

export interface SectionItem {
  news: NewsCardT;
  routes: RouteCardT;
  events: EventCardT;
  residence: PlaceCardT;
  attractions: PlaceCardT;
  entertainment: PlaceCardT;
  'popular-places': PlaceCardT;
  caterings: PlaceCardT;
  'tourism-type': TourismTypeCardT;
  'tourist-information-centers': PlaceCardT;
}

/** The API path of a section's list (popular places live under attractions). */
export const sectionPath = (section: SectionSlug) =>
  section === 'popular-places' ? '/api/attractions/popular/' : `/api/${section}/`;

export type ListParams = Record<string, string | number | readonly (string | number)[] | undefined>;

export const queries = {
  /** Site search over every section; null when the server finds the query too short (400). */
  siteSearch: (api: AxiosInstance, lang: Lang, q: string, limit = 4) =>
    queryOptions({
      queryKey: ['site-search', q, limit, lang],
      queryFn: async (): Promise<SearchResultT | null> => {
        // The server's rule: two letters or digits in a row, or one Chinese character.
        if (!/\p{Script=Han}|[\p{L}\p{N}]{2}/u.test(q)) return null;
        try {
          return await getJson<SearchResultT>(api, '/api/search/', lang, { q, limit });
        } catch (error) {
          if (isAxiosError(error) && error.response?.status === 400) return null;
          throw error;
        }
      },
    }),
  mainPage: (api: AxiosInstance, lang: Lang) =>
    queryOptions({
      queryKey: ['main-page', lang],
      queryFn: () => getJson<MainPageT>(api, '/api/pages/main-page/1/', lang),
      ...forever,
    }),
  footerContent: (api: AxiosInstance, lang: Lang) =>
    queryOptions({
      queryKey: ['footer-content', lang],
      queryFn: () => getJson<FooterContentT>(api, '/api/footer-content/', lang),
      ...forever,
    }),
  navList: (api: AxiosInstance, lang: Lang) =>
    queryOptions({
      queryKey: ['directions', 'nav-list', lang],
      queryFn: () => getJson<{ id: number; name: string }[]>(api, '/api/directions/nav-list/', lang),
    }),
  directions: (api: AxiosInstance, lang: Lang) =>
    queryOptions({
      queryKey: ['directions', lang],
      queryFn: () => getJson<DirectionT[]>(api, '/api/directions/', lang),
    }),
  direction: (api: AxiosInstance, lang: Lang, id: number) =>
    queryOptions({
      queryKey: ['directions', id, lang],
      queryFn: () => getJson<DirectionT>(api, `/api/directions/${id}/`, lang),
    }),
  tourismTypes: (api: AxiosInstance, lang: Lang) =>
    queryOptions({
      queryKey: ['tourism-type', lang],
      queryFn: () => getJson<TourismTypeCardT[]>(api, '/api/tourism-type/', lang),
    }),
  directory: (api: AxiosInstance, lang: Lang, kind: string) =>
    queryOptions({
      queryKey: ['directory', kind, lang],
      queryFn: () =>
        getJson<{ id: number; name: string; label: string }[]>(api, `/api/directory/${kind}/`, lang),
      ...forever,
    }),
  infoPages: (api: AxiosInstance, lang: Lang) =>
    queryOptions({
      queryKey: ['pages', lang],
      queryFn: () => getJson<{ slug: string; title: string; annotation: string }[]>(api, '/api/pages/', lang),
    }),
  infoPage: (api: AxiosInstance, lang: Lang, slug: string) =>
    queryOptions({
      queryKey: ['pages', slug, lang],
      queryFn: () => getJson<InfoPageT>(api, `/api/pages/${slug}/`, lang),
    }),
  /**
   * Whether the newsletter is offered (`{status: true}`). A failing call reads as "not offered":
   * the offer is optional and must never break the page that shows it.
   */
  subscribeToggle: (api: AxiosInstance, lang: Lang) =>
    queryOptions({
      queryKey: ['subscribe-toggle'],
      queryFn: async () => {
        try {
          return await getJson<{ status: boolean }>(api, '/api/auth/subscribe/toggle/', lang);
        } catch {
          return { status: false };
        }
      },
    }),
  sectionPage: <S extends SectionSlug>(api: AxiosInstance, lang: Lang, section: S, params: ListParams) =>
    queryOptions({
      queryKey: ['section', section, params, lang],
      queryFn: () => getJson<PageT<SectionItem[S]>>(api, sectionPath(section), lang, params),
    }),
  /** A page of a section in a direction's district (district__in = the direction's districtid). */
  directionSection: <S extends SectionSlug>(
    api: AxiosInstance,
    lang: Lang,
    directionId: number,
    section: S,
    params: ListParams,
  ) =>
    queryOptions({
      queryKey: ['direction-section', directionId, section, params, lang],
      queryFn: async ({ client }): Promise<PageT<SectionItem[S]>> => {
        const direction: DirectionT = await client.ensureQueryData(queries.direction(api, lang, directionId));
        return getJson<PageT<SectionItem[S]>>(api, sectionPath(section), lang, {
          ...params,
          district__in: direction.districtid,
        });
      },
    }),
};
