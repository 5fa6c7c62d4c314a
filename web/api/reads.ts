import type { Lang } from '../../common/languages';
import type { QueryParams, ReadApi } from '../../common/read-api';
import { listApiPath } from '../../common/sections';

type Get = <T>(url: string, lang: Lang, params?: QueryParams) => Promise<T>;

/**
 * The browser's reads (common/read-api.ts): a GET of each documented endpoint. The one place where
 * the web app names the API's read paths and takes their answers for their types;
 * tests/api/readers.test.ts holds each against the server's in-process read of the same data.
 */
export function browserReads(get: Get): ReadApi {
  return {
    list: (lang, section, params) => get(listApiPath(section), lang, params),
    detail: (lang, section, id) => get(`${listApiPath(section)}${id}/`, lang),
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
