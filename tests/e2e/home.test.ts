import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { baseUrl, describeE2E, useBrowser, viewports } from './setup/browser.js';

const api = async (path: string, lang = 'ru') =>
  (await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': lang } })).json();

/**
 * Scrolls to a section below the first screen and waits until its code runs: it loads as the
 * section comes near the screen, and until then the section is its server HTML.
 */
async function sectionReady(page: Page, id: string) {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.locator(`#${id}[data-hydrated]`).waitFor();
}

describeE2E('home page', () => {
  const b = useBrowser();

  it.each(['phone', 'desktop'] as const)(
    'shows the hero, statistics and both previews (%s)',
    async (viewport) => {
      const t = await b.page(viewport);
      expect(await t.goto('/')).toBe(200);
      const main = await api('/api/pages/main-page/1/');
      expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toContain(main.title);
      const hero = t.page.getByRole('link', { name: main.button_label });
      // An internal address, in the page's language.
      expect(await hero.getAttribute('href')).toBe(`${main.buttom_link}?lng=ru`);
      const text = (await t.page.locator('main').textContent()) ?? '';
      for (const figure of ['18', '500+', '5200+', '100+', '18 млн']) expect(text).toContain(figure);
      const carousels = t.page.locator('[aria-roledescription="карусель"]');
      expect(await carousels.count()).toBe(2);
      for (let i = 0; i < 2; i++) {
        expect(await carousels.nth(i).locator('[aria-roledescription="слайд"]').count()).toBe(6);
      }
      expect(await t.page.locator('a[href="/popular-places/list?lng=ru"]').count()).toBeGreaterThan(0);
      expect(await t.page.locator('a[href="/routes/list?lng=ru"]').count()).toBeGreaterThan(0);
      expect(await t.page.evaluate(() => localStorage.getItem('contact-info'))).toContain(main.email);
      expect(t.errors).toEqual([]);
      await t.close();
    },
  );

  it('hydrates from the server-rendered data without fetching it again', async () => {
    const t = await b.page('desktop');
    const apiCalls: string[] = [];
    t.page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
    });
    await t.goto('/');
    await t.page.waitForTimeout(500);
    expect(apiCalls).toEqual([]);
    await t.goto('/directions/detail/5?tab=2');
    await t.page.waitForTimeout(500);
    expect(apiCalls).toEqual([]);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('popular places link to their attraction; a rating of 4+ is high, 3+ mid, else low', async () => {
    const t = await b.page('desktop');
    await t.goto('/');
    const popular = await api('/api/attractions/popular/?offset=0&limit=6');
    const carousel = t.page.locator('[aria-roledescription="карусель"]').first();
    for (const item of popular.results) {
      const href = `a[href="/attractions/detail/${item.id}?lng=ru"]`;
      expect(await carousel.locator(href).count(), item.name).toBe(1);
      // `has` is matched inside each slide, so it names the link from the slide, not the carousel.
      const badge = carousel
        .getByRole('group')
        .filter({ has: t.page.locator(href) })
        .locator('[data-level]');
      const rating = Number(item.rating_category);
      const level = rating >= 4 ? 'high' : rating >= 3 ? 'mid' : 'low';
      expect(await badge.getAttribute('data-level'), item.name).toBe(level);
      // whose rating it is, to a screen reader and to a pointer (the portal collects no reviews)
      const words = `Оценка редакции: ${rating.toFixed(1).replace('.', ',')} из 5`;
      expect(await badge.getAttribute('aria-label'), item.name).toBe(words);
      expect(await badge.getAttribute('title'), item.name).toBe(words);
    }
    const colours = await carousel
      .locator('[data-level]')
      .evaluateAll((els) =>
        els.map((el) => [el.getAttribute('data-level'), getComputedStyle(el).backgroundColor]),
      );
    const byLevel = new Map(colours.map(([l, c]) => [l, c]));
    if (byLevel.has('high')) expect(byLevel.get('high')).toMatch(/rgb\(\s*\d+,\s*1\d\d,\s*\d+\)/);
    await t.close();
  });

  it('the carousel moves with its buttons and the keyboard', async () => {
    const t = await b.page('desktop');
    await t.goto('/');
    await sectionReady(t.page, 'home-popular');
    const carousel = t.page.locator('[aria-roledescription="карусель"]').first();
    const track = carousel.locator('[aria-roledescription="слайд"]').first().locator('xpath=../..');
    // How far the track is scrolled, rounded: a smooth scroll settles within a pixel.
    const position = () => track.evaluate((el) => Math.round(el.scrollLeft));
    const before = await position();
    await carousel.getByRole('button', { name: 'Следующие' }).click();
    await expect.poll(position).not.toBe(before);
    await carousel.getByRole('button', { name: 'Предыдущие' }).click();
    await expect.poll(position).toBe(before);
    await carousel.getByRole('button', { name: 'Следующие' }).focus();
    await t.page.keyboard.press('ArrowRight');
    await expect.poll(position).not.toBe(before);
    await t.close();
  });

  it('loads no HTTP client, i18n loader or carousel library; its strings are files kept for good', async () => {
    // A context of its own: the helper's routing (which keeps the tests off the network) turns
    // Chromium's HTTP cache off, and this test is about that cache.
    // No service worker: this test is about Chromium's HTTP cache, which the worker would stand in for.
    const context = await b.browser.newContext({
      viewport: viewports.phone,
      locale: 'ru-RU',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    const t = {
      page,
      context,
      errors,
      goto: async (path: string) => {
        await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
        await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
      },
      close: () => context.close(),
    };
    const scripts: Promise<string>[] = [];
    t.page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
    });
    // Chromium's own view of where each answer came from: the network or its HTTP cache.
    const cdp = await t.context.newCDPSession(t.page);
    await cdp.send('Network.enable');
    const locales: { url: string; cacheControl: string; cached: boolean }[] = [];
    cdp.on('Network.responseReceived', ({ response }) => {
      if (!new URL(response.url).pathname.startsWith('/locales/')) return;
      const headers = Object.fromEntries(
        Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      locales.push({
        url: response.url,
        cacheControl: String(headers['cache-control'] ?? ''),
        cached: Boolean(response.fromDiskCache || response.fromPrefetchCache),
      });
    });
    await t.goto('/');
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    // Marks of axios, Embla, i18next-http-backend and i18next-browser-languagedetector.
    for (const mark of ['AxiosError', 'containScroll', 'loadPath', 'lookupQuerystring']) {
      expect(bodies.filter((b) => b.includes(mark)).length, mark).toBe(0);
    }
    // The head names the page's namespaces at their versions; each is fetched once, kept for good.
    const named = await t.page.$$eval('link[rel=preload][data-ns]', (ls) =>
      ls.map((l) => (l as HTMLLinkElement).href),
    );
    expect(named.length).toBeGreaterThanOrEqual(3);
    for (const href of named) expect(href).toMatch(/\/locales\/ru\/[a-z-]+\.json\?v=[0-9a-f]{10}$/);
    const first = locales.filter((l) => !l.cached);
    expect(first.map((l) => l.url).sort()).toEqual([...named].sort());
    for (const l of first) expect(l.cacheControl).toContain('immutable');
    // The next page's shell namespaces come from the browser's cache, not from the server.
    locales.length = 0;
    await t.goto('/news/list');
    const shell = locales.filter((l) => /\/(translation|layout)\.json/.test(l.url));
    expect(shell.length).toBeGreaterThan(0);
    expect(
      shell.every((l) => l.cached),
      JSON.stringify(locales),
    ).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('search by hobbies builds the attractions URL from the non-zero choices only', async () => {
    const t = await b.page('desktop');
    await t.goto('/');
    const form = t.page.locator('form:has(select[name="tourism_type"])');
    const submit = form.getByRole('button', { name: 'Найти' });
    await sectionReady(t.page, 'home-hobby-search');
    await submit.click();
    await t.page.waitForURL((u) => u.pathname === '/attractions/list');
    expect(new URL(t.page.url()).search).toBe('?lng=ru');
    await t.goto('/');
    await sectionReady(t.page, 'home-hobby-search');
    await form.locator('select[name="tourism_type"]').selectOption('2');
    await submit.click();
    await t.page.waitForURL((u) => u.pathname === '/attractions/list');
    expect(new URL(t.page.url()).search).toBe('?tourism_type__in=2&lng=ru');
    await t.goto('/');
    await sectionReady(t.page, 'home-hobby-search');
    await form.locator('select[name="tourism_type"]').selectOption('3');
    await form.locator('select[name="district"]').selectOption('5');
    await submit.click();
    await t.page.waitForURL((u) => u.pathname === '/attractions/list');
    expect(new URL(t.page.url()).search).toBe('?tourism_type__in=3&district__in=5&lng=ru');
    await t.goto('/');
    await sectionReady(t.page, 'home-hobby-search');
    await form.locator('select[name="district"]').selectOption('7');
    await submit.click();
    await t.page.waitForURL((u) => u.pathname === '/attractions/list');
    expect(new URL(t.page.url()).search).toBe('?district__in=7&lng=ru');
    await t.close();
  });

  it('the region map links every district and works with the keyboard', async () => {
    const t = await b.page('desktop');
    await t.goto('/');
    await sectionReady(t.page, 'home-region-map');
    const map = t.page
      .locator('svg')
      .filter({ has: t.page.locator('a[href^="/directions/detail/"]') })
      .first();
    const links = map.locator('a[href^="/directions/detail/"]');
    expect(await links.count()).toBe(18);
    const nav = await api('/api/directions/nav-list/');
    expect(await links.first().getAttribute('aria-label')).toBe(nav[0].name);
    const vyborg = map.locator('a[href="/directions/detail/5?lng=ru"]');
    await vyborg.focus();
    await t.page.keyboard.press('Enter');
    await t.page.waitForURL((u) => u.pathname === '/directions/detail/5');
    await expect.poll(() => t.page.getByRole('heading', { level: 1 }).textContent()).toContain(nav[4].name);
    await t.close();
  });

  it('the sections below the first screen load their code when scrolled near, styled from the start, then work', async () => {
    const t = await b.page('phone');
    const scripts: string[] = [];
    t.page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await t.goto('/');
    await t.page.waitForTimeout(500);
    const sections = [
      'popular-places',
      'tourism-types',
      'hobby-search',
      'region-map-section',
      'ready-routes',
    ];
    const loaded = (name: string) => scripts.some((s) => s.includes(`/${name}-`));
    for (const name of sections) expect(loaded(name), name).toBe(false);
    const popular = t.page.locator('#home-popular');
    expect(await popular.getAttribute('data-hydrated')).toBeNull();
    // Its styles came with the page: the section does not change size when its code arrives.
    const before = await popular.boundingBox();
    await sectionReady(t.page, 'home-popular');
    expect(loaded('popular-places')).toBe(true);
    expect(loaded('ready-routes')).toBe(false);
    expect((await popular.boundingBox())?.height).toBe(before?.height);
    const carousel = popular.locator('[aria-roledescription="карусель"]');
    const track = carousel.locator('[aria-roledescription="слайд"]').first().locator('xpath=../..');
    const position = () => track.evaluate((el) => Math.round(el.scrollLeft));
    const start = await position();
    await carousel.getByRole('button', { name: 'Следующие' }).click();
    await expect.poll(position).not.toBe(start);
    await sectionReady(t.page, 'home-routes');
    expect(loaded('ready-routes')).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('a language switch before the sections load renders them in the new language', async () => {
    const t = await b.page('desktop');
    await t.goto('/');
    expect(await t.page.locator('#home-routes').getAttribute('data-hydrated')).toBeNull();
    await t.page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 47;
    });
    await t.page
      .getByRole('group', { name: 'Язык сайта' })
      .getByRole('link', { name: /EN|English/ })
      .click();
    await expect.poll(() => t.page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => t.page.locator('#home-routes h2').textContent()).toBe('Ready routes');
    // In place: no reload.
    expect(await t.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(47);
    await expect.poll(() => t.page.locator('#home-routes').getAttribute('data-hydrated')).toBe('');
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
