// The offline page's script (built by scripts/build-offline.ts): it lists the pages kept for
// reading offline in the page's language, the trip plan first, and tries the page again once the
// network is back. Without it the page still says what happened and its link retries.

import { normalizeLang } from '../../common/languages';
import { localizedUrl } from '../../common/urls';
import { keptPath, keyLangParam, pageCache } from '../lib/offline';

/** At most this many kept pages are listed (their titles are read from the kept pages). */
const listed = 60;

/** A kept page's title, without the site's name that pages add to it (the header shows it). */
const titleOf = (html: string, siteName: string) => {
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const title = new DOMParser().parseFromString(raw, 'text/html').documentElement.textContent?.trim() ?? '';
  const suffix = ` | ${siteName}`;
  return siteName && title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
};

async function listKeptPages(): Promise<void> {
  const list = document.getElementById('kept');
  const none = document.getElementById('kept-none');
  const lang = normalizeLang(document.documentElement.lang);
  if (!list || !none || !lang || typeof caches === 'undefined') return;
  const siteName = document.querySelector('header span')?.textContent?.trim() ?? '';
  const cache = await caches.open(pageCache);
  const keys = (await cache.keys())
    .filter((key) => new URL(key.url).searchParams.get(keyLangParam) === lang)
    .reverse();
  // The trip plan first: the pages a visitor kept on purpose.
  keys.sort((a, b) => Number(keptPath(b.url) === '/trip') - Number(keptPath(a.url) === '/trip'));
  const items = await Promise.all(
    keys.slice(0, listed).map(async (key) => {
      const res = await cache.match(key);
      const path = keptPath(key.url);
      const title = (res ? titleOf(await res.text(), siteName) : '') || path;
      const item = document.createElement('li');
      const link = document.createElement('a');
      // In the page's language, as every link of the site.
      link.href = localizedUrl('', path, lang);
      link.textContent = path === '/trip' ? (list.dataset.trip ?? title) : title;
      item.append(link);
      return item;
    }),
  );
  list.replaceChildren(...items);
  none.hidden = items.length > 0;
}

void listKeptPages();
// The page the visitor asked for, again, once the network is back. The browser's 'online' says only
// that a connection exists (and can fire while this page is being left), so the page's address is
// asked for first, past the service worker, and a page being left never reloads.
let leaving = false;
addEventListener('pagehide', () => {
  leaving = true;
});
addEventListener('online', () => {
  fetch(location.href, { method: 'HEAD', cache: 'no-store' }).then(
    () => {
      if (!leaving) location.reload();
    },
    () => undefined,
  );
});
