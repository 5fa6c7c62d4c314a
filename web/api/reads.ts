import type { Lang } from '../../common/languages';
import type { QueryParams, ReadApi } from '../../common/read-api';
import type { SectionSlug } from '../../common/sections';

type Get = <T>(url: string, lang: Lang, params?: QueryParams) => Promise<T>;

/**
 * A section's API path, from the section registry (common/sections.ts). The registry comes with the
 * pages that list or show a section's items (their cards, filters and facts), not with every page,
 * and this client is on every page: so it imports the registry when it first reads a section, by
 * then in the browser's module map on those pages (the home page started 2.1 KB gzip lighter).
 */
const apiPath = (section: SectionSlug) => import('../../common/sections').then((s) => s.listApiPath(section));

/**
 * The browser's reads (common/read-api.ts): a GET of each documented endpoint. The one place where
 * the web app names the API's read paths and takes their answers for their types;
 * tests/api/readers.test.ts holds each against the server's in-process read of the same data.
 */
export function browserReads(get: Get): ReadApi {
  return {
    list: async (lang, section, params) => get(await apiPath(section), lang, params),
    detail: async (lang, section, id) => get(`${await apiPath(section)}${id}/`, lang),
    search: (lang, params) => get('/api/search/', lang, params),
    mainPage: (lang) => get('/api/pages/main-page/1/', lang),
    contacts: (lang) => get('/api/contacts/', lang),
    footerContent: (lang) => get('/api/footer-content/', lang),
    navList: (lang) => get('/api/directions/nav-list/', lang),
    directions: (lang) => get('/api/directions/', lang),
    direction: (lang, id) => get(`/api/directions/${id}/`, lang),
    tourismTypes: (lang) => get('/api/tourism-type/', lang),
    directory: (lang, kind) => get(`/api/directory/${kind}/`, lang),
    infoPages: (lang) => get('/api/pages/', lang),
    infoPage: (lang, slug) => get(`/api/pages/${slug}/`, lang),
    subscribeToggle: (lang) => get('/api/auth/subscribe/toggle/', lang),
    practicalOffer: (lang, params) => get('/api/practical-filters/', lang, params),
    trip: (lang, params) => get('/api/trip/', lang, params),
  };
}
