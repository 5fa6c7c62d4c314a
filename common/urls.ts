import type { Lang } from './languages.js';

/**
 * The URL of a page (a path, or a path and its query) in a language, for canonical and hreflang
 * links and sitemaps: always with `lng`, so that it gives that language to anyone, a crawler
 * included, whatever its Accept-Language.
 */
export function localizedUrl(publicUrl: string, pathname: string, lang: Lang): string {
  return `${publicUrl}${pathname}${pathname.includes('?') ? '&' : '?'}lng=${lang}`;
}

/** The URL of a page without a language: it answers in the visitor's (hreflang x-default). */
export function negotiatedUrl(publicUrl: string, pathname: string): string {
  return `${publicUrl}${pathname}`;
}

/**
 * The address of the site search's results for a query: `/search?q=…`, the canonical form, which
 * the search forms send (without JavaScript too) and the OpenSearch description names; the search
 * page itself for no query. `/search/{query}` answers the same (older shared links).
 */
export function searchHref(query: string): string {
  return query ? `/search?${new URLSearchParams({ q: query })}` : '/search';
}
