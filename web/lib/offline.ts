// What the portal keeps for use without a network. The service worker (web/sw/service-worker.ts)
// and the pages share these names: a page can put the pages a visitor will need (the trip plan's
// places) into the same cache the service worker answers navigations from when the network is gone.

import { type Lang, normalizeLang } from '../../common/languages';

/** Cache of pages (HTML) a visitor opened or asked to keep, answered when the network is gone. */
export const pageCache = 'portal-pages-v1';
/** Cache of pictures (`/media/…`) of those pages. */
export const mediaCache = 'portal-media-v1';
/**
 * Cache of the API's answers for one item (`/api/attractions/12/`), which a kept detail page's app
 * asks for when it starts: its nearby cards and the gallery's thumbnails get their pictures from it.
 */
export const itemCache = 'portal-items-v1';

/** The API answer of an item, public: `/api/{section}/{id}/` (never the back office's or sign-in's). */
export const itemAnswerPath = /^\/api\/(?!admin\/|auth\/)[a-z-]+\/\d+\/$/;

/** The API answer a detail page's app asks for (`/attractions/detail/12` → `/api/attractions/12/`). */
export function itemAnswerOf(pagePath: string): string | null {
  const m = /^\/([a-z-]+)\/detail\/(\d+)$/.exec(pagePath);
  return m ? `/api/${m[1]}/${m[2]}/` : null;
}

/**
 * The query parameter of a kept page's cache key that names its language. One address answers in
 * the visitor's language (`?lng=`, the cookie, Accept-Language), so a page is kept once per
 * language and looked up in the language the visitor reads now.
 */
export const keyLangParam = 'offline-lang';

/**
 * The cache key of a page in a language: its path and query without `lng` (the language is in the
 * key instead), the parameters in order.
 */
export function pageKey(url: URL, lang: Lang): string {
  const key = new URL(url.pathname + url.search, url.origin);
  key.searchParams.delete('lng');
  key.searchParams.set(keyLangParam, lang);
  key.searchParams.sort();
  return key.href;
}

/** The address a page kept under `key` is opened at (the key without its language). */
export function keptPath(key: string): string {
  const url = new URL(key);
  url.searchParams.delete(keyLangParam);
  return url.pathname + url.search;
}

/** At most this many pictures of each page are kept with it: the first ones, which the page shows first. */
const picturesPerPage = 12;

/**
 * Keeps pages (same-origin paths such as `/attractions/detail/12`) for reading offline, in the
 * language the server answers them in now (the visitor's), with their first pictures. Does nothing
 * where the Cache API is missing (an old browser, a private window that refuses it); a page that
 * cannot be fetched now is skipped, the others are kept.
 */
export async function keepForOffline(paths: readonly string[]): Promise<void> {
  if (typeof caches === 'undefined' || paths.length === 0) return;
  const [pages, media, items] = await Promise.all([
    caches.open(pageCache).catch(() => null),
    caches.open(mediaCache).catch(() => null),
    caches.open(itemCache).catch(() => null),
  ]);
  if (!pages || !media || !items) return;
  await Promise.allSettled(
    paths.map(async (path) => {
      const url = new URL(path, location.href);
      if (url.origin !== location.origin) return;
      const res = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/html' } });
      if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/html')) return;
      const html = await res.text();
      const lang = normalizeLang(
        res.headers.get('content-language') ?? /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1],
      );
      if (!lang) return;
      // The text is decoded: the headers must not say it is compressed.
      const headers = new Headers(res.headers);
      headers.delete('content-encoding');
      headers.delete('content-length');
      await pages.put(pageKey(url, lang), new Response(html, { status: res.status, headers }));
      // A detail page's app asks for its item when it starts: that answer, in the page's language,
      // as the app asks for it (the answer varies by Accept-Language).
      const answerPath = itemAnswerOf(url.pathname);
      let answer = '';
      if (answerPath) {
        const request = new Request(answerPath, {
          headers: { Accept: 'application/json', 'Accept-language': lang },
        });
        const res = await fetch(request, { credentials: 'same-origin' }).catch(() => null);
        if (res?.ok) {
          answer = await res.clone().text();
          await items.put(request, res);
        }
      }
      // One rendition of each picture, the page's first, then its item's (the nearby cards): offline,
      // the service worker answers any width of a picture with a rendition of it that is kept.
      const pictures = [
        ...[...html.matchAll(/<img\s[^>]*?\bsrc="(\/media\/[^"]+)"/g)].map((m) => m[1] as string),
        ...[...answer.matchAll(/"(\/media\/[^"]+)"/g)].map((m) => m[1] as string),
      ]
        .filter((src, i, all) => all.indexOf(src) === i)
        .slice(0, picturesPerPage);
      await Promise.allSettled(
        pictures.map(async (src) => {
          if (await media.match(src)) return;
          const picture = await fetch(src);
          if (picture.ok && !/no-store/.test(picture.headers.get('cache-control') ?? ''))
            await media.put(src, picture);
        }),
      );
    }),
  );
}
