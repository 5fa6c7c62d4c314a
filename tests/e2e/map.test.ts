import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { baseUrl, describeE2E, seriousViolations, type TestPage, useBrowser } from './setup/browser.js';

// The map page never depends on map tiles: every tile request is blocked, and the page must still
// show the region, its markers and clusters.

interface Points {
  sections: string[];
  points: {
    section: number[];
    id: number[];
    lat: number[];
    lon: number[];
    name: string[];
    district: number[];
  };
  routes: { id: number; objects: number[] }[];
}
interface Point {
  section: string;
  id: number;
  lat: number;
  lon: number;
  name: string;
  district: number;
}

let data: { points: Point[]; routes: Points['routes'] };
const keyOf = (p: Point) => `${p.section}.${p.id}`;

describeE2E('interactive map', () => {
  const b = useBrowser();
  beforeAll(async () => {
    const body = (await (await fetch(`${baseUrl()}/api/map/points/`)).json()) as Points;
    const c = body.points;
    data = {
      points: c.id.map((id, i) => ({
        section: body.sections[c.section[i] as number] as string,
        id,
        lat: c.lat[i] as number,
        lon: c.lon[i] as number,
        name: c.name[i] as string,
        district: c.district[i] as number,
      })),
      routes: body.routes,
    };
  });

  async function open(viewport: 'phone' | 'desktop', path: string): Promise<TestPage> {
    const t = await b.page(viewport);
    const tiles: string[] = [];
    await t.context.route(/tile|\{z\}|\/\d+\/\d+\/\d+\.png/, (route) => {
      tiles.push(route.request().url());
      return route.abort();
    });
    await t.goto(path);
    await mapShown(t);
    return t;
  }
  /** Waits for the map and its first marker or cluster. */
  async function mapShown(t: TestPage) {
    await t.page.locator('.leaflet-container').waitFor();
    await t.page
      .locator('.leaflet-marker-pane [data-key], .leaflet-marker-pane [data-count]')
      .first()
      .waitFor();
  }
  /**
   * Markers may overlap where places are close: WCAG 2.5.8's "equivalent" exception applies, since
   * every place is also a button of the list beside the map. axe checks everything else.
   */
  const axe = (page: Page) => seriousViolations(page, ['.leaflet-marker-pane']);
  /** Console errors other than the blocked tiles. */
  const errorsOf = (t: TestPage) => t.errors.filter((e) => !/ERR_FAILED|Failed to load resource/.test(e));

  /** The number of points the markers and clusters on the map stand for. */
  async function shown(page: Page): Promise<{ points: number; clusters: number; keys: string[] }> {
    return page.evaluate(() => {
      const keys = [...document.querySelectorAll('.leaflet-marker-pane [data-key]')].map(
        (e) => e.getAttribute('data-key') ?? '',
      );
      const counts = [...document.querySelectorAll('.leaflet-marker-pane [data-count]')].map((e) =>
        Number(e.getAttribute('data-count')),
      );
      return { points: keys.length + counts.reduce((a, c) => a + c, 0), clusters: counts.length, keys };
    });
  }

  it.each(['phone', 'desktop'] as const)(
    'shows the region, markers and clusters without tiles and without a footer (%s)',
    async (viewport) => {
      const t = await open(viewport, '/map');
      expect(await t.page.getByRole('contentinfo').count()).toBe(0);
      expect(await t.page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThan(18);
      const s = await shown(t.page);
      expect(s.clusters).toBeGreaterThan(0);
      if (viewport === 'desktop') expect(s.points).toBe(data.points.length);
      // The page fills the screen under the header and never scrolls sideways.
      const size = await t.page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        map: document.querySelector('.leaflet-container')?.getBoundingClientRect().height ?? 0,
      }));
      expect(size.width).toBeLessThanOrEqual(viewport === 'phone' ? 375 : 1440);
      expect(size.map).toBeGreaterThan(400);
      expect(await axe(t.page)).toEqual([]);
      // At the first view the clustering keeps markers apart: each has its 24-px target (WCAG 2.5.8).
      const targets = await new AxeBuilder({ page: t.page })
        .include('.leaflet-marker-pane')
        .withRules(['target-size'])
        .analyze();
      expect(targets.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
      expect(errorsOf(t)).toEqual([]);
      await t.close();
    },
  );

  it('a cluster click zooms in and splits it', async () => {
    const t = await open('desktop', '/map');
    const before = await t.page.evaluate(() => new URL(location.href).searchParams.get('at'));
    const cluster = t.page.locator('.leaflet-marker-pane [data-count]').first();
    await cluster.click();
    await expect
      .poll(() => t.page.evaluate(() => new URL(location.href).searchParams.get('at')?.split(',')[2]))
      .not.toBe(before?.split(',')[2]);
    await t.close();
  });

  it('layers and filters change what the map and the list show, and the URL keeps them', async () => {
    const t = await open('desktop', '/map');
    const panel = t.page.locator('#map-panel');
    for (const name of [
      'Достопримечательности',
      'Где остановиться',
      'Где поесть',
      'Туристские информационные центры',
      'Досуг и развлечения',
      'Маршруты',
    ]) {
      await panel.getByRole('checkbox', { name: new RegExp(`^${name} \\d`) }).uncheck();
    }
    const events = data.points.filter((p) => p.section === 'events');
    await expect.poll(async () => (await shown(t.page)).points).toBe(events.length);
    expect((await shown(t.page)).keys.every((k) => k.startsWith('events.'))).toBe(true);
    const listed = await panel
      .locator('button[data-key]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect(listed.length).toBe(events.length);
    expect(listed.every((k) => k?.startsWith('events.'))).toBe(true);
    expect(new URL(t.page.url()).searchParams.get('layers')).toBe('events');

    // District filter: only that district's events remain.
    const district = events[0]?.district as number;
    const districts = (await (await fetch(`${baseUrl()}/api/directory/district/`)).json()) as {
      id: number;
      name: string;
    }[];
    await panel.locator('summary', { hasText: 'Районы' }).click();
    await panel
      .getByRole('checkbox', { name: districts.find((d) => d.id === district)?.name, exact: true })
      .check();
    const inDistrict = events.filter((p) => p.district === district).map(keyOf);
    await expect.poll(async () => (await shown(t.page)).points).toBe(inDistrict.length);
    expect(new URL(t.page.url()).searchParams.get('district')).toBe(String(district));

    // Back to everything.
    await panel.getByRole('button', { name: /Сбросить/ }).click();
    await expect.poll(async () => (await shown(t.page)).points).toBe(data.points.length);
    expect(new URL(t.page.url()).searchParams.get('layers')).toBeNull();
    expect(errorsOf(t)).toEqual([]);
    await t.close();
  });

  it.each(['phone', 'desktop'] as const)(
    'a click on a marker opens a card whose link goes to the detail page (%s)',
    async (viewport) => {
      const place = data.points.find((p) => p.section === 'residence') as Point;
      const t = await open(viewport, `/map?layers=residence&at=${place.lat},${place.lon},17`);
      await t.page.locator(`.leaflet-marker-pane [data-key="residence.${place.id}"]`).click();
      const card = t.page.getByTestId('map-card');
      await expect.poll(() => card.getByRole('heading', { level: 2 }).textContent()).toBe(place.name);
      // The picture comes from the place's detail answer.
      await expect.poll(() => card.locator('img').getAttribute('src')).toMatch(/^\/media\/.+\/640\.jpg$/);
      const link = card.getByRole('link', { name: /Подробнее/ });
      expect(await link.getAttribute('href')).toBe(`/residence/detail/${place.id}?lng=ru`);
      expect(new URL(t.page.url()).searchParams.get('place')).toBe(`residence.${place.id}`);
      expect(await axe(t.page)).toEqual([]);
      await link.click();
      await t.page.waitForURL((url) => url.pathname === `/residence/detail/${place.id}`);
      await t.close();
    },
  );

  it('a route shows its line and its objects along the way', async () => {
    const route = data.routes.find((r) => r.objects.length > 1) as Points['routes'][number];
    const t = await open('desktop', `/map?place=routes.${route.id}`);
    const card = t.page.getByTestId('map-card');
    await expect.poll(() => card.locator('ol li').count()).toBe(route.objects.length);
    const names = await card.locator('ol li').allTextContents();
    const attractions = new Map(
      data.points.filter((p) => p.section === 'attractions').map((p) => [p.id, p.name]),
    );
    expect(names).toEqual(route.objects.map((id) => attractions.get(id)));
    await expect
      .poll(() => t.page.locator('.leaflet-marker-pane [data-stop]').count())
      .toBe(route.objects.length);
    expect(await card.getByRole('link', { name: /Подробнее/ }).getAttribute('href')).toBe(
      `/routes/detail/${route.id}?lng=ru`,
    );
    // A stop opens its own card.
    await card.getByRole('button', { name: names[0] as string }).click();
    await expect.poll(() => card.getByRole('heading', { level: 2 }).textContent()).toBe(names[0]);
    await t.close();
  });

  it('the URL restores layers, filters, the selected place and the view', async () => {
    const event = data.points.find((p) => p.section === 'events') as Point;
    const path = `/map?layers=events,routes&district=${event.district}&place=events.${event.id}&at=${event.lat},${event.lon},12`;
    const t = await open('desktop', path);
    const panel = t.page.locator('#map-panel');
    expect(await panel.getByRole('checkbox', { name: /^События \d/ }).isChecked()).toBe(true);
    expect(await panel.getByRole('checkbox', { name: /^Маршруты \d/ }).isChecked()).toBe(true);
    expect(await panel.getByRole('checkbox', { name: /^Достопримечательности \d/ }).isChecked()).toBe(false);
    await expect
      .poll(() => t.page.getByTestId('map-card').getByRole('heading', { level: 2 }).textContent())
      .toBe(event.name);
    const url = new URL(t.page.url());
    expect(url.searchParams.get('district')).toBe(String(event.district));
    expect(url.searchParams.get('at')).toBe(`${event.lat.toFixed(4)},${event.lon.toFixed(4)},12`);
    const keys = (await shown(t.page)).keys;
    expect(keys.every((k) => /^(events|routes)\./.test(k))).toBe(true);
    // A reload comes back to the same state.
    // The load event, the app's start and the map, as on opening (not a quiet network: 500 ms more).
    await t.page.reload({ waitUntil: 'load' });
    await t.page.waitForFunction(() => document.documentElement.dataset.app === 'started', null, {
      timeout: 15_000,
    });
    await mapShown(t);
    await expect
      .poll(() => t.page.getByTestId('map-card').getByRole('heading', { level: 2 }).textContent())
      .toBe(event.name);
    expect(new URL(t.page.url()).searchParams.get('at')).toBe(url.searchParams.get('at'));
    await t.close();
  });

  it('the search box finds a place by name and flies to it', async () => {
    const place = data.points.find((p) => p.section === 'caterings') as Point;
    const t = await open('phone', '/map');
    const box = t.page.getByRole('combobox', { name: /Найти/ });
    await box.fill(place.name.slice(0, 12));
    await expect.poll(() => t.page.getByRole('option').first().isVisible()).toBe(true);
    await t.page
      .getByRole('option', { name: new RegExp(place.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .click();
    await expect
      .poll(() => t.page.getByTestId('map-card').getByRole('heading', { level: 2 }).textContent())
      .toBe(place.name);
    await expect.poll(() => new URL(t.page.url()).searchParams.get('at')?.split(',')[2]).toBe('14');
    await t.close();
  });

  it.each([320, 375])(
    'at %i px the suggestions are as wide as the toolbar, names wrap, and the location note stays in view',
    async (width) => {
      const t = await b.page('phone');
      await t.page.setViewportSize({ width, height: 740 });
      await t.context.grantPermissions(['geolocation']);
      await t.context.setGeolocation({ latitude: 59.94, longitude: 30.31 });
      await t.goto('/map');
      await t.page.getByRole('button', { name: 'Рядом со мной' }).click();
      const note = t.page.getByText('Список отсортирован по расстоянию от вас');
      await expect.poll(() => note.isVisible()).toBe(true);
      // Finding the place opens the list sheet: close it to get back to the map.
      await t.page.getByRole('button', { name: 'Скрыть список' }).click();

      const box = t.page.getByRole('combobox', { name: /Найти/ });
      await box.fill('пет');
      const list = t.page.getByRole('listbox');
      await expect.poll(() => t.page.getByRole('option').count()).toBeGreaterThan(2);
      const rect = await list.boundingBox();
      // As wide as the screen less its side padding (10 px each side).
      expect(rect?.x).toBe(10);
      expect(rect?.width).toBe(width - 20);
      // Every name is readable in full: nothing is cut at the right edge.
      const cut = await list.evaluate((el) =>
        [...el.querySelectorAll('[role="option"] *')]
          .filter(
            (e) =>
              e.scrollWidth > e.clientWidth + 1 ||
              e.getBoundingClientRect().right > el.getBoundingClientRect().right,
          )
          .map((e) => e.textContent),
      );
      expect(cut).toEqual([]);
      // The note is neither under the suggestions nor hidden by them.
      const noteRect = await note.boundingBox();
      expect(noteRect).not.toBeNull();
      if (rect && noteRect) expect(noteRect.y + noteRect.height).toBeLessThanOrEqual(rect.y);
      expect(
        await note.evaluate((p) => {
          const r = p.getBoundingClientRect();
          return p.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        }),
      ).toBe(true);

      // The combobox: the arrows move the active option (aria-activedescendant), Enter picks it.
      await box.press('ArrowDown');
      const active = await box.getAttribute('aria-activedescendant');
      const option = t.page.locator(`[id="${active}"]`);
      expect(await option.getAttribute('role')).toBe('option');
      expect(await option.getAttribute('aria-selected')).toBe('true');
      expect(await t.page.getByRole('option').nth(1).getAttribute('id')).toBe(active);
      const name =
        (await option
          .locator('span')
          .nth(1)
          .evaluate((s) => s.firstChild?.textContent)) ?? '';
      await box.press('Enter');
      await expect
        .poll(() => t.page.getByTestId('map-card').getByRole('heading', { level: 2 }).textContent())
        .toBe(name);
      expect(await list.isVisible()).toBe(false);
      expect(await axe(t.page)).toEqual([]);
      expect(errorsOf(t)).toEqual([]);
      await t.close();
    },
  );

  it('the phone sheet lists the places in view; near me sorts them by distance', async () => {
    const t = await b.page('phone');
    await t.context.grantPermissions(['geolocation']);
    await t.context.setGeolocation({ latitude: 60.7096, longitude: 28.7497 });
    await t.goto('/map');
    const toggle = t.page.getByRole('button', { name: /список/i });
    expect(await t.page.locator('#map-panel').isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => t.page.locator('#map-panel button[data-key]').count()).toBeGreaterThan(0);
    await t.page.getByRole('button', { name: 'Рядом со мной' }).click();
    await expect.poll(() => t.page.locator('#map-panel h2').first().textContent()).toMatch(/Ближайшие/);
    const distances = await t.page
      .locator('#map-panel button[data-key] small')
      .allTextContents()
      .then((texts) =>
        texts.map((x) => Number((/([\d,]+) км от вас/.exec(x)?.[1] ?? 'NaN').replace(',', '.'))),
      );
    expect(distances.length).toBeGreaterThan(1);
    expect(distances.every((d) => Number.isFinite(d))).toBe(true);
    expect(distances).toEqual([...distances].sort((a, c) => a - c));
    await t.close();
  });

  it('no map code on other pages: the home page loads neither Leaflet nor its CSS', async () => {
    const t = await b.page('desktop');
    const bodies: string[] = [];
    t.page.on('response', async (r) => {
      if (/\.(js|css)(\?|$)/.test(r.url())) bodies.push(await r.text().catch(() => ''));
    });
    await t.goto('/');
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((s) => s.includes('leaflet-container'))).toEqual([]);
    expect(await t.page.locator('.leaflet-container').count()).toBe(0);
    await t.close();
  });
});
