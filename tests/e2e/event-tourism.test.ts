import { expect, it } from 'vitest';
import { baseUrl, describeE2E, useBrowser } from './setup/browser.js';

// The events list filters by type of tourism ("Семейный"): the group beside the dates, its count the
// API's, and the home page's entry link (`?tourism_type=<id>`) turned into the filter.

const wait = { timeout: 15_000 };
const api = async (url: string) =>
  (await fetch(`${baseUrl()}${url}`, { headers: { 'accept-language': 'ru' } })).json();

describeE2E('events by type of tourism', () => {
  const b = useBrowser();

  it('1440 px: "Семейный" keeps the family events, as the API counts them', async () => {
    const types: { id: number; name: string }[] = await api('/api/tourism-type/');
    const family = types.find((x) => x.name === 'Семейный');
    expect(family).toBeDefined();
    const expected = await api(`/api/events/?limit=8&tourism_type__in=${family?.id}`);
    const all = await api('/api/events/?limit=1');
    expect(expected.count).toBeGreaterThan(0);
    expect(expected.count).toBeLessThan(all.count);
    const t = await b.page('desktop');
    expect(await t.goto('/events/list')).toBe(200);
    await t.page
      .locator('fieldset[data-group="tourism_type"]')
      .getByLabel('Семейный', { exact: true })
      .check();
    await expect
      .poll(() => new URL(t.page.url()).searchParams.get('tourism_type__in'), wait)
      .toBe(String(family?.id));
    await expect
      .poll(() => t.page.locator('main ul > li h2').allTextContents(), wait)
      .toEqual(expected.results.map((e: { name: string }) => e.name));
    // the entry link of the home page's search by hobbies lands on the same list
    const entry = await fetch(`${baseUrl()}/events/list?tourism_type=${family?.id}`, { redirect: 'manual' });
    expect(entry.status).toBe(302);
    expect(entry.headers.get('location')).toBe(`/events/list?tourism_type__in=${family?.id}`);
    expect(t.errors).toEqual([]);
    await t.close();
  }, 120_000);
});
