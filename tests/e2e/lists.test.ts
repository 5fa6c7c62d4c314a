import type { Page, Request } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  baseUrl,
  describeE2E,
  footerReady,
  seriousViolations,
  type TestPage,
  useBrowser,
} from './setup/browser.js';

// The list pages: filters, the entry parameters, the search, the pages, the phone layout and the
// per-section titles (docs/decisions/004-list-state-in-the-url.md, 011-filter-sheet-on-phones.md).

const api = async (path: string, lang = 'ru') =>
  (await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': lang } })).json();

/** Navigations wait for the list's loader: give them time on a busy machine. */
const wait = { timeout: 15_000 };

/** The i-th item of a list that must have it. */
function nth<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no item ${i} in a list of ${list.length}`);
  return item;
}
const search = (t: TestPage) => new URL(t.page.url()).searchParams;
const group = (page: Page, id: string) => page.locator(`fieldset[data-group="${id}"]`);
const checkedIds = (page: Page, id: string) =>
  group(page, id)
    .locator('input[type="checkbox"][value]:checked')
    .evaluateAll((inputs) => inputs.map((i) => Number((i as HTMLInputElement).value)));
const status = (page: Page) => page.locator('main [role="status"]').first();
const listRequests = (t: TestPage, path: string) => {
  const seen: { url: URL; at: number }[] = [];
  t.page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname === path) seen.push({ url, at: Date.now() });
  });
  return seen;
};
/** The page numbers and arrows of the page selector. */
async function selector(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Страницы списка' });
  return {
    numbers: (await nav.locator('a:not([rel])').allTextContents()).map(Number),
    previous: await nav.locator('a[rel="prev"]').count(),
    next: await nav.locator('a[rel="next"]').count(),
    current: Number(await nav.locator('a[aria-current="page"]').textContent()),
  };
}

describeE2E('list pages', () => {
  const b = useBrowser();

  it('filters: an item toggles on and off, and the URL and the matches follow', async () => {
    const t = await b.page('desktop');
    expect(await t.goto('/attractions/list')).toBe(200);
    const districts: { id: number; name: string }[] = await api('/api/directory/district/');
    const vyborg = districts.find((d) => d.name === 'Выборгский район');
    expect(vyborg).toBeDefined();
    const district = group(t.page, 'district');

    // An item: on, then off again; the URL and the number of matches follow.
    await district.getByLabel('Выборгский район').check();
    await expect.poll(() => search(t).get('district__in'), wait).toBe(String(vyborg?.id));
    const filtered = await api(`/api/attractions/?limit=9&district__in=${vyborg?.id}`);
    await expect.poll(() => status(t.page).textContent(), wait).toContain(String(filtered.count));
    await expect
      .poll(() => t.page.locator('main ul > li h2').count(), wait)
      .toBe(Math.min(9, filtered.count));
    await district.getByLabel('Выборгский район').uncheck();
    await expect.poll(() => search(t).has('district__in'), wait).toBe(false);

    expect(t.errors).toEqual([]);
    await t.close();
  }, 150_000);

  it('filters: "all" turns every item off when all are on and all on otherwise', async () => {
    const t = await b.page('desktop');
    expect(await t.goto('/attractions/list')).toBe(200);
    const types: { id: number; name: string }[] = await api('/api/directory/object-type/');
    // "All" with none on: every item on.
    const type = group(t.page, 'type');
    const all = type.getByLabel('Все типы объектов');
    await all.check();
    const everyId = types.map((x) => x.id).sort((x, y) => x - y);
    await expect.poll(() => search(t).get('type__in'), wait).toBe(everyId.join(','));
    expect(await checkedIds(t.page, 'type')).toHaveLength(types.length);
    // "All" with all on: every item off.
    await all.uncheck();
    await expect.poll(() => search(t).has('type__in'), wait).toBe(false);
    expect(await checkedIds(t.page, 'type')).toEqual([]);
    // "All" with some on: every item on.
    await type.getByLabel(nth(types, 1).name, { exact: true }).check();
    await expect.poll(() => search(t).get('type__in'), wait).toBe(String(nth(types, 1).id));
    expect(await all.evaluate((i) => (i as HTMLInputElement).indeterminate)).toBe(true);
    await all.click();
    await expect.poll(() => search(t).get('type__in'), wait).toBe(everyId.join(','));
    expect(await checkedIds(t.page, 'type')).toHaveLength(types.length);

    // Reset clears everything.
    await t.page.getByRole('button', { name: 'Сбросить всё' }).click();
    await expect.poll(() => new URL(t.page.url()).search, wait).toBe('?lng=ru');
    expect(await checkedIds(t.page, 'type')).toEqual([]);
    expect(await seriousViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
    await t.close();
  }, 150_000);

  it('way_to_travel repeats its key; the route list asks the API the same', async () => {
    const t = await b.page('desktop');
    await t.goto('/routes/list');
    const seen = listRequests(t, '/api/routes/');
    const vehicles: { id: number; name: string }[] = await api('/api/directory/vehicle/');
    const ways = group(t.page, 'way_to_travel');
    await ways.getByLabel(nth(vehicles, 0).name, { exact: true }).check();
    await expect.poll(() => search(t).getAll('way_to_travel'), wait).toEqual([String(nth(vehicles, 0).id)]);
    await ways.getByLabel(nth(vehicles, 1).name, { exact: true }).check();
    await expect
      .poll(() => search(t).getAll('way_to_travel'), wait)
      .toEqual([nth(vehicles, 0).id, nth(vehicles, 1).id].sort((x, y) => x - y).map(String));
    const last = seen.at(-1)?.url;
    expect(last?.searchParams.getAll('way_to_travel').sort()).toEqual(
      [nth(vehicles, 0).id, nth(vehicles, 1).id].map(String).sort(),
    );
    expect(t.errors).toEqual([]);
    await t.close();
  }, 150_000);

  it('the entry rule: ?district=<id> ends with that district checked and the URL in the list encoding', async () => {
    const districts: { id: number; name: string }[] = await api('/api/directory/district/');
    const id = nth(districts, 3).id;
    const redirect = await fetch(`${baseUrl()}/attractions/list?district=${id}&tourism_type=2`, {
      redirect: 'manual',
    });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`/attractions/list?tourism_type__in=2&district__in=${id}`);

    const t = await b.page('desktop');
    expect(await t.goto(`/attractions/list?district=${id}`)).toBe(200);
    expect(new URL(t.page.url()).search).toBe(`?district__in=${id}`);
    expect(await checkedIds(t.page, 'district')).toEqual([id]);
    const filtered = await api(`/api/attractions/?limit=9&district__in=${id}`);
    expect(await status(t.page).textContent()).toContain(String(filtered.count));
    expect(t.errors).toEqual([]);
    await t.close();
  }, 150_000);

  it('search runs after a 750 ms pause in typing, not before, and only once', async () => {
    const t = await b.page('desktop');
    await t.goto('/attractions/list');
    const seen = listRequests(t, '/api/attractions/');
    const box = t.page.getByRole('searchbox', { name: 'Поиск по разделу' });
    // The last keystroke's time is read in the page: `type()` returns only after the browser
    // acknowledges the last key, which on a loaded machine comes well after the input event.
    await box.evaluate((el) =>
      el.addEventListener('input', () => {
        el.dataset.typedAt = String(Date.now());
      }),
    );
    await box.click();
    await t.page.keyboard.type('крепость', { delay: 60 });
    const typed = Number(await box.getAttribute('data-typed-at'));
    await t.page.waitForTimeout(Math.max(0, typed + 550 - Date.now()));
    expect(seen.filter((r) => r.url.searchParams.has('search'))).toEqual([]);
    await expect.poll(() => seen.filter((r) => r.url.searchParams.has('search')).length, wait).toBe(1);
    const request = seen.find((r) => r.url.searchParams.has('search'));
    expect(request?.url.searchParams.get('search')).toBe('крепость');
    expect((request?.at ?? 0) - typed).toBeGreaterThanOrEqual(700);
    await expect.poll(() => search(t).get('search'), wait).toBe('крепость');
    await t.page.waitForTimeout(1000);
    expect(seen.filter((r) => r.url.searchParams.has('search'))).toHaveLength(1);
    const expected = await api('/api/attractions/?limit=9&search=крепость');
    await expect.poll(() => status(t.page).textContent(), wait).toContain(String(expected.count));
    expect(t.errors).toEqual([]);
    await t.close();
  }, 150_000);

  it('search runs at once on Enter and on the search button', async () => {
    const t = await b.page('desktop');
    await t.goto('/residence/list');
    const seen = listRequests(t, '/api/residence/');
    const box = t.page.getByRole('searchbox', { name: 'Поиск по разделу' });
    await box.fill('отель');
    const enter = Date.now();
    await box.press('Enter');
    await expect
      .poll(() => seen.filter((r) => r.url.searchParams.get('search') === 'отель').length, wait)
      .toBe(1);
    expect((seen.at(-1)?.at ?? 0) - enter).toBeLessThan(700);
    await expect.poll(() => search(t).get('search'), wait).toBe('отель');
    await t.page.waitForTimeout(1000);
    // The pending pause was cancelled by Enter: still one request.
    expect(seen.filter((r) => r.url.searchParams.has('search'))).toHaveLength(1);

    await box.fill('база');
    const click = Date.now();
    await t.page.getByRole('button', { name: 'Искать' }).click();
    await expect
      .poll(() => seen.filter((r) => r.url.searchParams.get('search') === 'база').length, wait)
      .toBe(1);
    expect((seen.at(-1)?.at ?? 0) - click).toBeLessThan(700);
    await expect.poll(() => search(t).get('search'), wait).toBe('база');
    expect(t.errors).toEqual([]);
    await t.close();
  }, 150_000);

  it('the page selector on the first, a middle and the last page; a page past the end', async () => {
    const { count } = await api('/api/attractions/?limit=9');
    const last = Math.ceil(count / 9);
    expect(last).toBeGreaterThan(6);
    const t = await b.page('desktop');
    await t.goto('/attractions/list');
    expect(await selector(t.page)).toEqual({ numbers: [1, 2, 3, 4], previous: 0, next: 1, current: 1 });

    const middle = Math.floor(last / 2);
    await t.goto(`/attractions/list?page=${middle}`);
    expect(await selector(t.page)).toEqual({
      numbers: [middle - 1, middle, middle + 1, middle + 2],
      previous: 1,
      next: 1,
      current: middle,
    });
    const seen = listRequests(t, '/api/attractions/');
    // The next arrow: offset = (page - 1) * limit, and the page scrolls back to the list's top.
    await t.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await t.page.getByRole('link', { name: 'Следующая страница' }).click();
    await expect.poll(() => search(t).get('page'), wait).toBe(String(middle + 1));
    expect(seen.at(-1)?.url.searchParams.get('offset')).toBe(String(middle * 9));
    await expect.poll(() => t.page.evaluate(() => window.scrollY), wait).toBeLessThan(300);

    await t.goto(`/attractions/list?page=${last}`);
    expect(await selector(t.page)).toEqual({
      numbers: [last - 3, last - 2, last - 1, last],
      previous: 1,
      next: 0,
      current: last,
    });
    // Keyboard: the page links are reachable and work with Enter.
    const two = t.page.getByRole('link', { name: `Страница ${last - 1}` });
    await two.focus();
    await t.page.keyboard.press('Enter');
    await expect.poll(() => search(t).get('page'), wait).toBe(String(last - 1));
    const circle = await two.locator('span').boundingBox();
    expect(circle?.width).toBe(24);
    expect(circle?.height).toBe(24);

    await t.goto(`/attractions/list?page=${last + 5}`);
    const notice = t.page.getByRole('link', { name: `Перейти на последнюю страницу (${last})` });
    await notice.click();
    await expect.poll(() => search(t).get('page'), wait).toBe(String(last));
    await expect.poll(() => t.page.locator('main ul > li h2').count(), wait).toBe(count - (last - 1) * 9);
    expect(t.errors).toEqual([]);
    await t.close();
  }, 150_000);

  it.each([
    ['popular-places', 12],
    ['tourist-information-centers', 12],
  ])(
    '%s: the count the list states is the number of cards its pages show (%i a page)',
    async (section, limit) => {
      const endpoint = section === 'popular-places' ? '/api/attractions/popular/' : `/api/${section}/`;
      const { count } = await api(`${endpoint}?limit=${limit}`);
      const t = await b.page('desktop');
      await t.goto(`/${section}/list`);
      const stated = Number((await status(t.page).textContent())?.replace(/\D/g, ''));
      expect(stated).toBe(count);
      // Page by page to the last one: every card the count promises can be reached.
      const cards = t.page.locator('main ul > li h2');
      let shown = 0;
      for (let page = 1; ; page += 1) {
        await expect.poll(() => cards.count(), wait).toBe(Math.min(limit, count - (page - 1) * limit));
        shown += await cards.count();
        const next = t.page.getByRole('link', { name: 'Следующая страница' });
        if ((await next.count()) === 0) break;
        expect(page).toBeLessThan(Math.ceil(count / limit));
        await next.click();
        await expect.poll(() => search(t).get('page'), wait).toBe(String(page + 1));
      }
      expect(shown).toBe(stated);
      expect(t.errors).toEqual([]);
      await t.close();
    },
    90_000,
  );

  it('an unknown section is the not-found page on a client-side navigation too, never a loader', async () => {
    const t = await b.page('phone');
    await t.goto('/routes/list');
    const navigate = (to: string) =>
      t.page.evaluate(
        (path) =>
          (
            window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
          ).__reactRouterDataRouter.navigate(path),
        to,
      );
    const heading = t.page.getByRole('heading', { level: 1 });
    for (const path of ['/foo-bar/list', '/foo-bar/detail/1', '/foo-bar/list?page=2']) {
      await navigate(path);
      await t.page.waitForURL((url) => `${url.pathname}${url.search}` === path);
      await expect.poll(() => heading.textContent(), wait).toBe('Страница не найдена');
      expect(await t.page.locator('main [role="status"]').count(), path).toBe(0);
      expect(await t.page.getByRole('link', { name: 'На главную' }).count()).toBeGreaterThan(0);
      // back to a real list: the app still works
      await navigate('/news/list');
      await expect.poll(() => heading.textContent(), wait).toBe('Новости');
    }
    expect(t.errors).toEqual([]);
    await t.close();
  }, 90_000);

  it('below 1100 px the filters open a sheet, the search is toggled, and only one is open at a time', async () => {
    const t = await b.page('phone');
    await t.goto('/caterings/list');
    const filtersButton = t.page.getByRole('button', { name: 'Фильтры' });
    const searchButton = t.page.getByRole('button', { name: 'Поиск', exact: true });
    const sheet = t.page.getByRole('dialog', { name: 'Фильтры' });
    const box = t.page.getByRole('searchbox', { name: 'Поиск по разделу' });
    // The inline filters are the wide screen's: on a phone they stay hidden, open or not.
    expect(await group(t.page, 'kitchen_type').isVisible()).toBe(false);
    expect(await box.isVisible()).toBe(false);

    await searchButton.click();
    expect(await searchButton.getAttribute('aria-expanded')).toBe('true');
    expect(await box.isVisible()).toBe(true);

    // The filters button opens the sheet and closes the search.
    await filtersButton.click();
    await expect.poll(() => sheet.isVisible(), wait).toBe(true);
    expect(await sheet.locator('fieldset[data-group="kitchen_type"]').isVisible()).toBe(true);
    expect(await searchButton.getAttribute('aria-expanded')).toBe('false');
    expect(await box.isVisible()).toBe(false);
    expect(await seriousViolations(t.page)).toEqual([]);

    // Escape closes it without applying anything; the focus is back on the button.
    await t.page.keyboard.press('Escape');
    await expect.poll(() => sheet.isVisible(), wait).toBe(false);
    expect(await filtersButton.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(new URL(t.page.url()).search).toBe('');

    // Keyboard: Enter on the filters button opens it again, its close button closes it.
    await t.page.keyboard.press('Enter');
    await expect.poll(() => sheet.isVisible(), wait).toBe(true);
    await sheet.getByRole('button', { name: 'Закрыть фильтры' }).click();
    await expect.poll(() => sheet.isVisible(), wait).toBe(false);
    expect(t.errors).toEqual([]);
    await t.close();
  }, 150_000);

  it('phones: the filter sheet fills the screen, counts the results of the choice and shows them with one button', async () => {
    const t = await b.page('phone');
    await t.goto('/caterings/list');
    const firstCard = t.page.locator('main ul > li').first();
    const cardTop = async () => (await firstCard.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    // The first card is on the first screen.
    expect(await cardTop()).toBeLessThan(400);
    const seen = listRequests(t, '/api/caterings/');
    const all = (await api('/api/caterings/?limit=1')).count as number;
    const kitchens: { id: number; name: string }[] = await api('/api/directory/kitchen-type/');
    const cities: { id: number; name: string }[] = await api('/api/directory/city/');
    expect(cities.length).toBeGreaterThan(20);

    await t.page.getByRole('button', { name: 'Фильтры' }).click();
    const sheet = t.page.getByRole('dialog', { name: 'Фильтры' });
    await expect.poll(() => sheet.isVisible(), wait).toBe(true);
    // Full screen, and the only thing that scrolls inside it is the sheet's own body.
    // (once it has slid in)
    await expect.poll(() => sheet.boundingBox(), wait).toEqual({ x: 0, y: 0, width: 375, height: 812 });
    const scrollers = await sheet.evaluate(
      (dialog) =>
        [dialog, ...dialog.querySelectorAll('*')].filter((el) => {
          const { overflowY } = getComputedStyle(el);
          return /auto|scroll/.test(overflowY) && el.scrollHeight > el.clientHeight + 1;
        }).length,
    );
    expect(scrollers).toBe(1);
    // The last control of the sheet: its label is the count.
    const apply = sheet.getByRole('button').last();
    await expect.poll(() => apply.textContent(), wait).toBe(`Показать ${all} результата`);

    // The focus stays in the sheet: Shift+Tab from its first control goes to its last.
    await sheet.getByRole('button', { name: 'Закрыть фильтры' }).focus();
    await t.page.keyboard.press('Shift+Tab');
    expect(await apply.evaluate((b) => b === document.activeElement)).toBe(true);

    // 49 towns: a few, "show all", then a search field instead of a box that scrolls.
    const city = sheet.locator('fieldset[data-group="city"]');
    expect(await city.locator('input[type="checkbox"][value]').count()).toBeLessThan(10);
    await city.getByRole('button', { name: `Показать все ${cities.length}` }).click();
    const find = city.getByRole('searchbox');
    expect(await find.evaluate((f) => f === document.activeElement)).toBe(true);
    expect(await city.locator('input[type="checkbox"][value]').count()).toBe(cities.length);
    await find.fill('выборг');
    expect(await city.locator('input[type="checkbox"][value]').count()).toBe(
      cities.filter((c) => c.name.toLowerCase().includes('выборг')).length,
    );
    await find.fill('');

    // Two choices at once: one count request, for both, after the pause (no count per click).
    const kitchen = nth(kitchens, 0);
    const other = nth(kitchens, 1);
    const before = seen.length;
    await sheet.locator('fieldset[data-group="kitchen_type"]').evaluate(
      (set, ids) => {
        for (const id of ids) set.querySelector<HTMLInputElement>(`input[value="${id}"]`)?.click();
      },
      [kitchen.id, other.id],
    );
    const both = (await api(`/api/caterings/?limit=1&kitchen_type__in=${kitchen.id},${other.id}`))
      .count as number;
    const ru = (n: number) =>
      n % 10 === 1 && n % 100 !== 11
        ? 'результат'
        : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100)
          ? 'результата'
          : 'результатов';
    await expect.poll(() => apply.textContent(), wait).toBe(`Показать ${both} ${ru(both)}`);
    const counted = seen.slice(before).map((r) => r.url.searchParams.get('kitchen_type__in'));
    expect(counted).toEqual([`${kitchen.id},${other.id}`]);
    expect(new URL(t.page.url()).search).toBe('');

    // A choice with nothing says so plainly.
    let empty: { id: number; name: string } | undefined;
    for (const c of cities) {
      const { count } = await api(
        `/api/caterings/?limit=1&kitchen_type__in=${kitchen.id},${other.id}&city__in=${c.id}`,
      );
      if (count === 0) {
        empty = c;
        break;
      }
    }
    expect(empty).toBeDefined();
    await city.getByRole('searchbox').fill(empty?.name ?? '');
    await city.getByLabel(empty?.name ?? '', { exact: true }).check();
    await expect.poll(() => apply.textContent(), wait).toBe('Ничего не найдено');
    expect(await sheet.getByRole('status').textContent()).toMatch(/ничего не найдено/i);
    await city.getByLabel(empty?.name ?? '', { exact: true }).uncheck();
    await expect.poll(() => apply.textContent(), wait).toBe(`Показать ${both} ${ru(both)}`);

    // One button applies the choice: the URL, the cards, the first card near the top.
    await apply.click();
    await expect.poll(() => sheet.isVisible(), wait).toBe(false);
    await expect.poll(() => search(t).get('kitchen_type__in'), wait).toBe(`${kitchen.id},${other.id}`);
    await expect.poll(() => status(t.page).textContent(), wait).toContain(String(both));
    await expect.poll(() => t.page.locator('main ul > li h2').count(), wait).toBe(Math.min(16, both));
    expect(await cardTop()).toBeLessThan(400);
    expect(await t.page.getByRole('button', { name: /Фильтры/ }).textContent()).toContain('2');

    // Reset in the sheet clears the choice (the count says so) but applies nothing until asked.
    await t.page.getByRole('button', { name: /Фильтры/ }).click();
    await expect.poll(() => sheet.isVisible(), wait).toBe(true);
    await sheet.getByRole('button', { name: 'Сбросить' }).click();
    await expect.poll(() => apply.textContent(), wait).toBe(`Показать ${all} результата`);
    await t.page.keyboard.press('Escape');
    expect(search(t).get('kitchen_type__in')).toBe(`${kitchen.id},${other.id}`);
    expect(t.errors).toEqual([]);
    await t.close();

    // The button speaks the page's language.
    for (const [lng, label] of [
      ['en', `Show ${all} results`],
      ['zh', `查看 ${all} 条结果`],
    ]) {
      const u = await b.page('phone');
      await u.goto(`/caterings/list?lng=${lng}`);
      await u.page.locator('main button[aria-haspopup="dialog"]').click();
      await expect
        .poll(() => u.page.getByRole('dialog').getByRole('button').last().textContent(), wait)
        .toBe(label);
      await u.close();
    }
  }, 150_000);

  it('without JavaScript the filters are a form: a phone sees them and gets the filtered list', async () => {
    const t = await b.page('phone', { javaScript: false });
    expect(await t.goto('/caterings/list')).toBe(200);
    const kitchens: { id: number; name: string }[] = await api('/api/directory/kitchen-type/');
    const kitchen = nth(kitchens, 0);
    const panel = group(t.page, 'kitchen_type');
    expect(await panel.isVisible()).toBe(true);
    expect(await t.page.getByRole('button', { name: 'Фильтры' }).isVisible()).toBe(false);
    await panel.getByLabel(kitchen.name, { exact: true }).check();
    await Promise.all([
      t.page.waitForURL((url) => url.searchParams.has('kitchen_type__in')),
      t.page.getByRole('button', { name: 'Показать результаты' }).click(),
    ]);
    expect(search(t).get('kitchen_type__in')).toBe(String(kitchen.id));
    const { count } = await api(`/api/caterings/?limit=1&kitchen_type__in=${kitchen.id}`);
    expect(await status(t.page).textContent()).toContain(String(count));
    expect(await t.page.locator('main ul > li h2').count()).toBe(Math.min(16, count));
    expect(await checkedIds(t.page, 'kitchen_type')).toEqual([kitchen.id]);
    await t.close();
  }, 150_000);

  it('a reload keeps the filters, the search and the page', async () => {
    const t = await b.page('desktop');
    await t.goto('/attractions/list');
    const districts: { id: number; name: string }[] = await api('/api/directory/district/');
    const types: { id: number; name: string }[] = await api('/api/tourism-type/');
    await group(t.page, 'tourism_type').getByLabel(nth(types, 0).name, { exact: true }).check();
    await expect.poll(() => search(t).get('tourism_type__in'), wait).toBe(String(nth(types, 0).id));
    await group(t.page, 'district').getByLabel(nth(districts, 0).name).check();
    await expect.poll(() => search(t).get('district__in'), wait).toBe(String(nth(districts, 0).id));
    await t.page.getByRole('searchbox', { name: 'Поиск по разделу' }).fill('а');
    await t.page.keyboard.press('Enter');
    await expect.poll(() => search(t).get('search'), wait).toBe('а');
    const before = t.page.url();
    const cards = await t.page.locator('main ul > li h2').allTextContents();

    // The load event and the app's start, as `t.goto` waits for (not a quiet network: 500 ms more).
    await t.page.reload({ waitUntil: 'load' });
    await t.page.waitForFunction(() => document.documentElement.dataset.app === 'started', null, {
      timeout: 15_000,
    });
    expect(t.page.url()).toBe(before);
    expect(await checkedIds(t.page, 'tourism_type')).toEqual([nth(types, 0).id]);
    expect(await checkedIds(t.page, 'district')).toEqual([nth(districts, 0).id]);
    expect(await t.page.getByRole('searchbox', { name: 'Поиск по разделу' }).inputValue()).toBe('а');
    expect(await t.page.locator('main ul > li h2').allTextContents()).toEqual(cards);

    // A shared page of a list opens on that page, server-rendered.
    const { count } = await api('/api/attractions/?limit=9');
    const html = await (await fetch(`${baseUrl()}/attractions/list?page=2`)).text();
    expect(html).toContain('aria-current="page"');
    expect(html).toMatch(/Достопримечательности — страница 2/);
    expect(count).toBeGreaterThan(9);
    // Back undoes the last change.
    await t.page.goBack();
    await expect.poll(() => search(t).has('search'), wait).toBe(false);
    expect(t.errors).toEqual([]);
    await t.close();
  }, 150_000);

  it('the news list shows the newsletter button only when the subscription toggle is truthy', async () => {
    const t = await b.page('desktop');
    await t.context.addInitScript(() => localStorage.setItem('newsletter-subscribed', 'declined'));
    await t.goto('/news/list');
    expect(await api('/api/auth/subscribe/toggle/')).toEqual({ status: true });
    const button = t.page.getByRole('button', { name: 'Подписаться на новости' });
    await expect.poll(() => button.isVisible(), wait).toBe(true);
    await button.click();
    await expect.poll(() => t.page.getByRole('dialog').isVisible(), wait).toBe(true);
    await t.page.keyboard.press('Escape');
    await t.close();

    // The toggle says no: reach the news list by a client-side navigation and see no button.
    const u = await b.page('desktop');
    await u.context.addInitScript(() => localStorage.setItem('newsletter-subscribed', 'declined'));
    await u.context.route('**/api/auth/subscribe/toggle/', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":false}' }),
    );
    await u.goto('/routes/list');
    await footerReady(u.page);
    await u.page.evaluate(() => {
      // The footer's link: the app's (the menu's, before its code has come, is a plain link).
      const link = document.querySelector('footer a[href="/news/list?lng=ru"]') as HTMLAnchorElement | null;
      link?.click();
    });
    await u.page.waitForURL((url) => url.pathname === '/news/list');
    await expect
      .poll(() => u.page.getByRole('heading', { level: 1 }).textContent(), wait)
      .toContain('Новости');
    expect(await u.page.getByRole('button', { name: 'Подписаться на новости' }).count()).toBe(0);
    await u.close();
  }, 150_000);

  it('phones: no word of a card runs out of its card in the two-column lists', async () => {
    // The sections whose cards stand two abreast at 375 px, and whose names have the longest words
    // ("Информационно-туристский", "Староладожской", "Лодейнопольском").
    const slugs = [
      'tourist-information-centers',
      'events',
      'caterings',
      'popular-places',
      'entertainment',
      'residence',
      'attractions',
      'routes',
      'tourism-type',
    ];
    const t = await b.page('phone');
    for (const slug of slugs) {
      await t.goto(`/${slug}/list`);
      const { cards, columns, overflows } = await t.page.evaluate(() => {
        const found: string[] = [];
        const items = [...document.querySelectorAll('main li:has(a.card-link)')];
        for (const item of items) {
          const card = item.firstElementChild as HTMLElement;
          const edge = card.getBoundingClientRect();
          for (const el of card.querySelectorAll<HTMLElement>('h2, h3, h4, p, dd, div, span')) {
            if (getComputedStyle(el).display === 'inline') continue;
            const box = el.getBoundingClientRect();
            if (el.scrollWidth > el.clientWidth + 1 || box.right > edge.right + 1 || box.left < edge.left - 1)
              found.push(
                `${el.tagName} "${el.textContent?.slice(0, 40)}": ${el.scrollWidth} > ${el.clientWidth}`,
              );
          }
        }
        const lefts = new Set(items.map((i) => Math.round(i.getBoundingClientRect().left)));
        return { cards: items.length, columns: lefts.size, overflows: found };
      });
      expect(cards, slug).toBeGreaterThan(0);
      expect(columns, slug).toBe(2);
      expect(overflows, slug).toEqual([]);
    }
    await t.close();
  }, 120_000);

  it('every section has its list page with its own title, description and canonical URL', async () => {
    const slugs = [
      'news',
      'routes',
      'events',
      'residence',
      'attractions',
      'entertainment',
      'popular-places',
      'caterings',
      'tourism-type',
      'tourist-information-centers',
    ];
    const withoutDistrict = ['news', 'popular-places', 'tourism-type'];
    const titles = new Set<string>();
    for (const slug of slugs) {
      const res = await fetch(`${baseUrl()}/${slug}/list?district__in=1&page=2`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      titles.add(title);
      // A filtered view's canonical is the list itself, without filters, page or language; where the
      // section has no district filter the page is page 2 of the whole list, its own canonical.
      const own = withoutDistrict.includes(slug) ? '?page=2' : '';
      expect(html).toContain(`<link rel="canonical" href="${baseUrl()}/${slug}/list${own}"/>`);
      expect(html).toContain(
        `hrefLang="en" href="${baseUrl()}/${slug}/list${own ? `${own}&amp;` : '?'}lng=en"`,
      );
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    }
    expect(titles.size).toBe(slugs.length);
    // A later page of the whole list is its own canonical address, in every language.
    const later = await (await fetch(`${baseUrl()}/attractions/list?page=2`)).text();
    expect(later).toContain(`<link rel="canonical" href="${baseUrl()}/attractions/list?page=2"/>`);
    expect(later).toContain(`hrefLang="en" href="${baseUrl()}/attractions/list?page=2&amp;lng=en"`);
    const laterEn = await (await fetch(`${baseUrl()}/attractions/list?page=3&lng=en`)).text();
    expect(laterEn).toContain(
      `<link rel="canonical" href="${baseUrl()}/attractions/list?page=3&amp;lng=en"/>`,
    );
  }, 150_000);
});
