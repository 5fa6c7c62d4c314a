import type { Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { addDays, presetRange, regionToday } from '../../common/date-presets.js';
import { baseUrl, describeE2E, useBrowser } from './setup/browser.js';

// Events by date: the events list's presets (plain links whose dates go into the URL and the API
// query) and its calendar in the page's language; the same choices on a district's events tab and
// on the map.

const wait = { timeout: 15_000 };

describeE2E('events by date', () => {
  const b = useBrowser();

  it('"this weekend" asks the API for the region\'s weekend and puts the dates into the URL', async () => {
    const t = await b.page('desktop');
    expect(await t.goto('/events/list')).toBe(200);
    const asked: URL[] = [];
    t.page.on('request', (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/events/') asked.push(url);
    });
    const { from, to } = presetRange('weekend', regionToday());
    const weekend = t.page.getByRole('link', { name: 'В эти выходные' });
    expect(await weekend.getAttribute('aria-current')).toBeNull();
    await weekend.click();
    await expect.poll(() => new URL(t.page.url()).searchParams.get('date_from'), wait).toBe(from);
    expect(new URL(t.page.url()).searchParams.get('date_to')).toBe(to);
    await expect
      .poll(
        () =>
          asked.some((u) => u.searchParams.get('date_from') === from && u.searchParams.get('date_to') === to),
        wait,
      )
      .toBe(true);
    await expect.poll(() => weekend.getAttribute('aria-current'), wait).toBe('true');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('works without JavaScript: the presets and the archive are links', async () => {
    const t = await b.page('phone', { javaScript: false });
    expect(await t.goto('/events/list')).toBe(200);
    const { from, to } = presetRange('week', regionToday());
    const href = await t.page.getByRole('link', { name: 'Ближайшие 7 дней' }).getAttribute('href');
    expect(href).toContain(`date_from=${from}&date_to=${to}`);
    await t.page.getByRole('link', { name: 'Прошедшие события' }).click();
    await t.page.waitForURL(/past=true/, wait);
    expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toContain('Прошедшие события');
    await t.close();
  });

  it("the calendar speaks the page's language and works with the keyboard; the API gets the picked date", async () => {
    const t = await b.page('desktop');
    expect(await t.goto('/events/list')).toBe(200);
    const asked: URL[] = [];
    t.page.on('request', (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/events/') asked.push(url);
    });
    const field = t.page.locator('[data-date-field="date_from"]:visible');
    const button = field.getByRole('button', { name: /^С Любая дата/ });
    await button.click();
    const grid = field.getByRole('grid');
    await grid.waitFor(wait);
    // Russian month and weekday names, weeks from Monday; the region's today has the focus
    expect(await grid.getAttribute('aria-label')).toMatch(
      /^(январь|февраль|март|апрель|май|июнь|июль|август|сентябрь|октябрь|ноябрь|декабрь) \d{4}$/,
    );
    expect((await grid.locator('th').allTextContents()).slice(0, 2)).toEqual(['пн', 'вт']);
    const today = regionToday();
    expect(await t.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
      /^Сегодня, /,
    );
    await t.page.keyboard.press('ArrowRight');
    await t.page.keyboard.press('ArrowRight');
    await t.page.keyboard.press('Enter');
    const picked = addDays(today, 2);
    await expect.poll(() => new URL(t.page.url()).searchParams.get('date_from'), wait).toBe(picked);
    await expect.poll(() => asked.some((u) => u.searchParams.get('date_from') === picked), wait).toBe(true);
    // the calendar closed, the focus is back on the field, which names the date in Russian
    expect(await grid.count()).toBe(0);
    const spoken = new Intl.DateTimeFormat('ru', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${picked}T00:00:00Z`));
    expect(await t.page.evaluate(() => document.activeElement?.textContent)).toBe(spoken);
    // Escape closes it without a choice
    await field.getByRole('button', { name: new RegExp(`^С ${spoken}`) }).click();
    await grid.waitFor(wait);
    await t.page.keyboard.press('Escape');
    expect(await grid.count()).toBe(0);
    expect(new URL(t.page.url()).searchParams.get('date_from')).toBe(picked);
    // the clear button takes the date away
    await field.getByRole('button', { name: 'Очистить: С' }).click();
    await expect.poll(() => new URL(t.page.url()).searchParams.has('date_from'), wait).toBe(false);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('phone, English: a date picked in the filter sheet applies with its "show" button', async () => {
    const t = await b.page('phone');
    expect(await t.goto('/events/list?lng=en')).toBe(200);
    await t.page.getByRole('button', { name: /^Filters/ }).click();
    const field = t.page.locator('[data-date-field="date_to"]:visible');
    await field.getByRole('button', { name: /^To Any date/ }).click();
    const grid = field.getByRole('grid');
    await grid.waitFor(wait);
    expect(await grid.getAttribute('aria-label')).toMatch(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
    );
    await t.page.keyboard.press('ArrowDown');
    await t.page.keyboard.press('Enter');
    const picked = addDays(regionToday(), 7);
    await field.getByRole('button', { name: /^To \d+ [A-Z][a-z]+ \d{4}/ }).waitFor(wait);
    await t.page.getByRole('button', { name: /^Show \d+ result/ }).click();
    await expect.poll(() => new URL(t.page.url()).searchParams.get('date_to'), wait).toBe(picked);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it("a district's events tab offers the quick dates; the URL keeps the tab and the API gets the district and the dates", async () => {
    const t = await b.page('phone');
    expect(await t.goto('/directions/detail/5?tab=3&lng=en')).toBe(200);
    const asked: URL[] = [];
    t.page.on('request', (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/events/') asked.push(url);
    });
    const { from, to } = presetRange('weekend', regionToday());
    await t.page.getByRole('link', { name: 'This weekend' }).click();
    await expect.poll(() => new URL(t.page.url()).searchParams.get('date_from'), wait).toBe(from);
    const url = new URL(t.page.url());
    expect([url.searchParams.get('tab'), url.searchParams.get('date_to')]).toEqual(['3', to]);
    await expect
      .poll(
        () =>
          asked.some((u) => u.searchParams.get('date_from') === from && u.searchParams.has('district__in')),
        wait,
      )
      .toBe(true);
    // the count the tab shows is the API's for those dates
    const direction = (await (await fetch(`${baseUrl()}/api/directions/5/`)).json()) as {
      districtid: number;
    };
    const api = (await (
      await fetch(
        `${baseUrl()}/api/events/?district__in=${direction.districtid}&date_from=${from}&date_to=${to}&limit=100`,
      )
    ).json()) as { count: number };
    const cards = t.page.locator('#direction-panel li:has(h3)');
    await expect.poll(() => cards.count(), wait).toBe(Math.min(api.count, 12));
    // another tab does not carry the dates
    await t.page.getByRole('tab', { name: /Routes/ }).click();
    await expect.poll(() => new URL(t.page.url()).searchParams.has('date_from'), wait).toBe(false);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  // The map's quick dates are computed in the browser: its clock is set, so "this weekend" is
  // tested on a Friday night (already Saturday in the region) and on a Sunday.
  for (const [when, now, from, to] of [
    ['a Friday night', '2027-03-12T21:30:00Z', '2027-03-13', '2027-03-14'],
    ['a Sunday', '2027-03-14T09:00:00Z', '2027-03-14', '2027-03-14'],
  ] as const) {
    it(`the map's "this weekend" on ${when} shows the events the API gives for the region's weekend`, async () => {
      const t = await b.page('desktop');
      await t.page.clock.setFixedTime(new Date(now));
      expect(await t.goto('/map')).toBe(200);
      const panel = t.page.locator('#map-panel');
      const events = panel.getByRole('checkbox', { name: /^События \d/ });
      await events.waitFor(wait);
      await panel.locator('summary', { hasText: 'Даты событий' }).click();
      await panel.getByRole('button', { name: 'В эти выходные' }).click();
      await expect.poll(() => new URL(t.page.url()).searchParams.get('date_from'), wait).toBe(from);
      expect(new URL(t.page.url()).searchParams.get('date_to')).toBe(to);
      expect(await panel.getByRole('button', { name: 'В эти выходные' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      const api = (await (
        await fetch(`${baseUrl()}/api/events/?date_from=${from}&date_to=${to}&limit=1`)
      ).json()) as {
        count: number;
      };
      expect(api.count).toBeGreaterThan(0);
      // the layer's count (its label: name, then count)
      const layer = panel.locator('label', { has: t.page.locator('input[value="events"]') });
      await expect
        .poll(async () => (await layer.textContent())?.match(/\d+/)?.[0], wait)
        .toBe(String(api.count));
      // the map's tiles do not load here (no network): their failed loads are the only errors
      expect(t.errors.filter((e) => !e.endsWith('net::ERR_FAILED'))).toEqual([]);
      await t.close();
    });
  }
});
