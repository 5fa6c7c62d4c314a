// The portal's service worker (built by scripts/build-offline.ts into /sw.js; decision 028). It
// keeps the app's files, the UI strings, the pages a visitor opened, their pictures and the API's
// answers for their items, so that those pages open with no network; any other page then shows the
// offline page in the visitor's language. The back office, the rest of the API, previews and
// visitor forms (POSTs) pass by untouched.

import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { PrecacheController, type PrecacheEntry, PrecacheRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, Strategy, type StrategyHandler } from 'workbox-strategies';
import { type Lang, langCookie, langOfRequest, normalizeLang } from '../../common/languages';
import { itemAnswerPath, itemCache, mediaCache, pageCache, pageKey } from '../lib/offline';

declare const self: ServiceWorkerGlobalScope;
/** The build's files: the hashed scripts and styles, the versioned strings, the offline pages (filled in by the build). */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];

/** The hashed files of builds other than this worker's: a retired build's, or a newer one's seen before this worker updated. */
const assetCache = 'portal-assets-v1';
const precacheName = 'portal-precache-v1';
const ownCaches = new Set([precacheName, assetCache, pageCache, mediaCache, itemCache]);

/** How long a navigation waits for the network before a kept copy of the page is shown. */
const networkTimeoutMs = 3000;

const assetLimits = { maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 };

/** Paths a page never has: the server's own (API, back office, previews, files). */
const serverOnly = /^\/(api|admin|preview|media|locales|icons|assets|offline)(\/|$)/;

const precache = new PrecacheController({ cacheName: precacheName });
precache.addToCacheList(__PRECACHE_MANIFEST__);

const offlinePath = (lang: Lang) => `/offline/${lang}.html`;

/** The language of the last page the server sent (its Content-Language): the visitor's, when no cookie can be read. */
let lastLang: Lang | null = null;

interface CookieStoreLike {
  get(name: string): Promise<{ value?: string } | null>;
}

/**
 * The language a navigation asks for, as the server would pick it (decision 018): `?lng=`, the
 * language cookie (where the worker can read cookies), the language of the last page the server
 * sent, the browser's languages.
 */
