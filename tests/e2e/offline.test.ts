import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type BrowserHandle,
  baseUrl,
  describeE2E,
  seriousViolations,
  type TestPage,
  useBrowser,
  viewports,
} from './setup/browser.js';
import { type OwnPortal, startOwnPortal, stopOwnPortal } from './setup/own-portal.js';

// The portal offline and installed (decision 028): the manifest and its icons, the service worker's
// caches (a visited page and its pictures open with no network, another page shows the offline page
// in the visitor's language, nothing of the back office, the sign-in API or a form is kept), a new
// version of the worker that takes over an open page, and keepForOffline.
// OFFLINE_SCREENSHOTS=<folder> keeps screenshots of the offline page.

const root = path.resolve(import.meta.dirname, '../..');
const shots = process.env.OFFLINE_SCREENSHOTS;
const strings = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(root, `locales/${lang}/offline.json`), 'utf8')) as {
    app: { name: string; shortName: string };
    page: { heading: string; keptHeading: string; retry: string };
  };

/** Waits until the page is controlled by the portal's service worker (registered after load). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
  });
}

/** Every cache's entries as `<cache> <url>`, read in the page. */
const cacheEntries = (page: Page) =>
  page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) out.push(`${name} ${request.url}`);
    return out;
  });

/** The pictures of the page that have loaded (their addresses). */
const loadedPictures = (page: Page) =>
  page.evaluate(() =>
    [...document.images]
      .filter((img) => new URL(img.currentSrc || img.src).pathname.startsWith('/media/'))
      .filter((img) => img.complete && img.naturalWidth > 0)
      .map((img) => new URL(img.currentSrc).pathname),
  );

const api = async (p: string) => (await fetch(`${baseUrl()}${p}`)).json();
const firstIds = async (section: string, n: number): Promise<number[]> => {
  const list = await api(`/api/${section}/?limit=${n}`);
  return (Array.isArray(list) ? list : list.results).map((i: { id: number }) => i.id);
};

