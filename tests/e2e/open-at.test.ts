import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { addDays, regionToday } from '../../common/date-presets.js';
import { weekdayOf } from '../../common/opening-hours.js';
import { baseUrl, describeE2E, seriousViolations, useBrowser } from './setup/browser.js';

// "Open on a day" beside "open now": a visitor looks for an attraction open on the coming Saturday
// at 11:00, with JavaScript at 1440 px (typing the day in Russian, picking the time), without it on
// a phone (the GET form), and a choice that finds nothing says so with the way back.

const wait = { timeout: 15_000 };
const shots = path.join(os.tmpdir(), 'portal-open-at-shots');
const api = async (url: string) =>
  (await fetch(`${baseUrl()}${url}`, { headers: { 'accept-language': 'ru' } })).json();
const status = (page: Page) => page.locator('main [role="status"]').first();
const stated = async (page: Page) => Number(/\d+/.exec((await status(page).textContent()) ?? '')?.[0] ?? 0);
const names = (page: Page) => page.locator('main ul > li h2').allTextContents();
const openAt = (page: Page) => new URL(page.url()).searchParams.get('open_at');

/**
 * The app's day field, where a date is typed in the page's language. Not the server's date input,
 * which it replaces a moment after the app starts: text filled into that one is not a date it
 * takes, and is lost with it.
 */
const typedDay = (within: Locator) =>
  within.locator('[data-date-field="open_date"]').getByRole('textbox', { name: 'День', exact: true });

/** The coming Saturday in the region, and how a Russian visitor types it. */
function comingSaturday(): { iso: string; typed: string } {
  let day = addDays(regionToday(), 1);
  while (weekdayOf(day) !== 6) day = addDays(day, 1);
  const [y, m, d] = day.split('-');
  return { iso: day, typed: `${d}.${m}.${y}` };
}

describeE2E('open on a day', () => {
  const b = useBrowser();

  it('1440 px: a visitor finds an attraction open on Saturday at 11:00', async () => {
    const saturday = comingSaturday();
    const expected = await api(`/api/attractions/?limit=9&open_at=${saturday.iso}T11:00`);
    expect(expected.count).toBeGreaterThan(0);
    const t = await b.page('desktop');
    expect(await t.goto('/attractions/list')).toBe(200);
    const field = t.page.locator('fieldset[data-group="open_at"]');
    await typedDay(field).fill(saturday.typed);
    await typedDay(field).press('Enter');
    await expect.poll(() => openAt(t.page), wait).toBe(saturday.iso);
    await field.getByLabel('Время').selectOption('11:00');
    await expect.poll(() => openAt(t.page), wait).toBe(`${saturday.iso}T11:00`);
    await expect.poll(() => stated(t.page), wait).toBe(expected.count);
    await expect
      .poll(() => names(t.page), wait)
      .toEqual(expected.results.map((r: { name: string }) => r.name));
    // fewer than the whole list: the places closed then, or whose hours are unknown, are not there
    const all = await api('/api/attractions/?limit=1');
    expect(expected.count).toBeLessThan(all.count);
    await t.page.screenshot({ path: path.join(shots, 'list-1440.png'), fullPage: true });
    expect(await seriousViolations(t.page)).toEqual([]);
    // the address keeps it: a reload shows the same
    expect(await t.goto(`/attractions/list?open_at=${saturday.iso}T11:00`)).toBe(200);
    expect(await stated(t.page)).toBe(expected.count);
    expect(t.errors).toEqual([]);
    await t.close();
  }, 120_000);

  it('375 px without JavaScript: the form sends the day and time, the list shows the places open then', async () => {
    const saturday = comingSaturday();
    const expected = await api(`/api/attractions/?limit=9&open_at=${saturday.iso}T11:00`);
    const t = await b.page('phone', { javaScript: false });
    expect(await t.goto('/attractions/list')).toBe(200);
    const form = t.page.locator('form:has(fieldset[data-group="open_at"])');
    await form.locator('input[name="open_date"]').fill(saturday.iso);
    await form.locator('select[name="open_time"]').selectOption('11:00');
    await form.getByRole('button', { name: 'Показать результаты' }).click();
    await t.page.waitForURL(/open_at=/);
    expect(openAt(t.page)).toBe(`${saturday.iso}T11:00`);
    expect(new URL(t.page.url()).searchParams.has('open_date')).toBe(false);
    expect(await stated(t.page)).toBe(expected.count);
    await t.page.screenshot({ path: path.join(shots, 'list-375-no-js.png'), fullPage: true });
    await t.close();
  }, 120_000);

  it('375 px: the filter sheet counts the choice, and nothing found says so with the way back', async () => {
    const saturday = comingSaturday();
    const t = await b.page('phone');
    // 03:00 on a Saturday: no information centre is open then
    const night = await api(`/api/tourist-information-centers/?limit=1&open_at=${saturday.iso}T03:00`);
    expect(night.count).toBe(0);
    expect(await t.goto('/tourist-information-centers/list')).toBe(200);
    await t.page.getByRole('button', { name: 'Фильтры' }).click();
    const sheet = t.page.getByRole('dialog', { name: 'Фильтры' });
    await expect.poll(() => sheet.isVisible(), wait).toBe(true);
    const day = typedDay(sheet);
    await day.fill(saturday.typed);
    await day.press('Enter');
    await sheet.getByLabel('Время').selectOption('03:00');
    const apply = sheet.getByRole('button').last();
    await expect.poll(() => apply.textContent(), wait).toBe('Ничего не найдено');
    await t.page.screenshot({ path: path.join(shots, 'sheet-375.png') });
    await apply.click();
    await expect.poll(() => openAt(t.page), wait).toBe(`${saturday.iso}T03:00`);
    const back = t.page.getByRole('link', { name: /Открыто: .*03:00/ });
    await back.waitFor(wait);
    await back.click();
    await expect.poll(() => openAt(t.page), wait).toBeNull();
    const all = await api('/api/tourist-information-centers/?limit=1');
    await expect.poll(() => stated(t.page), wait).toBe(all.count);
    expect(t.errors).toEqual([]);
    await t.close();
  }, 120_000);
});
