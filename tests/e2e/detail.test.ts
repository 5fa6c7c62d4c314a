import { expect, it } from 'vitest';
import { baseUrl, describeE2E, seriousViolations, type TestPage, useBrowser } from './setup/browser.js';

// The detail pages of the nine sections: content, facts, structured data, downloads, gallery and 404s.

const api = async (path: string, lang = 'ru') =>
  (await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': lang } })).json();

/** A transparent 1×1 PNG: map tiles are answered locally, so no test leaves the machine. */
const tile = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Facts every section's page must show (data-fact ids of detail-config.ts). */
const expectedFacts: Record<string, string[]> = {
  routes: ['routeType', 'length', 'wayToTravel'],
  events: ['dates', 'district'],
  attractions: ['objectType', 'district', 'distance', 'address'],
  residence: ['residenceType', 'district', 'address'],
  caterings: ['institutionType', 'district', 'address'],
  'tourist-information-centers': ['district', 'address'],
  entertainment: ['entertainmentType', 'district', 'address'],
  news: ['published'],
  'tourism-type': ['inCatalogue'],
};
const schemaTypes: Record<string, string> = {
  routes: 'TouristTrip',
  events: 'Event',
  attractions: 'TouristAttraction',
  residence: 'LodgingBusiness',
  caterings: 'FoodEstablishment',
  'tourist-information-centers': 'TouristInformationCenter',
  entertainment: 'EntertainmentBusiness',
  news: 'NewsArticle',
  'tourism-type': 'TouristDestination',
};

async function firstId(section: string): Promise<number> {
  const list = await api(section === 'events' ? '/api/events/?limit=1' : `/api/${section}/?limit=1`);
  const items = Array.isArray(list) ? list : list.results;
  return items[0].id as number;
}

describeE2E('detail pages', () => {
  const b = useBrowser();

  async function open(
    path: string,
    viewport: 'phone' | 'desktop' = 'desktop',
  ): Promise<TestPage & { status: number }> {
    const t = await b.page(viewport);
    await t.context.route(/tile\.openstreetmap|\/\d+\/\d+\/\d+\.png/, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: tile }),
    );
    const status = await t.goto(path);
    return Object.assign(t, { status });
  }

  it.each(Object.keys(expectedFacts))(
    '%s: title, facts, description, no console errors, axe',
    async (section) => {
      const id = await firstId(section);
      const item = await api(`/api/${section}/${id}/`);
      const t = await open(`/${section}/detail/${id}`);
      expect(t.status).toBe(200);
      expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toBe(item.name);
      expect(await t.page.title()).toContain(item.name);
      const facts = await t.page
        .locator('[data-fact]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-fact')));
      for (const fact of expectedFacts[section] ?? []) expect(facts, section).toContain(fact);
      // Facts the item has are shown; a phone is a tel: link, a site an external link.
      if (item.venue) expect(facts).toContain('venue');
      if (item.phone) {
        expect(await t.page.locator('[data-fact="phone"] a').getAttribute('href')).toMatch(/^tel:\+?\d{6,}$/);
      }
      if (item.site) {
        expect(await t.page.locator('[data-fact="site"] a').getAttribute('href')).toMatch(/^https?:\/\//);
      }
      if (item.hours) expect(facts).toContain('hours');
      // The first paragraph of the description, and the breadcrumbs back to the section's list.
      const firstParagraph = (item.description as string)
        .split(/\n{2,}/)[0]
        ?.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');
      expect(await t.page.locator('article').textContent()).toContain(firstParagraph?.slice(0, 60));
      const crumbs = t.page.getByRole('navigation', { name: 'Навигационная цепочка' });
      expect(await crumbs.getByRole('link').nth(1).getAttribute('href')).toBe(`/${section}/list?lng=ru`);
      // Share links are plain links: no third-party script on the page.
      expect(await t.page.locator('[data-share]').count()).toBe(5);
      const scripts = await t.page
        .locator('script[src]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('src')));
      expect(scripts.filter((s) => /^https?:/.test(s ?? '') && !s?.startsWith(baseUrl()))).toEqual([]);
      if (section === 'routes' || section === 'events' || section === 'attractions') {
        // the small map loads when it comes near the screen
        await t.page.locator('[data-map-placeholder]').scrollIntoViewIfNeeded();
        await t.page.locator('.leaflet-container').waitFor();
      }
      expect(await seriousViolations(t.page, ['.leaflet-marker-pane'])).toEqual([]);
      expect(t.errors).toEqual([]);
      await t.close();
    },
    // Chromium, axe and the map on a busy two-core machine: give each page time.
    120_000,
  );

  it('is server-rendered with canonical, hreflang and schema.org JSON-LD (with < escaped)', async () => {
    for (const section of Object.keys(expectedFacts)) {
      const id = await firstId(section);
      const res = await fetch(`${baseUrl()}/${section}/detail/${id}?lng=en`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<link rel="canonical" href="${baseUrl()}/${section}/detail/${id}?lng=en"/>`);
      expect(html).toContain(`hrefLang="zh-Hans" href="${baseUrl()}/${section}/detail/${id}?lng=zh"`);
      const blocks = [
        ...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
      ].map((m) => m[1] as string);
      expect(blocks.length, section).toBe(2);
      for (const block of blocks) expect(block).not.toContain('<');
      const [item, crumbs] = blocks.map((s) => JSON.parse(s));
      expect(item['@type'], section).toBe(schemaTypes[section]);
      expect(item.url).toBe(`${baseUrl()}/${section}/detail/${id}?lng=en`);
      // a language for what is written (an event's page, a news item), not for a place or a trip
      if (section === 'events' || section === 'news') expect(item.inLanguage).toBe('en');
      else expect(item).not.toHaveProperty('inLanguage');
      if (section !== 'news' && section !== 'tourism-type' && section !== 'routes') {
        const geo = section === 'events' ? item.location.geo : item.geo;
        expect(geo['@type']).toBe('GeoCoordinates');
      }
      if (section === 'events') expect(item.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (section === 'news') expect(item.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(item.image?.[0] ?? '').toMatch(new RegExp(`^${baseUrl()}/media/`));
      expect(crumbs['@type']).toBe('BreadcrumbList');
      expect(crumbs.itemListElement).toHaveLength(3);
      expect(crumbs.itemListElement[1].item).toBe(`${baseUrl()}/${section}/list?lng=en`);
    }
  });

  it('every route page is at most 60 KB of HTML in each language, the budget of an uncached detail page', async () => {
    const list = await api('/api/routes/?limit=100');
    const ids = (list.results as { id: number }[]).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(20);
    const sizes: [string, number][] = [];
    for (const lang of ['ru', 'en', 'zh']) {
      for (const id of ids) {
        const path = `/routes/detail/${id}?lng=${lang}`;
        // An Authorization header keeps the response cache out: the page as rendered, with its
        // scripts' nonces (a kept page is replayed without them, a quarter of a kilobyte smaller).
        const res = await fetch(`${baseUrl()}${path}`, { headers: { authorization: 'Bearer none' } });
        expect(res.status, path).toBe(200);
        const html = await res.text();
        expect(html, path).toContain('nonce="');
        sizes.push([path, Buffer.byteLength(html)]);
      }
    }
    const largest = sizes.reduce((a, b) => (b[1] > a[1] ? b : a));
    // 50 KB until the menu's links were in every page (about 7.5 KB in Russian; decision 033).
    expect(largest[1], `${largest[0]}: ${largest[1]} bytes`).toBeLessThanOrEqual(60 * 1024);
  }, 120_000);

  it("a route page's data is what its HTML shows; the other nearby cards and the pictures come as the app starts", async () => {
    const route = await api('/api/routes/1/');
    const shown = 4;
    expect(route.nearby.length).toBeGreaterThan(shown);
    const html = await (await fetch(`${baseUrl()}/routes/detail/1`)).text();
    const data = /streamController\.enqueue\(([\s\S]*?)\);<\/script>/.exec(html)?.[1] ?? '';
    // the first cards without their pictures, the stops without theirs
    type Named = { name: string; img: string | null };
    const stops = route.objects_along_the_way as Named[];
    const later = (route.nearby as Named[]).slice(shown).filter((n) => !stops.some((o) => o.name === n.name));
    expect(later.length).toBeGreaterThan(0);
    expect(data).toContain(route.nearby[0].name);
    for (const n of later) expect(data).not.toContain(n.name);
    for (const picture of [...route.nearby, ...stops].map((n: Named) => n.img)) {
      if (picture) expect(data).not.toContain(picture);
    }
    const t = await open('/routes/detail/1', 'phone');
    const nearby = t.page.getByRole('region', { name: 'Рядом' });
    await expect.poll(() => nearby.getByRole('link').count(), { timeout: 30_000 }).toBe(route.nearby.length);
    await expect.poll(() => nearby.locator('img').count(), { timeout: 30_000 }).toBe(route.nearby.length);
    const thumbs = t.page.getByRole('button', { name: /Показать фотографию/ });
    expect(await thumbs.locator('img').count()).toBe(route.images.length);
    const links = await t.page
      .locator('ol a[href^="/attractions/detail/"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(links).toEqual(
      route.objects_along_the_way.map((o: { id: number }) => `/attractions/detail/${o.id}?lng=ru`),
    );
    expect(t.errors).toEqual([]);
    await t.close();
  }, 120_000);

  it('the GPX download of a route works and has its track and waypoints', async () => {
    const route = await api('/api/routes/1/');
    const t = await open('/routes/detail/1');
    const link = t.page.locator('a[data-download="gpx"]');
    expect(await link.getAttribute('href')).toBe('/api/routes/1/gpx/?lng=ru');
    const [download] = await Promise.all([t.page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.gpx$/);
    const counts = await t.page.evaluate(async (href) => {
      const text = await (await fetch(href)).text();
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: doc.querySelector('parsererror') !== null,
        trkpt: doc.getElementsByTagName('trkpt').length,
        wpt: doc.getElementsByTagName('wpt').length,
      };
    }, '/api/routes/1/gpx/');
    expect(counts).toEqual({
      error: false,
      trkpt: route.path.length,
      wpt: route.objects_along_the_way.length,
    });
    // The objects along the way link to their pages.
    const objects = t.page.locator('ol a[href^="/attractions/detail/"]');
    expect(await objects.count()).toBe(route.objects_along_the_way.length);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the .ics download of an event works, in the page language', async () => {
    const id = await firstId('events');
    const event = await api(`/api/events/${id}/`, 'en');
    const t = await open(`/events/detail/${id}?lng=en`);
    const link = t.page.locator('a[data-download="ics"]');
    expect(await link.getAttribute('href')).toBe(`/api/events/${id}/ics/?lng=en`);
    const [download] = await Promise.all([t.page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const res = await fetch(`${baseUrl()}/api/events/${id}/ics/?lng=en`);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    const text = await res.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n[ \t]/g, '')).toContain(
      `SUMMARY;LANGUAGE=en:${event.name.replace(/([,;])/g, '\\$1')}`,
    );
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('an unknown or malformed id, or an unknown section, is the not-found page with status 404', async () => {
    for (const path of [
      '/attractions/detail/999999',
      '/events/detail/abc',
      '/routes/detail/0',
      '/no-such-section/detail/1',
      '/foo-bar/detail/1',
      '/popular-places/detail/1',
    ]) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toMatch(/<h1[^>]*>Страница не найдена<\/h1>/);
    }
    const t = await open('/news/detail/999999', 'phone');
    expect(t.status).toBe(404);
    expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toBe('Страница не найдена');
    expect(await t.page.getByRole('link', { name: 'На главную' }).count()).toBeGreaterThan(0);
    await t.close();
  });

  it('"get directions" links lead to the coordinates; the map link opens the map on the place', async () => {
    const id = await firstId('attractions');
    const item = await api(`/api/attractions/${id}/`);
    const t = await open(`/attractions/detail/${id}`, 'phone');
    const links = t.page.locator('[data-directions] a[data-directions-link]');
    const hrefs: Record<string, string> = Object.fromEntries(
      await links.evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-directions-link'), e.getAttribute('href')]),
      ),
    );
    expect(Object.keys(hrefs)).toEqual(['geo', 'yandex', '2gis', 'google', 'apple', 'osm']);
    // Each service's own way of writing the destination, with the place's coordinates.
    const latLon: Record<string, RegExp> = {
      geo: /^geo:([\d.-]+),([\d.-]+)\?q=\1,\2\(.+\)$/,
      yandex: /^https:\/\/yandex\.ru\/maps\/\?rtext=~([\d.-]+),([\d.-]+)$/,
      google: /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=([\d.-]+),([\d.-]+)$/,
      apple: /^https:\/\/maps\.apple\.com\/\?daddr=([\d.-]+),([\d.-]+)$/,
      osm: /^https:\/\/www\.openstreetmap\.org\/directions\?to=([\d.-]+),([\d.-]+)$/,
    };
    const at = (href: string | undefined, pattern: RegExp) => {
      const m = pattern.exec(href ?? '');
      return m ? [Number(m[1]), Number(m[2])] : null;
    };
    for (const [service, pattern] of Object.entries(latLon)) {
      const point = at(hrefs[service], pattern);
      expect(point, `${service}: ${hrefs[service]}`).not.toBeNull();
      expect(point?.[0]).toBeCloseTo(item.lat, 6);
      expect(point?.[1]).toBeCloseTo(item.lon, 6);
    }
    // 2GIS writes longitude first.
    const gis = at(hrefs['2gis'], /^https:\/\/2gis\.ru\/directions\/points\/%7C([\d.-]+),([\d.-]+)$/);
    expect(gis?.[0]).toBeCloseTo(item.lon, 6);
    expect(gis?.[1]).toBeCloseTo(item.lat, 6);
    // Clear names; the services open in a new tab and say so, the phone's map app does not.
    const yandex = t.page.getByRole('link', {
      name: 'Яндекс Карты — проложить маршрут сюда (откроется в новой вкладке)',
    });
    expect(await yandex.getAttribute('target')).toBe('_blank');
    expect(await yandex.getAttribute('rel')).toContain('noopener');
    const app = t.page.getByRole('link', { name: 'Приложение карт на телефоне — проложить маршрут сюда' });
    expect(await app.isVisible()).toBe(true);
    expect(await app.getAttribute('target')).toBeNull();

    // The map link: the map page with the place selected and in view.
    const mapLink = t.page.getByRole('link', { name: 'Показать на интерактивной карте области' });
    const href = new URL((await mapLink.getAttribute('href')) ?? '', baseUrl());
    expect(href.pathname).toBe('/map');
    expect(href.searchParams.get('place')).toBe(`attractions.${id}`);
    await mapLink.click();
    await t.page.waitForURL((url) => url.pathname === '/map');
    const card = t.page.getByTestId('map-card');
    await expect
      .poll(() => card.getByRole('heading', { level: 2 }).textContent(), { timeout: 30_000 })
      .toBe(item.name);
    const view = new URL(t.page.url()).searchParams;
    expect(view.get('place')).toBe(`attractions.${id}`);
    const [lat, lon] = (view.get('at') ?? '').split(',').map(Number);
    expect(Math.abs((lat ?? 0) - item.lat)).toBeLessThan(0.01);
    expect(Math.abs((lon ?? 0) - item.lon)).toBeLessThan(0.01);
    expect(t.errors).toEqual([]);
    await t.close();
  }, 120_000);

  it('a route: directions to its start, the map link fits the route; no directions without a place', async () => {
    const route = await api('/api/routes/1/');
    const t = await open('/routes/detail/1');
    expect(await t.page.locator('#detail-directions-title').textContent()).toBe(
      'Как добраться до начала маршрута',
    );
    const [startLat, startLon] = route.path[0];
    const google = await t.page.locator('a[data-directions-link="google"]').getAttribute('href');
    const [lat, lon] = (/destination=([\d.-]+),([\d.-]+)$/.exec(google ?? '') ?? []).slice(1).map(Number);
    expect(lat).toBeCloseTo(startLat, 6);
    expect(lon).toBeCloseTo(startLon, 6);
    // A desktop browser has no app for geo: links, so that one is not shown there.
    expect(await t.page.locator('a[data-directions-link="geo"]').isVisible()).toBe(false);
    expect(await t.page.locator('a[data-directions-link="yandex"]').isVisible()).toBe(true);
    const mapLink = t.page.getByRole('link', { name: 'Показать маршрут на интерактивной карте области' });
    expect(await mapLink.getAttribute('href')).toBe('/map?place=routes.1&lng=ru');
    await mapLink.click();
    await t.page.waitForURL((url) => url.pathname === '/map');
    await expect
      .poll(() => t.page.getByTestId('map-card').getByRole('heading', { level: 2 }).textContent(), {
        timeout: 30_000,
      })
      .toBe(route.name);
    expect(t.errors).toEqual([]);
    await t.close();

    // News have no place: no map and no directions.
    const news = await open(`/news/detail/${await firstId('news')}`);
    expect(await news.page.locator('[data-directions], [data-map-link]').count()).toBe(0);
    await news.close();
  }, 120_000);

  it('the gallery works with the keyboard: buttons, arrow keys, Home/End and thumbnails', async () => {
    const route = await api('/api/routes/1/');
    const count = route.images.length as number;
    expect(count).toBeGreaterThan(2);
    const t = await open('/routes/detail/1', 'phone');
    const gallery = t.page.getByRole('region', { name: /Фотографии/ });
    const counter = gallery.locator('p[aria-live]');
    expect(await counter.textContent()).toBe(`1 / ${count}`);
    const next = gallery.getByRole('button', { name: 'Следующая фотография' });
    await next.focus();
    await t.page.keyboard.press('Enter');
    await expect.poll(() => counter.textContent()).toBe(`2 / ${count}`);
    await t.page.keyboard.press('ArrowRight');
    await expect.poll(() => counter.textContent()).toBe(`3 / ${count}`);
    await t.page.keyboard.press('Home');
    await expect.poll(() => counter.textContent()).toBe(`1 / ${count}`);
    await t.page.keyboard.press('End');
    await expect.poll(() => counter.textContent()).toBe(`${count} / ${count}`);
    // Tab reaches the thumbnails; Enter on the first shows the first picture.
    const thumbs = gallery.getByRole('button', { name: /Показать фотографию/ });
    expect(await thumbs.count()).toBe(count);
    await thumbs.first().focus();
    await t.page.keyboard.press('Enter');
    await expect.poll(() => counter.textContent()).toBe(`1 / ${count}`);
    expect(await thumbs.first().getAttribute('aria-current')).toBe('true');
    // Every picture has alt text naming the item.
    const alts = await gallery
      .locator('[role="group"] img')
      .evaluateAll((els) => els.map((e) => e.getAttribute('alt')));
    expect(alts.length).toBe(count);
    for (const alt of alts) expect(alt).toContain(route.name);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('a phone layout passes axe too, and a nearby card navigates in the app', async () => {
    const id = await firstId('attractions');
    const t = await open(`/attractions/detail/${id}`, 'phone');
    expect(await seriousViolations(t.page, ['.leaflet-marker-pane'])).toEqual([]);
    // the map, far below the first screen on a phone, is not loaded until the visitor scrolls to it
    expect(await t.page.locator('.leaflet-container').count()).toBe(0);
    expect(
      await t.page.evaluate(() =>
        performance.getEntriesByType('resource').some((r) => /map-queries|small-maps/.test(r.name)),
      ),
    ).toBe(false);
    await t.page.locator('[data-map-placeholder]').scrollIntoViewIfNeeded();
    await t.page.locator('.leaflet-container').waitFor();
    const card = t.page.getByRole('region', { name: 'Рядом' }).getByRole('link').first();
    const href = await card.getAttribute('href');
    expect(href).toMatch(/^\/[a-z-]+\/detail\/\d+\?lng=ru$/);
    await card.click();
    await t.page.waitForURL((url) => `${url.pathname}${url.search}` === href);
    await expect.poll(() => t.page.getByRole('heading', { level: 1 }).textContent()).not.toBe('');
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