async function screenshot(t: TestPage, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await t.page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

describeE2E('offline and installable', () => {
  const b: BrowserHandle = useBrowser();

  it('serves the worker uncached and a manifest per language', async () => {
    const sw = await fetch(`${baseUrl()}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(await sw.text()).toContain('/offline/ru.html');
    // `lang` is the language's tag, as in <html lang> and hreflang (Chinese: zh-Hans).
    for (const [file, lang, tag] of [
      ['site.webmanifest', 'ru', 'ru'],
      ['site.ru.webmanifest', 'ru', 'ru'],
      ['site.en.webmanifest', 'en', 'en'],
      ['site.zh.webmanifest', 'zh', 'zh-Hans'],
    ] as const) {
      const res = await fetch(`${baseUrl()}/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(/^application\/manifest\+json/);
      const manifest = await res.json();
      expect(manifest, file).toMatchObject({
        id: '/',
        name: strings(lang).app.name,
        short_name: strings(lang).app.shortName,
        lang: tag,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#14213d',
        background_color: '#ffffff',
      });
    }
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    const width = viewports[viewport].width;

    it(`links the manifest of the page's language, whose icons load in their sizes (${width})`, async () => {
      const t = await b.page(viewport);
      await t.goto('/?lng=en');
      const head = await t.page.evaluate(() => ({
        manifest: document.querySelector('link[rel=manifest]')?.getAttribute('href'),
        apple: document.querySelector('link[rel=apple-touch-icon]')?.getAttribute('href'),
        theme: document.querySelector('meta[name=theme-color]')?.getAttribute('content'),
      }));
      expect(head).toEqual({
        manifest: '/site.en.webmanifest',
        apple: '/app-icons/apple-touch-icon.png',
        theme: '#14213d',
      });
      const manifest = await (await fetch(`${baseUrl()}${head.manifest}`)).json();
      const icons = [...manifest.icons, { src: head.apple, sizes: '180x180', purpose: 'apple' }] as {
        src: string;
        sizes: string;
        purpose: string;
      }[];
      expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
        '180x180 apple',
      ]);
      for (const icon of icons) {
        const size = await t.page.evaluate(async (src) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          return `${img.naturalWidth}x${img.naturalHeight}`;
        }, icon.src);
        expect(size, icon.src).toBe(icon.sizes);
      }
      // The maskable icon and Apple's are opaque to the corners; the plain one keeps its rounded corners.
      const corner = (src: string) =>
        t.page.evaluate(async (s) => {
          const img = new Image();
          img.src = s;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const c = canvas.getContext('2d') as CanvasRenderingContext2D;
          c.drawImage(img, 0, 0);
          return c.getImageData(0, 0, 1, 1).data[3];
        }, src);
      expect(await corner('/app-icons/maskable-512.png')).toBe(255);
      expect(await corner('/app-icons/apple-touch-icon.png')).toBe(255);
      expect(await corner('/app-icons/icon-512.png')).toBe(0);
      await t.close();
    });

    it(`opens a visited page and its pictures offline, in its language; another shows the offline page (${width})`, async () => {
      const t = await b.page(viewport, { serviceWorkers: 'allow' });
      const [id] = await firstIds('attractions', 1);
      const detail = `/attractions/detail/${id}`;
      await t.goto('/');
      await controlled(t.page);
      await t.goto(detail);
      const heading = await t.page.locator('h1').first().textContent();
      // The pictures of the page's HTML (its gallery), and those of the nearby cards, which come
      // with the item's API answer once the app starts (the worker keeps that answer too).
      const html = await (await fetch(`${baseUrl()}${detail}`)).text();
      const inHtml = (src: string) => html.includes(`${src.slice(0, src.lastIndexOf('/'))}/`);
      await t.page.locator('#detail-nearby-title').scrollIntoViewIfNeeded();
      await expect.poll(async () => (await loadedPictures(t.page)).some((src) => !inHtml(src))).toBe(true);
      const pictures = await loadedPictures(t.page);
      expect(pictures.filter(inHtml)).not.toEqual([]);
      await expect
        .poll(async () => (await cacheEntries(t.page)).join('\n'))
        .toContain(`portal-pages-v1 ${baseUrl()}${detail}?offline-lang=ru`);
      await expect
        .poll(async () => (await cacheEntries(t.page)).join('\n'))
        .toContain(`portal-items-v1 ${baseUrl()}/api/attractions/${id}/`);

      await t.context.setOffline(true);
      const res = await t.page.goto(`${baseUrl()}${detail}`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      expect(await t.page.locator('h1').first().textContent()).toBe(heading);
      await t.page.locator('#detail-nearby-title').scrollIntoViewIfNeeded();
      await expect.poll(() => loadedPictures(t.page)).toEqual(expect.arrayContaining(pictures));
      await screenshot(t, `offline-detail-${width}`);
      // The app starts offline too: its modules and strings are in the worker's precache.
      await t.page.waitForFunction(() => document.documentElement.dataset.app === 'started', null, {
        timeout: 15_000,
      });

      // A page never opened: the offline page, in Russian, listing the kept page.
      const ru = strings('ru').page;
      const never = await t.page.goto(`${baseUrl()}/events/list`, { waitUntil: 'load' });
      expect(never?.status()).toBe(503);
      expect(await t.page.locator('html').getAttribute('lang')).toBe('ru');
      await expect.poll(() => t.page.locator('h1').textContent()).toBe(ru.heading);
      // A kept page's link names the language, as every link of the site.
      await expect
        .poll(() => t.page.locator(`#kept a[href="${detail}?lng=ru"]`).textContent())
        .toContain(heading);
      expect(await seriousViolations(t.page)).toEqual([]);
      await screenshot(t, `offline-ru-${width}`);

      // The visitor reads English now: the Russian copy is not theirs, the offline page is English.
      await t.context.addCookies([{ name: 'i18next', value: 'en', url: baseUrl() }]);
      await t.page.goto(`${baseUrl()}${detail}`, { waitUntil: 'load' });
      expect(await t.page.locator('html').getAttribute('lang')).toBe('en');
      await expect.poll(() => t.page.locator('h1').textContent()).toBe(strings('en').page.heading);
      expect(await t.page.locator('#kept a').count()).toBe(0);
      await expect.poll(() => t.page.locator('#kept-none').isVisible()).toBe(true);
      await screenshot(t, `offline-en-${width}`);
      const zh = await t.page.goto(`${baseUrl()}/news/list?lng=zh`, { waitUntil: 'load' });
      expect(zh?.status()).toBe(503);
      await expect.poll(() => t.page.locator('h1').textContent()).toBe(strings('zh').page.heading);

      // Its link tries the page again (still offline: the offline page again, at the same address).
      await Promise.all([
        t.page.waitForEvent('framenavigated'),
        t.page.getByRole('link', { name: strings('zh').page.retry }).click(),
      ]);
      await t.page.waitForLoadState('load');
      expect(t.page.url()).toBe(`${baseUrl()}/news/list?lng=zh`);
      expect(await t.page.locator('h1').textContent()).toBe(strings('zh').page.heading);
      // Back online, the page the offline page stands for loads by itself.
      await t.context.setOffline(false);
      await expect
        .poll(() => t.page.locator('h1').first().textContent())
        .not.toBe(strings('zh').page.heading);
      expect(await t.page.locator('html').getAttribute('lang')).toBe('zh-Hans');
      // Offline, what the page asks the network for fails (and says so in the console); nothing throws.
      expect(t.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
      await t.close();
    });
  }

  it('never keeps the back office, the sign-in API or a form post', async () => {
    const t = await b.page('desktop', { serviceWorkers: 'allow' });
    await t.goto('/');
    await controlled(t.page);
    await t.page.goto(`${baseUrl()}/admin`, { waitUntil: 'load' });
    await t.goto('/news/list');
    await t.page.evaluate(async () => {
      await fetch('/api/auth/subscribe/toggle/');
      await fetch('/api/admin/session/').catch(() => undefined);
      await fetch('/api/auth/feedback/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    });
    // A form sent as a page (no app): the answer is a page of its own, never kept.
    await t.page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/api/auth/feedback/';
      const field = document.createElement('input');
      field.name = 'email';
      field.value = 'visitor@example.org';
      form.append(field);
      document.body.append(form);
      form.submit();
    });
    await t.page.waitForURL(/\/api\/auth\/feedback\//);
    await t.page.goto(`${baseUrl()}/preview/attractions/1`, { waitUntil: 'load' });
    await t.page.goto(`${baseUrl()}/`, { waitUntil: 'load' });
    const entries = await cacheEntries(t.page);
    expect(entries.some((e) => e.includes('/news/list'))).toBe(true);
    const kept = entries.map((e) => new URL(e.split(' ')[1] as string).pathname);
    // Of the API, only public items' answers (a kept detail page's app asks for its item).
    const item =
      /^\/api\/(attractions|residence|caterings|entertainment|tourist-information-centers|routes|events|news|directions|tourism-type)\/\d+\/$/;
    expect(kept.filter((p) => /^\/(admin|api|preview)(\/|$)/.test(p) && !item.test(p))).toEqual([]);
    await t.close();
  });

  it('keepForOffline keeps a page that then opens offline', async () => {
    // web/lib/offline.ts as the trip plan's page runs it, bundled from the source.
    const out = (await build({
      configFile: false,
      logLevel: 'silent',
      build: {
        write: false,
        minify: false,
        lib: { entry: path.join(root, 'web/lib/offline.ts'), formats: ['es'], fileName: 'offline' },
      },
    })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
    const bundle = (Array.isArray(out) ? out[0] : out) as Rolldown.RolldownOutput;
    const code = (bundle.output[0] as Rolldown.OutputChunk).code;
    const t = await b.page('phone', { serviceWorkers: 'allow', bypassCSP: true });
    const [, id] = await firstIds('residence', 2);
    const kept = `/residence/detail/${id}`;
    const html = await (await fetch(`${baseUrl()}${kept}`, { headers: { cookie: 'i18next=ru' } })).text();
    const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1];
    expect(title).toBeTruthy();
    await t.goto('/');
    await controlled(t.page);
    // A string: the test runner rewrites `import()` in functions it compiles.
    await t.page.evaluate(`(async () => {
      const url = URL.createObjectURL(new Blob([${JSON.stringify(code)}], { type: 'text/javascript' }));
      const offline = await import(url);
      await offline.keepForOffline(${JSON.stringify([kept])});
    })()`);
    expect(await cacheEntries(t.page)).toContain(`portal-pages-v1 ${baseUrl()}${kept}?offline-lang=ru`);
    expect(await cacheEntries(t.page)).toContain(`portal-items-v1 ${baseUrl()}/api/residence/${id}/`);
    await t.context.setOffline(true);
    const res = await t.page.goto(`${baseUrl()}${kept}`, { waitUntil: 'load' });
    expect(res?.status()).toBe(200);
    expect(await t.page.locator('h1').first().textContent()).toBe(title);
    // Its first picture was kept with it (a rendition of it, whatever width the page asks for).
    await expect.poll(async () => (await loadedPictures(t.page)).length).toBeGreaterThan(0);
    // So were its item's answer and the nearby cards' pictures in it, never shown online here.
    const inHtml = (src: string) => html.includes(`${src.slice(0, src.lastIndexOf('/'))}/`);
    await t.page.waitForFunction(() => document.documentElement.dataset.app === 'started', null, {
      timeout: 15_000,
    });
    await t.page.locator('#detail-nearby-title').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await loadedPictures(t.page)).some((src) => !inHtml(src))).toBe(true);
    await t.context.setOffline(false);
    await t.close();
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`the trip plan and its places open with no network; a link in the plan opens the kept page (${viewports[viewport].width})`, async () => {
      const t = await b.page(viewport, { serviceWorkers: 'allow' });
      const [attraction] = await firstIds('attractions', 1);
      const [event] = await firstIds('events', 1);
      const keys = [`attractions.${attraction}`, `events.${event}`];
      const names = (
        (await api(`/api/trip/?items=${keys.join(',')}`)) as { items: { name: string }[] }
      ).items.map((i) => i.name);
      await t.goto('/');
      await controlled(t.page);
      await t.page.evaluate((plan) => localStorage.setItem('portal-trip-v1', JSON.stringify(plan)), {
        unplanned: [],
        days: [keys.map((key) => ({ key }))],
      });
      await t.goto('/trip');
      const shown = () => t.page.locator('[data-trip-item] h3 a').allTextContents();
      await expect.poll(shown).toEqual(names);
      // The plan's page and its places' pages are kept a moment after the plan is shown.
      const page = (p: string) => `portal-pages-v1 ${baseUrl()}${p}?offline-lang=ru`;
      const kept = [
        page('/trip'),
        page(`/attractions/detail/${attraction}`),
        page(`/events/detail/${event}`),
      ];
      await expect
        .poll(
          async () => {
            const entries = new Set(await cacheEntries(t.page));
            return kept.filter((k) => !entries.has(k));
          },
          { timeout: 15_000 },
        )
        .toEqual([]);

      // The network goes while the plan is open: a place's link opens its kept page (the app, whose
      // call to the API fails, asks the worker for the document).
      await t.context.setOffline(true);
      await t.page.locator(`[data-trip-item="attractions.${attraction}"] h3 a`).click();
      await t.page.waitForURL(new RegExp(`/attractions/detail/${attraction}\\?lng=ru$`));
      await expect.poll(() => t.page.locator('h1').first().textContent()).toBe(names[0]);
      // The plan opened again with no network: the places as last answered, and a word that they are.
      const res = await t.page.goto(`${baseUrl()}/trip`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      await t.page.waitForFunction(() => document.documentElement.dataset.app === 'started', null, {
        timeout: 15_000,
      });
      await expect.poll(shown).toEqual(names);
      await expect
        .poll(() => t.page.locator('[role=alert]').allTextContents())
        .toContain(
          'Нет связи: места показаны такими, какими были, когда вы в последний раз открывали план. Повторить',
        );
      await screenshot(t, `offline-trip-${viewports[viewport].width}`);
      await t.page.locator(`[data-trip-item="events.${event}"] h3 a`).click();
      await t.page.waitForURL(new RegExp(`/events/detail/${event}\\?lng=ru$`));
      await expect.poll(() => t.page.locator('h1').first().textContent()).toBe(names[1]);
      await t.context.setOffline(false);
      expect(t.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
      await t.close();
    });
  }

  describeE2E('a new version', () => {
    let portal: OwnPortal;
    let buildDir: string;

    beforeAll(async () => {
      // A copy of the build that the test changes as a deployment would.
      // Inside the project: the server's build imports its packages from node_modules.
      buildDir = fs.mkdtempSync(path.join(root, 'dist', 'offline-e2e-'));
      fs.cpSync(path.join(root, 'dist/web'), buildDir, { recursive: true });
      portal = await startOwnPortal('offline-e2e-', { env: { WEB_BUILD_DIR: buildDir } });
    });
    afterAll(async () => {
      if (portal) await stopOwnPortal(portal);
      fs.rmSync(buildDir, { recursive: true, force: true });
    });

    it('takes over an open page, whose lazy modules the new build removed, without breaking it', async () => {
      const context = await b.browser.newContext({ viewport: viewports.desktop, locale: 'ru-RU' });
      await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // The load event and the app's start, not a quiet network (500 ms more): the worker that
      // controls the page is waited for next, and the home page never loads a detail page's module.
      await page.goto(`${portal.base}/`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.app === 'started', null, {
        timeout: 15_000,
      });
      await controlled(page);
      const loaded = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
      );
      const client = path.join(buildDir, 'client');
      const worker = fs.readFileSync(path.join(client, 'sw.js'), 'utf8');
      // A route module the home page has not loaded: the page loads it on a client-side navigation.
      const lazy = [...worker.matchAll(/\/assets\/detail-page-[\w-]+\.js/g)]
        .map((m) => m[0])
        .find((u) => !loaded.includes(u));
      expect(lazy).toBeTruthy();

      // The new version: its build no longer has that module (nor does the server).
      // The build writes the list as `{url:"…",revision:null}` (the minifier may quote with backticks).
      const entry = new RegExp(`\\{[^{}]*["'\`]${(lazy as string).replace(/[.]/g, '\\.')}["'\`][^{}]*\\},?`);
      expect(worker).toMatch(entry);
      fs.writeFileSync(path.join(client, 'sw.js'), worker.replace(entry, ''));
      fs.rmSync(path.join(client, lazy as string));
      expect((await fetch(`${portal.base}${lazy}`)).status).toBeGreaterThanOrEqual(400);

      const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const changed = new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
        await registration?.update();
        await changed;
        const active = registration?.active;
        if (active && active.state !== 'activated')
          await new Promise((resolve) => active.addEventListener('statechange', resolve, { once: true }));
      });
      expect(before).toBe(`${portal.base}/sw.js`);
      // Not from the browser's HTTP cache: only the worker's caches may have it now.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      // A string: the test runner rewrites `import()` in functions it compiles.
      const imported = await page.evaluate(
        `import(${JSON.stringify(lazy)}).then((m) => Object.keys(m).length > 0, (e) => String(e))`,
      );
      expect(imported).toBe(true);
      const entries = await cacheEntries(page);
      expect(entries).toContain(`portal-assets-v1 ${portal.base}${lazy}`);
      expect(entries.some((e) => e.startsWith('portal-precache-v1') && e.includes(lazy as string))).toBe(
        false,
      );
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
