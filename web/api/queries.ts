import { queryOptions } from '@tanstack/react-query';
import type { SearchResultT } from '../../common/api';
import type { Lang } from '../../common/languages';
import type { DetailItem, ListParams, SectionItem } from '../../common/read-api';
import type { DetailSection, SectionSlug } from '../../common/sections';
import { type ApiClient, apiErrorStatus } from './client';

// One query-options factory per endpoint, used by the loaders (server and browser) and the components.

/**
 * Cached without expiry for the life of the page: the main page data (the contacts), the footer, the
 * directories of the filters and the UI strings. Nearly every screen needs them and they change only
 * when the content is edited, so a navigation never waits for them again; a reload brings an edit.
 */
const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

export type { DetailItem, ListParams, SectionItem, SectionSlug };

/** One item of a section, from its detail endpoint (/api/<section>/<id>/). */
export const detailQuery = <S extends DetailSection>(api: ApiClient, lang: Lang, section: S, id: number) =>
  queryOptions({
    queryKey: ['detail', section, id, lang],
    queryFn: () => api.read.detail(lang, section, id),
  });

export const queries = {
  /** Site search over every section; null when the server finds the query too short (400). */
  siteSearch: (api: ApiClient, lang: Lang, q: string, limit = 4) =>
    queryOptions({
      queryKey: ['site-search', q, limit, lang],
      queryFn: async (): Promise<SearchResultT | null> => {
        // The server's rule: two letters or digits in a row, or one Chinese character.
        if (!/\p{Script=Han}|[\p{L}\p{N}]{2}/u.test(q)) return null;
        try {
          return await api.read.search(lang, { q, limit });
        } catch (error) {
          if (apiErrorStatus(error) === 400) return null;
          throw error;
        }
      },
    }),
  mainPage: (api: ApiClient, lang: Lang) =>
    queryOptions({
      queryKey: ['main-page', lang],
      queryFn: () => api.read.mainPage(lang),
      ...forever,
    }),
  /** The region's contacts, for the menu and the footer (every page). */
  contacts: (api: ApiClient, lang: Lang) =>
    queryOptions({
      queryKey: ['contacts', lang],
      queryFn: () => api.read.contacts(lang),
      ...forever,
    }),
  footerContent: (api: ApiClient, lang: Lang) =>
    queryOptions({
      queryKey: ['footer-content', lang],
      queryFn: () => api.read.footerContent(lang),
      ...forever,
    }),
  navList: (api: ApiClient, lang: Lang) =>
    queryOptions({
      queryKey: ['directions', 'nav-list', lang],
      queryFn: () => api.read.navList(lang),
    }),
  directions: (api: ApiClient, lang: Lang) =>
    queryOptions({
      queryKey: ['directions', lang],
      queryFn: () => api.read.directions(lang),
    }),
  direction: (api: ApiClient, lang: Lang, id: number) =>
    queryOptions({
      queryKey: ['directions', id, lang],
      queryFn: () => api.read.direction(lang, id),
    }),
  tourismTypes: (api: ApiClient, lang: Lang) =>
    queryOptions({
      queryKey: ['tourism-type', lang],
      queryFn: () => api.read.tourismTypes(lang),
    }),
  directory: (api: ApiClient, lang: Lang, kind: string) =>
    queryOptions({
      queryKey: ['directory', kind, lang],
      queryFn: () => api.read.directory(lang, kind),
      ...forever,
    }),
  /** One namespace of the UI strings of a language, at its version (web/lib/page-strings.ts). */
  locale: (api: ApiClient, lang: Lang, namespace: string, version?: string) =>
    queryOptions({
      queryKey: ['locale', lang, namespace],
      queryFn: () =>
        api.get<Record<string, unknown>>(`/locales/${lang}/${namespace}.json`, lang, { v: version }),
      ...forever,
    }),
  infoPages: (api: ApiClient, lang: Lang) =>
    queryOptions({
      queryKey: ['pages', lang],
      queryFn: () => api.read.infoPages(lang),
    }),
  /**
   * The information pages' titles, for the menu of every page: the list without its annotations,
   * which only the information pages show (every page carries the menu's data for hydration).
   */
  infoPageTitles: (api: ApiClient, lang: Lang) =>
    queryOptions({
      queryKey: ['pages', 'titles', lang],
      queryFn: async () =>
        (await api.read.infoPages(lang)).map(({ slug, title }) => ({
          slug,
          title,
        })),
    }),
  infoPage: (api: ApiClient, lang: Lang, slug: string) =>
    queryOptions({
      queryKey: ['pages', slug, lang],
      queryFn: () => api.read.infoPage(lang, slug),
    }),
  /**
   * Whether the newsletter is offered (`{status: true}`). A failing call reads as "not offered":
   * the offer is optional and must never break the page that shows it.
   */
  subscribeToggle: (api: ApiClient, lang: Lang) =>
    queryOptions({
      queryKey: ['subscribe-toggle'],
      queryFn: async () => {
        try {
          return await api.read.subscribeToggle(lang);
        } catch {
          return { status: false };
        }
      },
    }),
  /**
   * The practical filters worth offering on each list (some place can pass them), in a district
   * for a direction's tabs. Kept a minute, as the server keeps it: an editor's fact shows soon.
   */
  practicalOffer: (api: ApiClient, lang: Lang, district?: number) =>
    queryOptions({
      queryKey: ['practical-filters', district ?? null],
      queryFn: () => api.read.practicalOffer(lang, district ? { district } : {}),
      staleTime: 60_000,
    }),
  /** The practical filters worth offering on a direction's tabs: in its district. */
  directionPracticalOffer: (api: ApiClient, lang: Lang, directionId: number) =>
    queryOptions({
      queryKey: ['practical-filters', 'direction', directionId],
      queryFn: async ({ client }) => {
        const direction = await client.ensureQueryData(queries.direction(api, lang, directionId));
        return client.ensureQueryData(queries.practicalOffer(api, lang, direction.districtid));
      },
      staleTime: 60_000,
    }),
  sectionPage: <S extends SectionSlug>(api: ApiClient, lang: Lang, section: S, params: ListParams) =>
    queryOptions({
      queryKey: ['section', section, params, lang],
      queryFn: () => api.read.list(lang, section, params),
    }),
  /** A page of a section in a direction's district (district__in = the direction's districtid). */
  directionSection: <S extends SectionSlug>(
    api: ApiClient,
    lang: Lang,
    directionId: number,
    section: S,
    params: ListParams,
  ) =>
    queryOptions({
      queryKey: ['direction-section', directionId, section, params, lang],
      queryFn: async ({ client }) => {
        const direction = await client.ensureQueryData(queries.direction(api, lang, directionId));
        return api.read.list(lang, section, {
          ...params,
          district__in: direction.districtid,
        });
      },
    }),
};
