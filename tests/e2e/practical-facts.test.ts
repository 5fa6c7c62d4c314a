import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { baseUrl, describeE2E, seriousViolations, type TestPage, useBrowser } from './setup/browser.js';

// The practical facts: the filters free / open now / step-free entrance give the API's counts on
// a list page, at 1440 px beside the list and at 375 px in the filter sheet; a detail page shows
// what is unknown as unknown.

const wait = { timeout: 15_000 };
const api = async (path: string) =>
  (await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': 'ru' } })).json();
const status = (page: Page) => page.locator('main [role="status"]').first();
const practical = (page: Page) => page.locator('fieldset[data-group="practical"]');
const switches = 'label:has(input[type="checkbox"])';
const search = (t: TestPage) => new URL(t.page.url()).searchParams;
/** The number a status line states ("Найдено 33 результата"), 0 when it says nothing was found. */
const stated = async (page: Page) => Number(/\d+/.exec((await status(page).textContent()) ?? '')?.[0] ?? 0);
const cards = (page: Page) => page.locator('main ul > li h2');

const filters = [
  { label: 'Бесплатно', param: 'free' },
  { label: 'Открыто сейчас', param: 'open_now' },
  { label: 'Вход без ступеней', param: 'step_free' },
] as const;
/** The filters a list of a section offers: those some place of it can pass (the API says which). */
const offered = async (section: string, query = '') => {
  const offer: Record<string, string[]> = await api(`/api/practical-filters/${query}`);
  return filters.filter((f) => offer[section]?.includes(f.param));
};

describeE2E('practical facts', () => {
  const b = useBrowser();

  it('1440 px: each filter gives the count of the API, and the cards follow', async () => {
    const t = await b.page('desktop');
    expect(await t.goto('/attractions/list')).toBe(200);
    const shown = await offered('attractions');
    expect(shown.length).toBeGreaterThan(0);
    for (const { label, param } of shown) {
      await practical(t.page).getByLabel(label).check();
      await expect.poll(() => search(t).get(param), wait).toBe('true');
      // "open now" may change at a minute's end: the API is asked at each look
      await expect
        .poll(async () => {
          const { count } = await api(`/api/attractions/?limit=9&${param}=true`);
          return (await stated(t.page)) === count && (await cards(t.page).count()) === Math.min(9, count);
        }, wait)
        .toBe(true);
      if (param === 'free') expect(await stated(t.page)).toBeGreaterThan(5);
      await practical(t.page).getByLabel(label).uncheck();
      await expect.poll(() => search(t).has(param), wait).toBe(false);
    }
    expect(t.errors).toEqual([]);
    await t.close();
  }, 150_000);

  it('375 px: the filter sheet counts each choice as the API does and shows it', async () => {
    const t = await b.page('phone');
    expect(await t.goto('/attractions/list')).toBe(200);
    for (const { label, param } of await offered('attractions')) {
      await t.page.getByRole('button', { name: 'Фильтры' }).click();
      const sheet = t.page.getByRole('dialog', { name: 'Фильтры' });
      await expect.poll(() => sheet.isVisible(), wait).toBe(true);
      await sheet.getByLabel(label).check();
      const apply = sheet.getByRole('button').last();
      await expect
        .poll(async () => {
          const { count } = await api(`/api/attractions/?limit=1&${param}=true`);
          const text = (await apply.textContent()) ?? '';
          return count === 0 ? text === 'Ничего не найдено' : text.includes(String(count));
        }, wait)
        .toBe(true);
      await apply.click();
      await expect.poll(() => search(t).get(param), wait).toBe('true');
      await expect
        .poll(async () => {
          const { count } = await api(`/api/attractions/?limit=9&${param}=true`);
          return (await stated(t.page)) === count;
        }, wait)
        .toBe(true);
      // back to the whole list
      await t.page.getByRole('button', { name: 'Сбросить всё' }).click();
      await expect.poll(() => search(t).has(param), wait).toBe(false);
    }
    expect(t.errors).toEqual([]);
    await t.close();
  }, 150_000);

  it.each(['desktop', 'phone'] as const)(
    'offers only the filters some place of the list can pass (%s), on the lists, the tabs and the map',
    async (viewport) => {
      const t = await b.page(viewport);
      const labels = async () => {
        // the switches (the day and time of "open on a day" are under them, decision 048)
        if (viewport === 'desktop') return practical(t.page).locator(switches).allTextContents();
        await t.page.getByRole('button', { name: 'Фильтры' }).click();
        const sheet = t.page.getByRole('dialog', { name: 'Фильтры' });
        await sheet.locator('fieldset').first().waitFor(wait);
        const found = await sheet.locator(`fieldset[data-group="practical"] ${switches}`).allTextContents();
        await sheet.getByRole('button', { name: 'Закрыть фильтры' }).click();
        return found;
      };
      // Nothing is known of any place's entrance in the demo content, nor anything of the hotels.
      for (const section of ['attractions', 'residence', 'caterings', 'tourist-information-centers']) {
        expect(await t.goto(`/${section}/list`)).toBe(200);
        const expected = (await offered(section)).map((f) => f.label);
        expect(await labels(), section).toEqual(expected);
        expect(expected, section).not.toContain('Вход без ступеней');
      }
      expect((await offered('attractions')).map((f) => f.param)).toEqual(['free', 'open_now']);
      expect(await offered('residence')).toEqual([]);
      // A direction's tab of attractions offers what its district's attractions can pass.
      const directions: { id: number; districtid: number }[] = await api('/api/directions/');
      for (const direction of directions.slice(0, 3)) {
        expect(await t.goto(`/directions/detail/${direction.id}?tab=2`)).toBe(200);
        const expected = (await offered('attractions', `?district=${direction.districtid}`)).map(
          (f) => f.label,
        );
        expect(
          await practical(t.page).locator('label').allTextContents(),
          `direction ${direction.id}`,
        ).toEqual(expected);
      }
      // The map offers what the places of its layers can pass.
      expect(await t.goto('/map')).toBe(200);
      const chips = t.page.locator('fieldset button[aria-pressed]');
      await expect.poll(() => chips.allTextContents(), wait).toEqual(['Бесплатно', 'Открыто сейчас']);
      // (map tiles cannot load here)
      expect(t.errors.filter((e) => !/ERR_FAILED|Failed to load resource/.test(e))).toEqual([]);
      await t.close();
    },
    120_000,
  );

  it.each(['desktop', 'phone'] as const)(
    'a choice that finds nothing says so and offers the way back (%s): a list, then the map',
    async (viewport) => {
      const t = await b.page(viewport);
      // A filter the URL asks for stays shown while it is on, so it can be switched off.
      expect(await t.goto('/residence/list?step_free=true&type__in=1')).toBe(200);
      const main = t.page.locator('main');
      await main.getByText('Ничего не нашлось').waitFor(wait);
      expect(await stated(t.page)).toBe(0);
      expect(await seriousViolations(t.page)).toEqual([]);
      const ways = main.getByRole('list', { name: 'Уберите одно из условий:' });
      expect(await ways.getByRole('link').allTextContents()).toEqual([
        'Убрать условие: Вход без ступеней×',
        expect.stringMatching(/^Убрать условие: Тип размещения: .+×$/),
      ]);
      await ways.getByRole('link', { name: /Вход без ступеней/ }).click();
      await expect.poll(() => search(t).has('step_free'), wait).toBe(false);
      expect(search(t).get('type__in')).toBe('1');
      await expect.poll(async () => (await cards(t.page).count()) > 0, wait).toBe(true);

      expect(await t.goto('/residence/list?step_free=true&type__in=1')).toBe(200);
      await main.getByRole('link', { name: 'Сбросить всё' }).click();
      await expect.poll(() => new URL(t.page.url()).search, wait).toBe('?lng=ru');
      await expect.poll(async () => (await cards(t.page).count()) > 0, wait).toBe(true);

      // The map: nothing free among the hotels.
      expect(await t.goto('/map?layers=residence&free=true')).toBe(200);
      const note = t.page.getByRole('status').filter({ hasText: 'На карте ничего не нашлось' });
      await note.waitFor(wait);
      expect(await note.isVisible()).toBe(true);
      expect(await seriousViolations(t.page, ['.leaflet-marker-pane'])).toEqual([]);
      await note.getByRole('button', { name: /Бесплатно/ }).click();
      await expect.poll(() => note.count(), wait).toBe(0);
      expect(search(t).has('free')).toBe(false);
      await t.page
        .locator('.leaflet-marker-pane [data-key], .leaflet-marker-pane [data-count]')
        .first()
        .waitFor(wait);

      expect(await t.goto('/map?layers=residence&free=true')).toBe(200);
      await note.waitFor(wait);
      await note.getByRole('button', { name: 'Сбросить слои и фильтры' }).click();
      await expect.poll(() => note.count(), wait).toBe(0);
      expect(search(t).has('free')).toBe(false);
      expect(search(t).has('layers')).toBe(false);
      expect(t.errors.filter((e) => !/ERR_FAILED|Failed to load resource/.test(e))).toEqual([]);
      await t.close();
    },
    120_000,
  );

  it('without JavaScript an empty choice links back to the list without it', async () => {
    const t = await b.page('phone', { javaScript: false });
    expect(await t.goto('/residence/list?step_free=true')).toBe(200);
    await t.page.getByRole('link', { name: /Убрать условие: Вход без ступеней/ }).click();
    await t.page.waitForURL((url) => !url.searchParams.has('step_free'), wait);
    expect(await stated(t.page)).toBeGreaterThan(0);
    await t.close();
  });

  it('works without JavaScript: the filter is a field of the list form', async () => {
    const t = await b.page('phone', { javaScript: false });
    expect(await t.goto('/attractions/list')).toBe(200);
    await practical(t.page).getByLabel('Бесплатно').check();
    await t.page.getByRole('button', { name: 'Показать результаты' }).click();
    await t.page.waitForURL(/free=true/, wait);
    const { count } = await api('/api/attractions/?limit=9&free=true');
    expect(await stated(t.page)).toBe(count);
    await t.close();
  });

  it('a detail page says what is unknown, and what is known', async () => {
    const t = await b.page('phone');
    // the first attraction: no schedule, price or accessibility fact is known
    expect(await t.goto('/attractions/detail/1')).toBe(200);
    const fact = (id: string) => t.page.locator(`[data-fact="${id}"] dd`);
    expect(await fact('hours').textContent()).toContain('Часы работы неизвестны');
    expect(await fact('admission').textContent()).toContain('Цена неизвестна');
    // none of the seven facts is known: said once
    expect(await fact('accessibility').locator('li').allTextContents()).toEqual(['Сведений пока нет']);

    const list: { id: number; name: string }[] = await api('/api/attractions/?search=Разорванное');
    const memorial = list.find((p) => p.name.includes('Разорванное кольцо'));
    expect(memorial).toBeDefined();
    expect(await t.goto(`/attractions/detail/${memorial?.id}`)).toBe(200);
    expect(await fact('hours').textContent()).toContain('Открыто сейчас');
    expect(await fact('hours').textContent()).toContain('Круглосуточно');
    expect(await fact('admission').textContent()).toContain('Бесплатно');
    const ld = await t.page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(ld ?? '{}');
    expect(data.isAccessibleForFree).toBe(true);
    expect(data.openingHoursSpecification?.[0]).toMatchObject({ opens: '00:00', closes: '23:59' });
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