async function wantedLang(url: URL): Promise<Lang> {
  const fromQuery = normalizeLang(url.searchParams.get('lng'));
  if (fromQuery) return fromQuery;
  const store = (self as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
  const cookie = store ? await store.get(langCookie).catch(() => null) : null;
  const chosen = normalizeLang(cookie?.value) ?? lastLang;
  if (chosen) return chosen;
  return langOfRequest(url, null, self.navigator.languages.join(','));
}

/** A page answer worth keeping: a whole page of the site, that the server lets be kept. */
function keepable(res: Response): boolean {
  return (
    res.status === 200 &&
    res.type === 'basic' &&
    (res.headers.get('content-type') ?? '').startsWith('text/html') &&
    !/no-store|private/.test(res.headers.get('cache-control') ?? '')
  );
}

/** The offline page in a language, answered as 503: the page asked for is not here. */
async function offlinePage(lang: Lang): Promise<Response> {
  const page =
    (await precache.matchPrecache(offlinePath(lang))) ?? (await precache.matchPrecache(offlinePath('ru')));
  if (!page) return Response.error();
  return new Response(page.body, { status: 503, statusText: 'Offline', headers: page.headers });
}

/**
 * Pages: the network first, kept in the visitor's language (pageCache); if the network fails, or
 * is slower than networkTimeoutMs and a copy is kept, the kept copy; with none, the offline page.
 */
class PageStrategy extends Strategy {
  protected override async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const url = new URL(request.url);
    const lang = await wantedLang(url);
    const network = handler.fetch(request).then((res) => {
      if (keepable(res)) {
        const served = normalizeLang(res.headers.get('content-language')) ?? lang;
        lastLang = served;
        handler.waitUntil(handler.cachePut(pageKey(url, served), res.clone()));
      }
      return res;
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<'slow'>((resolve) => {
      timer = setTimeout(() => resolve('slow'), networkTimeoutMs);
    });
    const first = await Promise.race([network.catch(() => 'failed' as const), slow]);
    clearTimeout(timer);
    if (first instanceof Response) return first;
    const kept = await handler.cacheMatch(pageKey(url, lang));
    if (kept) {
      // The network may still answer: the kept copy is renewed for next time.
      if (first === 'slow') handler.waitUntil(network.catch(() => undefined));
      return kept;
    }
    if (first === 'slow') {
      try {
        return await network;
      } catch {
        // no network after all
      }
    }
    return offlinePage(lang);
  }
}

/**
 * A client-side navigation asks for the next page's data (`/x.data`) or for its routes
 * (`/__manifest`): with no network, the answer tells React Router to load the page as a document
 * instead, which this worker then answers from the kept pages or with the offline page.
 */
const reloadAsDocument = {
  async handlerDidError({ request }: { request: Request }): Promise<Response> {
    const url = new URL(request.url);
    const headers = new Headers({ 'X-Remix-Reload-Document': 'true' });
    if (url.pathname.endsWith('.data')) {
      url.searchParams.delete('_routes');
      const path = url.pathname === '/_root.data' ? '/' : url.pathname.slice(0, -'.data'.length);
      headers.set('X-Remix-Redirect', path + url.search);
    }
    return new Response(null, { status: 204, headers });
  },
};

/** Offline, a picture not kept in the width asked for is answered with a kept rendition of it. */
const anyRendition = {
  async handlerDidError({ request }: { request: Request }): Promise<Response | undefined> {
    const id = /^\/media\/([^/]+)\//.exec(new URL(request.url).pathname)?.[1];
    if (!id) return undefined;
    const cache = await caches.open(mediaCache);
    const kept = (await cache.keys()).filter((key) => new URL(key.url).pathname.startsWith(`/media/${id}/`));
    const widest = kept.sort((a, b) => widthOf(b.url) - widthOf(a.url))[0];
    return widest ? cache.match(widest) : undefined;
  },
};
const widthOf = (url: string) => Number(/\/(\d+)\.\w+$/.exec(new URL(url).pathname)?.[1] ?? 0);

/**
 * Only whole answers are kept: not a picture the server sent as a stand-in (`no-store`, another
 * rendition while the asked one renders), nor an error.
 */
const keepOnlyWhole = {
  async cacheWillUpdate({ response }: { response: Response }): Promise<Response | null> {
    return response.status === 200 && !/no-store/.test(response.headers.get('cache-control') ?? '')
      ? response
      : null;
  },
};

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(new PrecacheRoute(precache));
registerRoute(
  ({ url }) =>
    sameOrigin(url) &&
    (url.pathname.startsWith('/assets/') ||
      (url.pathname.startsWith('/locales/') && url.searchParams.has('v'))),
  new CacheFirst({ cacheName: assetCache, plugins: [new ExpirationPlugin(assetLimits)] }),
);
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: mediaCache,
    plugins: [
      keepOnlyWhole,
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
      anyRendition,
    ],
  }),
);
// A kept detail page's app asks for its item when it starts (the nearby cards, the gallery's
// thumbnails): the network first, a kept answer when there is none.
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && itemAnswerPath.test(url.pathname),
  new NetworkFirst({
    cacheName: itemCache,
    plugins: [keepOnlyWhole, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);
registerRoute(
  ({ url, request }) =>
    sameOrigin(url) &&
    request.mode !== 'navigate' &&
    (url.pathname.endsWith('.data') || url.pathname === '/__manifest'),
  new NetworkOnly({ plugins: [reloadAsDocument] }),
);
const pages = new PageStrategy({
  cacheName: pageCache,
  plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
});
registerRoute(
  ({ url, request }) => request.mode === 'navigate' && sameOrigin(url) && !serverOnly.test(url.pathname),
  pages,
);

/**
 * The hashed files that this build no longer has are copied from the precache to the asset cache
 * before the precache drops them: a page of the previous build that is still open imports its
 * lazy modules after this worker took over, and the server of the new build no longer has them.
 */
async function retireOldFiles(): Promise<void> {
  const current = new Set(precache.getURLsToCacheKeys().values());
  const from = await caches.open(precacheName);
  const to = await caches.open(assetCache);
  const expiration = new CacheExpiration(assetCache, assetLimits);
  for (const request of await from.keys()) {
    if (current.has(request.url)) continue;
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/locales/')) continue;
    const res = await from.match(request);
    if (!res) continue;
    await to.put(url.href, res);
    await expiration.updateTimestamp(url.href);
  }
  await expiration.expireEntries();
}

/** Caches of an earlier scheme of this worker's (a name no longer used). */
async function dropOldCaches(): Promise<void> {
  for (const name of await caches.keys())
    if (name.startsWith('portal-') && !ownCaches.has(name)) await caches.delete(name);
}

/**
 * A first install: the pages already open were loaded before there was a worker. They are kept
 * now, in their language, as if they had been opened through it.
 */
async function keepOpenPages(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const cache = await caches.open(pageCache);
  await Promise.allSettled(
    windows.slice(0, 5).map(async (client) => {
      const url = new URL(client.url);
      if (!sameOrigin(url) || serverOnly.test(url.pathname)) return;
      const res = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/html' } });
      const lang = normalizeLang(res.headers.get('content-language'));
      if (lang && keepable(res)) await cache.put(pageKey(url, lang), res);
    }),
  );
}

let firstInstall = false;

self.addEventListener('install', (event) => {
  firstInstall = !self.registration.active;
  // A new version takes over as soon as it has its files (decision 028): the files of the
  // version it replaces stay available to the pages still open (retireOldFiles, before it takes
  // over, so that they are there from its first answer on).
  event.waitUntil(
    (async () => {
      await precache.install(event);
      await retireOldFiles();
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await precache.activate(event);
      await dropOldCaches();
      await self.clients.claim();
      if (firstInstall) await keepOpenPages();
    })(),
  );
});
