import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { baseUrl, describeE2E, type TestPage, useBrowser } from './setup/browser.js';

// The practical facts: the filters free / open now / step-free entrance give the API's counts on
// a list page, at 1440 px beside the list and at 375 px in the filter sheet; a detail page shows
// what is unknown as unknown.

const wait = { timeout: 15_000 };
const api = async (path: string) =>
  (await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': 'ru' } })).json();
const status = (page: Page) => page.locator('main [role="status"]').first();
const practical = (page: Page) => page.locator('fieldset[data-group="practical"]');
const search = (t: TestPage) => new URL(t.page.url()).searchParams;
/** The number a status line states ("Найдено 33 результата"), 0 when it says nothing was found. */
const stated = async (page: Page) => Number(/\d+/.exec((await status(page).textContent()) ?? '')?.[0] ?? 0);
const cards = (page: Page) => page.locator('main ul > li h2');

const filters = [
  { label: 'Бесплатно', param: 'free' },
  { label: 'Открыто сейчас', param: 'open_now' },
  { label: 'Вход без ступеней', param: 'step_free' },
] as const;

describeE2E('practical facts', () => {
  const b = useBrowser();

  it('1440 px: each filter gives the count of the API, and the cards follow', async () => {
    const t = await b.page('desktop');
    expect(await t.goto('/attractions/list')).toBe(200);
    for (const { label, param } of filters) {
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
    for (const { label, param } of filters) {
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
