import {
  type DehydratedState,
  dehydrate,
  type FetchQueryOptions,
  hashKey,
  type QueryClient,
} from '@tanstack/react-query';
import { data, isRouteErrorResponse, type LoaderFunctionArgs, type Params } from 'react-router';
import type { SeoT } from '../../common/api';
import { defaultLang, type Lang, normalizeLang } from '../../common/languages';
import { type ApiClient, apiErrorStatus } from '../api/client';
import { browserTranslations, ensureStrings, shellNamespaces } from './page-strings';
import { browserClients } from './query-client';

// What every screen does to get its data: the same list of queries is prefetched by the server
// loader (then dehydrated into the page) and by the browser loader on client-side navigations
// (through the documented /api endpoints), so a page never renders half-loaded.

/** What every page needs besides its data: the language, where its strings are and the site's settings. */
export interface RootBase {
  lang: Lang;
  /** The version of each namespace of strings (web/lib/page-strings.ts). */
  stringVersions: Record<string, string>;
  publicUrl: string;
  badgeScriptUrl: string;
}

/** The root route's data (`useRouteLoaderData<RootData>('root')`): the above and the prefetched queries. */
export interface RootData extends RootBase {
  dehydratedState: DehydratedState;
}

export interface QueryArgs {
  params: Params;
  url: URL;
  api: ApiClient;
  lang: Lang;
}
// biome-ignore lint/suspicious/noExplicitAny: query options of any data type
export type AnyQuery = FetchQueryOptions<any, any, any, any>;
export type RouteQueries = (args: QueryArgs) => AnyQuery[];
/** What a page's <head> says about it, computed from its data. */
export interface PageInfo {
  title: string;
  description: string;
  image?: string | null;
  /** What the picture shows (a photo's alt text); the title when not given. */
  imageAlt?: string | undefined;
  type?: string;
  /** The item's search title and description (decision 053): <title> and og:title, the meta description. */
  searchTitle?: string;
  searchDescription?: string;
}

/**
 * A page's info with its item's search and sharing fields (the API's `seo`): each one set replaces
 * the page's own, the share picture its first picture (with that picture's alt text).
 */
export function withSearchFields(page: PageInfo, seo: SeoT | undefined): PageInfo {
  if (!seo) return page;
  return {
    ...page,
    ...(seo.title ? { searchTitle: seo.title } : {}),
    ...(seo.description ? { searchDescription: seo.description } : {}),
    ...(seo.img ? { image: seo.img, imageAlt: seo.img_photo?.alt } : {}),
  };
}
export type Translate = (key: string) => string;
// biome-ignore lint/suspicious/noExplicitAny: the results of the route's queries, in order
export type RouteInfo = (results: any[], t: Translate) => PageInfo;
export interface RouteData {
  dehydratedState: DehydratedState | null;
  page: PageInfo;
  /** The namespaces of UI strings the screen renders beyond the root's (see page-strings.ts). */
  strings: readonly string[];
}
/** The namespaces of UI strings a screen renders besides the root's, by request where they vary. */
export type RouteStrings = readonly string[] | ((url: URL, params: Params) => readonly string[]);

/** Reads `key` or `namespace:key` (dots for nesting) from a language's bundles. */
function translator(bundles: Record<string, Record<string, unknown>>): Translate {
  return (key) => {
    const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['translation', key];
    let node: unknown = bundles[ns];
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : key;
  };
}

/**
 * What a page shows when its data could not be loaded: the 404 page for a resource that is not
 * there, the 410 page for one the editors removed, the "temporarily unavailable" page (503, which the server sends with Retry-After) when
 * the database is down for a moment; `payload` goes with a 503 (the root's strings, so that its
 * error page can still speak the visitor's language). Anything else is rethrown as it is.
 */
export function routeError(error: unknown, payload: unknown = 'Service Unavailable'): unknown {
  const status = apiErrorStatus(error);
  if (status === 404) return data('Not Found', { status: 404 });
  if (status === 410) return data('Gone', { status: 410 });
  if (status === 503) return data(payload, { status: 503, statusText: 'Service Unavailable' });
  return error;
}

/** The root's strings and settings that come with its 503 (the database is down), if that is the error. */
export function rootBaseOf(error: unknown): RootBase | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 503) return undefined;
  const base = error.data as Partial<RootBase> | undefined;
  return base?.stringVersions && base.lang ? (base as RootBase) : undefined;
}

async function ensureAll(queryClient: QueryClient, queries: AnyQuery[]): Promise<unknown[]> {
  try {
    return await Promise.all(queries.map((q) => queryClient.ensureQueryData(q)));
  } catch (error) {
    throw routeError(error);
  }
}

/** The language the browser page is in (root keeps <html lang> in step with i18n). */
export function browserLang(): Lang {
  return normalizeLang(document.documentElement.lang) ?? defaultLang;
}

/** The portal's service worker runs this page (it answers documents from what it kept). */
const workerRuns = () => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

/** The page asked for again as a document, which the service worker answers from what it kept or with the offline page. */
function askForDocument(url: URL): Promise<never> {
  window.location.assign(url.href);
  return new Promise<never>(() => {});
}

/**
 * A page whose data the network could not bring (fetch's TypeError: no answer at all) while the
 * service worker runs is asked for as a document; any other failure is the route's error.
 */
function offlineDocument(error: unknown, url: URL): Promise<never> {
  if (error instanceof TypeError && workerRuns()) return askForDocument(url);
  throw error;
}

export function routeData(list: RouteQueries, info: RouteInfo, strings: RouteStrings = []) {
  const namespacesOf = (url: URL, params: Params) =>
    (typeof strings === 'function' ? strings(url, params) : strings).filter(
      (ns) => !shellNamespaces.includes(ns),
    );
  async function loader({ context, params, request }: LoaderFunctionArgs): Promise<RouteData> {
    const url = new URL(request.url);
    const queries = list({ params, url, api: context.api, lang: context.lang });
    const results = await ensureAll(context.queryClient, queries);
    const keys = new Set(queries.map((q) => hashKey(q.queryKey)));
    return {
      dehydratedState: dehydrate(context.queryClient, { shouldDehydrateQuery: (q) => keys.has(q.queryHash) }),
      page: info(results, translator(context.translations)),
      strings: namespacesOf(url, params),
    };
  }
  async function clientLoader({ params, request }: LoaderFunctionArgs): Promise<RouteData> {
    const { queryClient, api } = browserClients();
    const url = new URL(request.url);
    // With no network the data queries would wait for it (they pause while the browser is offline).
    if (!navigator.onLine && workerRuns()) return askForDocument(url);
    const [results] = await Promise.all([
      ensureAll(queryClient, list({ params, url, api, lang: browserLang() })),
      ensureStrings(namespacesOf(url, params)).catch((error: unknown) => {
        throw routeError(error);
      }),
    ]).catch((error: unknown) => offlineDocument(error, url));
    return {
      dehydratedState: null,
      page: info(results, translator(browserTranslations())),
      strings: namespacesOf(url, params),
    };
  }
  return { loader, clientLoader };
}

/** A positive integer route parameter, or a 404. */
export function idParam(params: Params, name = 'id'): number {
  const value = params[name] ?? '';
  if (!/^[1-9][0-9]{0,8}$/.test(value)) throw data('Not Found', { status: 404 });
  return Number(value);
}
