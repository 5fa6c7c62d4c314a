import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { addDays, regionToday } from '../../common/date-presets.js';
import { shareImageUrl } from '../../common/media.js';
import { weekdayOf } from '../../common/opening-hours.js';
import { parseXml, unfold } from '../helpers/files.js';
import { baseUrl, describeE2E, seriousViolations, useBrowser, type ViewportName } from './setup/browser.js';

// The visitor's trip: save places from lists and detail pages, arrange them into days with the
// keyboard, share the plan by its link, print it and download its files.

const wait = { timeout: 15_000 };
const shots = path.join(os.tmpdir(), 'portal-trip-shots');

/** The header's saved count, or null when it shows none (no waiting: callers poll). */
const count = async (page: Page) => {
  const badge = page.locator('[data-trip-count]');
  return (await badge.count()) ? badge.first().textContent() : null;
};
const keysOf = (page: Page, group: number) =>
  page
    .locator(`[data-trip-group="${group}"] [data-trip-item]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-trip-item')));
const status = (page: Page) => page.locator('[data-trip-announcer]').textContent();

/** Saves the first card of a list that is not saved yet; its key. */
async function saveFromList(page: Page, list: string): Promise<string> {
  const button = page.locator('[data-save][aria-pressed="false"]').first();
  const key = (await button.getAttribute('data-save')) as string;
  expect(key.startsWith(`${list}.`)).toBe(true);
  await button.click();
  await expect
    .poll(() => page.locator(`[data-save="${key}"]`).first().getAttribute('aria-pressed'), wait)
    .toBe('true');
  await expect.poll(() => status(page), wait).toContain('Сохранено в вашу поездку');
  return key;
}

/** Opens the first item of a list and saves it from its detail page; its key. */
async function saveFromDetail(page: Page, list: string, n = 0): Promise<string> {
  await page.goto(`${baseUrl()}/${list}/list`);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
  await page.locator('.card-link').nth(n).click();
  await page.waitForURL(new RegExp(`/${list}/detail/\\d+`), wait);
  const button = page.locator('article [data-save]').first();
  await expect.poll(() => button.getAttribute('aria-pressed'), wait).toBe('false');
  expect(await button.textContent()).toContain('Сохранить в поездку');
  await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed'), wait).toBe('true');
  return (await button.getAttribute('data-save')) as string;
}

describeE2E('the trip plan', () => {
  const b = useBrowser();

  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    it(`saves five places, arranges two days with the keyboard, shares, prints and exports (${viewport})`, async () => {
      const t = await b.page(viewport);
      const { page } = t;
      expect(await t.goto('/trip')).toBe(200);
      await page.locator('[data-trip-empty]').waitFor(wait);
      await page.screenshot({ path: path.join(shots, `${viewport}-empty.png`), fullPage: true });
      expect(await count(page)).toBeNull();

      // Five places: three from lists, two from detail pages.
      expect(await t.goto('/attractions/list')).toBe(200);
      const a1 = await saveFromList(page, 'attractions');
      // Pressed again, it is removed (and said so), then saved again.
      await page.locator(`[data-save="${a1}"]`).first().click();
      await expect.poll(() => status(page), wait).toContain('Удалено из поездки');
      await expect.poll(() => count(page), wait).toBeNull();
      await page.locator(`[data-save="${a1}"]`).first().click();
      await expect.poll(() => count(page), wait).toBe('1');
      expect(await t.goto('/routes/list')).toBe(200);
      expect(await page.locator(`[data-save][aria-pressed="true"]`).count()).toBe(0);
      const r1 = await saveFromList(page, 'routes');
      expect(await t.goto('/events/list')).toBe(200);
      const e1 = await saveFromList(page, 'events');
      await expect.poll(() => count(page), wait).toBe('3');
      const h1 = await saveFromDetail(page, 'residence');
      const c1 = await saveFromDetail(page, 'caterings');
      await expect.poll(() => count(page), wait).toBe('5');
      // The header's link leads to the plan: everything is there, not yet in a day.
      await page.locator('[data-trip-link]').click();
      await page.waitForURL(/\/trip\?lng=ru$/, wait);
      await expect.poll(() => keysOf(page, -1), wait).toEqual([a1, r1, e1, h1, c1]);
      expect(await page.locator('[data-trip-item] h3 a').first().textContent()).toBeTruthy();

      // Two days, arranged with the keyboard: a new day, then each item's day chosen in its list.
      await page.locator('[data-add-day]').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('[data-trip-group="1"]').count(), wait).toBe(1);
      const toDay = async (key: string, presses: number) => {
        const select = page.locator(`[data-trip-item="${key}"] [data-day-select]`);
        await select.focus();
        for (let n = 0; n < presses; n++) {
          await page.keyboard.press('ArrowDown');
          await expect
            .poll(() => page.locator(`[data-trip-group="${n}"] [data-trip-item="${key}"]`).count(), wait)
            .toBe(1);
          // the list keeps the focus in its new place
          await expect.poll(() => select.evaluate((e) => e === document.activeElement), wait).toBe(true);
        }
      };
      await toDay(a1, 1);
      await toDay(r1, 1);
      await toDay(h1, 1);
      await toDay(e1, 2);
      await toDay(c1, 2);
      await expect.poll(() => keysOf(page, 0), wait).toEqual([a1, r1, h1]);
      expect(await keysOf(page, 1)).toEqual([e1, c1]);
      expect(await page.locator('[data-trip-group="-1"]').count()).toBe(0);
      // Reordered by keyboard drag: the first item picked up with Space, moved down, dropped. Each
      // key waits for the announcement of the one before; after the pick-up, also for a timer of
      // the page: the keyboard sensor starts listening from a timer set when it starts, which can
      // run after the announcement is shown (an arrow pressed before it was lost on a busy machine).
      const said = () => page.locator('[id^="DndLiveRegion"]').textContent();
      const afterPageTimers = () => page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
      await page.locator(`[data-trip-item="${a1}"] [data-drag-handle]`).focus();
      await page.keyboard.press('Space');
      await expect.poll(said, wait).toMatch(/День 1, позиция 1\.$/);
      await afterPageTimers();
      await page.keyboard.press('ArrowDown');
      await expect.poll(said, wait).toMatch(/День 1, позиция 2\.$/);
      await page.keyboard.press('Space');
      await expect.poll(said, wait).toMatch(/перенесено: День 1, позиция 2\.$/);
      await expect.poll(() => keysOf(page, 0), wait).toEqual([r1, a1, h1]);
      // ... and with the buttons.
      await page.locator(`[data-trip-item="${c1}"] button[aria-label^="Выше"]`).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => keysOf(page, 1), wait).toEqual([c1, e1]);
      // A note.
      await page.locator(`[data-trip-item="${r1}"] [data-note]`).fill('Взять воду и дождевик');
      await page.keyboard.press('Tab');
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('portal-trip-v1') ?? ''), wait)
        .toContain('Взять воду и дождевик');
      // Distances: each leg, each day, and from Saint Petersburg, said to be straight lines.
      await expect.poll(() => page.locator('[data-trip-group="0"] [data-leg]').count(), wait).toBe(2);
      expect(await page.locator('[data-trip-group="0"] [data-day-distance]').textContent()).toMatch(
        /^[\d\s,]+ км по прямой$/,
      );
      expect(await page.locator('[data-from-spb]').count()).toBe(5);
      expect(await page.getByText('Расстояния между местами указаны по прямой').count()).toBe(1);
      // The map, with a numbered marker per item.
      await page.locator('[data-trip-stop]').first().scrollIntoViewIfNeeded();
      await expect.poll(() => page.locator('[data-trip-stop]').count(), wait).toBe(5);
      // Scanned from the top: axe's target-size counts a control that happens to be scrolled under
      // the sticky header as obscured by the header's links.
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `${viewport}-filled.png`), fullPage: true });

      // The files.
      const gpxHref = (await page.locator('[data-download="gpx"]').getAttribute('href')) as string;
      const gpx = await page.request.get(`${baseUrl()}${gpxHref}`);
      expect(gpx.status()).toBe(200);
      const elements = parseXml(await gpx.text());
      const waypoints = elements.filter((e) => e.name === 'wpt');
      expect(waypoints).toHaveLength(5);
      expect(elements.filter((e) => e.name === 'name').map((e) => e.text)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^День 1 · 1\. /),
          expect.stringMatching(/^День 2 · 2\. /),
        ]),
      );
      expect(elements.some((e) => e.name === 'desc' && e.text === 'Взять воду и дождевик')).toBe(true);
      expect(elements.filter((e) => e.name === 'trk')).toHaveLength(1);
      const icsHref = (await page.locator('[data-download="ics"]').getAttribute('href')) as string;
      const ics = await page.request.get(`${baseUrl()}${icsHref}`);
      const lines = unfold(await ics.text());
      expect(lines[0]).toBe('BEGIN:VCALENDAR');
      expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
      expect(lines.find((l) => l.startsWith('URL:'))).toContain(`/events/detail/${e1.split('.')[1]}`);

      // The printout: no frame, no controls, no map; one page per day.
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('[data-trip-link]').isVisible()).toBe(false);
      expect(await page.locator('[data-download="gpx"]').isVisible()).toBe(false);
      expect(await page.locator('[data-day-select]').first().isVisible()).toBe(false);
      expect(await page.locator('[data-trip-stop]').first().isVisible()).toBe(false);
      expect(await page.locator('[data-trip-group="0"] h2').isVisible()).toBe(true);
      expect(
        await page.locator('[data-trip-group="1"]').evaluate((e) => getComputedStyle(e).breakBefore),
      ).toBe('page');
      await page.screenshot({ path: path.join(shots, `${viewport}-print.png`), fullPage: true });
      await page.emulateMedia({ media: 'screen' });

      // The link, in a fresh browser: the same plan, rendered by the server.
      const link = (await page.locator('[data-share-url]').inputValue()) as string;
      const shared = new URL(link);
      expect(shared.pathname).toBe('/trip');
      const plain = await b.page(viewport, { javaScript: false });
      expect(await plain.goto(`/trip${shared.search}`)).toBe(200);
      expect(await keysOf(plain.page, 0)).toEqual([r1, a1, h1]);
      expect(await keysOf(plain.page, 1)).toEqual([c1, e1]);
      expect(await plain.page.getByText('Взять воду и дождевик').count()).toBe(1);
      const ogTitle = await plain.page.locator('meta[property="og:title"]').getAttribute('content');
      expect(ogTitle).toMatch(/дней — 2, мест — 5/);
      expect(await plain.page.locator('meta[property="og:description"]').getAttribute('content')).toMatch(
        /^День 1: .+\. День 2: .+\.$/,
      );
      expect(await plain.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      await plain.close();

      const other = await b.page(viewport);
      expect(await other.goto(`/trip${shared.search}`)).toBe(200);
      expect(await keysOf(other.page, 0)).toEqual([r1, a1, h1]);
      await other.page.screenshot({ path: path.join(shots, `${viewport}-shared.png`), fullPage: true });
      expect(await seriousViolations(other.page)).toEqual([]);
      await other.page.locator('[data-save-shared]').click();
      await other.page.waitForURL(/\/trip\?lng=ru$/, wait);
      await expect.poll(() => keysOf(other.page, 0), wait).toEqual([r1, a1, h1]);
      await expect.poll(() => count(other.page), wait).toBe('5');
      // The visitor's own plan is not replaced without asking.
      expect(
        await other.goto(`/trip?plan=1*${shared.searchParams.get('plan')?.split('*')[2]?.split('.')[0]}`),
      ).toBe(200);
      await other.page.locator('[data-save-shared]').click();
      await other.page.locator('[data-confirm="add"]').click();
      await other.page.waitForURL(/\/trip\?lng=ru$/, wait);
      await expect.poll(() => count(other.page), wait).toBe('5');
      // (the map's tiles come from outside, which the tests' browser never reaches)
      expect(
        [...t.errors, ...other.errors].filter((e) => !/ERR_FAILED|Failed to load resource/.test(e)),
      ).toEqual([]);
      await other.close();
      await t.close();
    }, 240_000);
  }

  it('with a first date, each day shows its date, each place its hours that day, each event whether it is on', async () => {
    const t = await b.page('desktop');
    const { page } = t;
    const api = async <T>(url: string): Promise<T> =>
      (await (await page.request.get(`${baseUrl()}${url}`)).json()) as T;
    // The museum in Slantsy opens Tuesday to Saturday, 10:00–18:00 (demo content).
    type List = { results: { id: number; name: string; start_date?: string; end_date?: string }[] };
    const found = await api<List>(`/api/attractions/?search=${encodeURIComponent('Сланцевский')}&limit=20`);
    const museum = found.results.find((r) => /^Сланцевский/.test(r.name));
    expect(museum?.name).toMatch(/Сланцевский/);
    // The next weekend, and an event that is on neither of its days.
    let saturday = addDays(regionToday(), 1);
    while (weekdayOf(saturday) !== 6) saturday = addDays(saturday, 1);
    const sunday = addDays(saturday, 1);
    const later = await api<List>(`/api/events/?date_from=${addDays(sunday, 1)}&limit=20`);
    const event = later.results.find((e) => (e.start_date as string) > sunday);
    expect(event).toBeDefined();
    const plan = {
      unplanned: [],
      days: [[{ key: `attractions.${museum?.id}` }, { key: `events.${event?.id}` }], []],
    };
    expect(await t.goto('/trip')).toBe(200);
    await page.evaluate((p) => localStorage.setItem('portal-trip-v1', JSON.stringify(p)), plan);
    expect(await t.goto('/trip')).toBe(200);
    await expect.poll(() => keysOf(page, 0), wait).toEqual(plan.days[0]?.map((e) => e.key));
    expect(await page.locator('[data-day-date]').count()).toBe(0);
    expect(await page.locator('[data-hours-on]').count()).toBe(0);

    // The first day picked in the calendar, with the keyboard: the coming Saturday.
    await page
      .locator('[data-trip-start]')
      .getByRole('button', { name: 'Выбрать в календаре: Первый день поездки' })
      .click();
    await page.locator('[data-trip-start]').getByRole('grid').waitFor(wait);
    const today = regionToday();
    for (let d = today; d < saturday; d = addDays(d, 1)) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('[data-trip-group="0"] [data-day-date]').getAttribute('datetime'), wait)
      .toBe(saturday);
    expect(await page.locator('[data-trip-group="1"] [data-day-date]').getAttribute('datetime')).toBe(sunday);
    expect(await page.locator('[data-trip-group="0"] [data-day-date]').textContent()).toMatch(/^сб, \d+ /);
    const museumHours = page.locator(`[data-trip-item="attractions.${museum?.id}"] [data-hours-on]`);
    // it says the place is open that day, and when
    expect(await museumHours.textContent()).toBe('открыто 10:00–18:00');
    expect(await page.locator('[data-trip-group="0"] [data-day-closed]').count()).toBe(0);
    expect(
      await page.locator(`[data-trip-item="events.${event?.id}"] [data-not-that-day]`).textContent(),
    ).toMatch(/^В этот день не проходит \(сб, /);
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('portal-trip-v1') ?? '{}').start), wait)
      .toBe(saturday);
    // On Sunday the museum is closed.
    await page.locator(`[data-trip-item="attractions.${museum?.id}"] [data-day-select]`).selectOption('1');
    await expect.poll(() => museumHours.textContent(), wait).toBe('закрыто в этот день');
    // and its day says so in its header
    expect(await page.locator('[data-trip-group="1"] [data-day-closed]').textContent()).toBe(
      '1 место закрыто в этот день',
    );
    await page.screenshot({ path: path.join(shots, 'desktop-dated.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The link carries the date: the shared plan, rendered by the server, shows the same.
    const link = new URL(await page.locator('[data-share-url]').inputValue());
    expect(link.searchParams.get('plan')?.startsWith(`1.${saturday}*`)).toBe(true);
    const plain = await b.page('phone', { javaScript: false });
    expect(await plain.goto(`/trip${link.search}`)).toBe(200);
    expect(await plain.page.locator('[data-trip-group="1"] [data-day-date]').getAttribute('datetime')).toBe(
      sunday,
    );
    expect(
      await plain.page.locator(`[data-trip-item="attractions.${museum?.id}"] [data-hours-on]`).textContent(),
    ).toBe('закрыто в этот день');
    await plain.page.screenshot({ path: path.join(shots, 'phone-dated-shared.png'), fullPage: true });
    await plain.close();
    expect(t.errors.filter((e) => !/ERR_FAILED|Failed to load resource/.test(e))).toEqual([]);
    await t.close();
  });

  it('while its places load, the plan names them by what it knows, never by their keys', async () => {
    const t = await b.page('phone');
    const { page } = t;
    // Two places saved from a list: the plan keeps the names their cards showed.
    expect(await t.goto('/attractions/list')).toBe(200);
    const a1 = await saveFromList(page, 'attractions');
    const a2 = await saveFromList(page, 'attractions');
    const cardName = async (key: string) =>
      ((await page.locator(`[data-save="${key}"]`).first().getAttribute('aria-label')) ?? '').replace(
        /^Сохранить в поездку: /,
        '',
      );
    const names = [await cardName(a1), await cardName(a2)];
    expect(names.every(Boolean)).toBe(true);
    // And an event the plan has no name of (a plan saved before names were kept, or from a link).
    const events = (await (await page.request.get(`${baseUrl()}/api/events/?limit=1`)).json()) as {
      results: { id: number; name: string }[];
    };
    const event = events.results[0] as { id: number; name: string };
    await page.evaluate((key) => {
      const plan = JSON.parse(localStorage.getItem('portal-trip-v1') ?? '{}');
      plan.days = [[{ key }]];
      localStorage.setItem('portal-trip-v1', JSON.stringify(plan));
    }, `events.${event.id}`);

    // The site's answer is held back: what the page shows meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/trip/?*', async (route) => {
      await held;
      await route.continue();
    });
    expect(await t.goto('/trip')).toBe(200);
    await expect.poll(() => page.locator('[data-trip-item]').count(), wait).toBe(3);
    expect(await page.locator('[data-trip-item] h3').allTextContents()).toEqual([
      `1. ${names[0]}`,
      `2. ${names[1]}`,
      '1. Место 1',
    ]);
    const keyPattern =
      /\b(attractions|events|routes|residence|caterings|entertainment|tourist-information-centers)\.\d+/;
    expect(await page.locator('main').innerText()).not.toMatch(keyPattern);
    const spoken = await page
      .locator('main [aria-label]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(spoken.filter((label) => keyPattern.test(label))).toEqual([]);
    expect(spoken).toContain(`Выше: ${names[1]}`);
    expect(spoken).toContain('Убрать из поездки: Место 1');
    await page.screenshot({ path: path.join(shots, 'phone-names-while-loading.png'), fullPage: true });

    // The answer comes: every item by the site's name, a link to its page.
    release();
    await expect
      .poll(() => page.locator(`[data-trip-item="events.${event.id}"] h3 a`).textContent(), wait)
      .toBe(event.name);
    expect(await page.locator('[data-trip-item] [aria-busy]').count()).toBe(0);
    await t.close();
  });

  it("a shared plan's canonical and og:url keep the plan, and its preview shows its first place's picture", async () => {
    const t = await b.page('phone', { javaScript: false });
    const api = async (url: string) =>
      (await (await t.page.request.get(`${baseUrl()}${url}`)).json()) as {
        items: { key: string; name: string; img: string | null }[];
      };
    const events = (await (await t.page.request.get(`${baseUrl()}/api/events/?limit=1`)).json()) as {
      results: { id: number }[];
    };
    const eventId = events.results[0]?.id;
    // Day 1 holds the event, the unplanned group a place: the preview shows day 1's first.
    const plan = `1*a31*e${eventId}`;
    const { items } = await api(`/api/trip/?items=events.${eventId}`);
    const event = items[0] as { name: string; img: string };
    for (const [query, lng] of [
      [`plan=${plan}`, ''],
      [`plan=${plan}&lng=en`, '&lng=en'],
    ] as const) {
      expect(await t.goto(`/trip?${query}`)).toBe(200);
      const head = (selector: string, attribute: string) =>
        t.page.locator(selector).first().getAttribute(attribute);
      const address = (url: string | null) => {
        const u = new URL(url ?? '');
        return `${u.pathname}${u.search}`;
      };
      const expected = `/trip?plan=${plan}${lng}`;
      expect(address(await head('link[rel="canonical"]', 'href'))).toBe(expected);
      expect(address(await head('meta[property="og:url"]', 'content'))).toBe(expected);
      const alternates = await t.page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
      expect(alternates.map(address)).toEqual([
        `/trip?plan=${plan}&lng=ru`,
        `/trip?plan=${plan}&lng=en`,
        `/trip?plan=${plan}&lng=zh`,
        `/trip?plan=${plan}`,
      ]);
      expect(address(await head('meta[property="og:image"]', 'content'))).toBe(shareImageUrl(event.img));
      if (!lng) expect(await head('meta[property="og:image:alt"]', 'content')).toBe(event.name);
      expect(await head('meta[name="twitter:card"]', 'content')).toBe('summary_large_image');
    }
    // The visitor's own /trip stays /trip.
    expect(await t.goto('/trip')).toBe(200);
    expect(new URL((await t.page.locator('link[rel="canonical"]').getAttribute('href')) ?? '').search).toBe(
      '',
    );
    await t.close();
  });

  it('says which distance from Saint Petersburg is by road and which a straight line, in each language', async () => {
    const t = await b.page('desktop', { javaScript: false });
    const found = (await (
      await t.page.request.get(
        `${baseUrl()}/api/attractions/?search=${encodeURIComponent('Выборгский замок')}&limit=20`,
      )
    ).json()) as { results: { id: number; name: string; distance_from_spb: number }[] };
    const castle = found.results.find((r) => r.name === 'Выборгский замок');
    // The content's figure is the road's (content/README.md); the straight line is shorter.
    expect(castle?.distance_from_spb).toBe(135);
    const words = {
      ru: {
        label: 'От Санкт-Петербурга',
        road: '135 км по дороге',
        straight: /^123 км по прямой от Дворцовой площади$/,
      },
      en: {
        label: 'From Saint Petersburg',
        road: '135 km by road',
        straight: /^123 km in a straight line from Palace Square$/,
      },
      zh: { label: '距圣彼得堡', road: '公路 135 公里', straight: /^距冬宫广场直线 123 公里$/ },
    };
    for (const [lng, w] of Object.entries(words)) {
      expect(await t.goto(`/attractions/detail/${castle?.id}?lng=${lng}`)).toBe(200);
      const fact = t.page.locator('dt', { hasText: w.label }).locator('xpath=following-sibling::dd[1]');
      expect((await fact.textContent())?.trim()).toBe(w.road);
      expect(await t.goto(`/trip?plan=1*a${castle?.id}&lng=${lng}`)).toBe(200);
      const item = t.page.locator(`[data-trip-item="attractions.${castle?.id}"]`);
      expect(await item.locator('dt', { hasText: w.label }).count()).toBe(1);
      expect(await item.locator('[data-by-road]').textContent()).toBe(w.road);
      expect(await item.locator('[data-straight]').textContent()).toMatch(w.straight);
    }
    await t.close();
  });

  it("the plan's first date is typed in the page's language", async () => {
    const start = addDays(regionToday(), 7);
    const [y, m, d] = start.split('-');
    for (const [lng, typed, hint] of [
      ['ru', `${d}.${m}.${y}`, /^Например, 31\.12\.\d{4}$/],
      ['en', `${d}/${m}/${y}`, /^For example, 31\/12\/\d{4}$/],
      ['zh', `${y}/${m}/${d}`, /^例如 \d{4}\/12\/31$/],
    ] as const) {
      const t = await b.page('phone');
      const { page } = t;
      expect(await t.goto(`/trip?lng=${lng}`)).toBe(200);
      await page.evaluate(() =>
        localStorage.setItem(
          'portal-trip-v1',
          JSON.stringify({ unplanned: [], days: [[{ key: 'attractions.1' }], []] }),
        ),
      );
      expect(await t.goto(`/trip?lng=${lng}`)).toBe(200);
      const field = page.locator('[data-trip-start]');
      await field.getByText(hint).waitFor(wait);
      const box = field.getByRole('textbox');
      await box.fill(typed);
      await box.press('Enter');
      await expect
        .poll(
          () => page.evaluate(() => JSON.parse(localStorage.getItem('portal-trip-v1') ?? '{}').start),
          wait,
        )
        .toBe(start);
      expect(await box.inputValue()).toBe(typed);
      // the field is cleared by its button, and the plan has no date again
      await field.locator('button[aria-label]').last().click();
      await expect
        .poll(
          () => page.evaluate(() => JSON.parse(localStorage.getItem('portal-trip-v1') ?? '{}').start ?? ''),
          wait,
        )
        .toBe('');
      expect(t.errors).toEqual([]);
      await t.close();
    }
  });

  it('a link naming removed places shows the rest and says what is gone; a broken link says so', async () => {
    const t = await b.page('desktop', { javaScript: false });
    const first = await t.page.request.get(`${baseUrl()}/api/attractions/?limit=1`);
    const id = ((await first.json()) as { results: { id: number }[] }).results[0]?.id;
    expect(await t.goto(`/trip?plan=1**a${id}.a999999.e888888`)).toBe(200);
    expect(await keysOf(t.page, 0)).toEqual([`attractions.${id}`]);
    expect(await t.page.locator('[data-trip-missing]').getAttribute('data-trip-missing')).toBe('2');
    expect(await t.page.locator('[data-trip-missing] li').allTextContents()).toEqual([
      'Достопримечательности — удалено или не существует',
      'События — удалено или не существует',
    ]);
    for (const [plan, problem] of [
      ['nonsense', 'malformed'],
      ['9*a1', 'version'],
    ] as const) {
      expect(await t.goto(`/trip?plan=${plan}`)).toBe(200);
      expect(await t.page.locator('[data-trip-bad-link]').getAttribute('data-trip-bad-link')).toBe(problem);
      expect(await t.page.locator('h1').textContent()).toBe('План поездки');
    }
    await t.close();
  });
});
