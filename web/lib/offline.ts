// What the portal keeps for use without a network. The service worker and the pages share these
// names: a page can put the pages a visitor will need (the trip plan's places) into the same cache
// the service worker answers navigations from when the network is gone.

/** Cache of pages (HTML) a visitor opened or asked to keep, answered when the network is gone. */
export const pageCache = 'portal-pages-v1';
/** Cache of pictures (`/media/…`) of those pages. */
export const mediaCache = 'portal-media-v1';

/**
 * Keeps pages (same-origin paths such as `/attractions/detail/12`) for reading offline. Does nothing
 * where the Cache API is missing (an old browser, a private window that refuses it); a page that
 * cannot be fetched now is skipped, the others are kept.
 */
export async function keepForOffline(paths: readonly string[]): Promise<void> {
  if (typeof caches === 'undefined' || paths.length === 0) return;
  const cache = await caches.open(pageCache).catch(() => null);
  if (!cache) return;
  await Promise.allSettled(
    paths.map(async (path) => {
      const res = await fetch(path, { credentials: 'same-origin' });
      if (res.ok) await cache.put(path, res);
    }),
  );
}
