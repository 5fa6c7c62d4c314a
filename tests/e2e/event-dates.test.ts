import type { Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { addDays, MAX_RANGE_DAYS, presetRange, regionToday } from '../../common/date-presets.js';
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
    const button = field.getByRole('button', { name: 'Выбрать в календаре: С' });
    expect(await field.getByRole('textbox', { name: 'С' }).getAttribute('placeholder')).toBe('Любая дата');
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
    // the calendar closed, the focus is back on its button, the field has the date in Russian digits
    expect(await grid.count()).toBe(0);
    expect(await button.evaluate((e) => e === document.activeElement)).toBe(true);
    const [y, m, d] = picked.split('-');
    expect(await field.getByRole('textbox').inputValue()).toBe(`${d}.${m}.${y}`);
    // Escape closes it without a choice
    await button.click();
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

  it("a date is typed in the page's language (ru, en, zh); what is not a date the field takes is said and changes nothing", async () => {
    const today = regionToday();
    const [y, m, d] = addDays(today, 10).split('-');
    const from = addDays(today, 10);
    const ru = await b.page('desktop');
    expect(await ru.goto('/events/list')).toBe(200);
    const asked: URL[] = [];
    ru.page.on('request', (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/events/') asked.push(url);
    });
    const fromField = ru.page.locator('[data-date-field="date_from"]:visible');
    const fromBox = fromField.getByRole('textbox', { name: 'С' });
    await fromBox.fill(`${d}.${m}.${y}`);
    await fromBox.press('Enter');
    await expect.poll(() => new URL(ru.page.url()).searchParams.get('date_from'), wait).toBe(from);
    await expect.poll(() => asked.some((u) => u.searchParams.get('date_from') === from), wait).toBe(true);
    // a day that does not exist: said under the field, which keeps the text; the list stays
    await fromBox.fill('31.02.2027');
    await fromBox.press('Tab');
    const problem = fromField.locator('[data-date-problem]');
    expect(await problem.textContent()).toBe(
      `Не удалось прочитать дату: напишите её так — 31.12.${today.slice(0, 4)}.`,
    );
    expect(await fromBox.getAttribute('aria-invalid')).toBe('true');
    expect(await fromBox.inputValue()).toBe('31.02.2027');
    expect(new URL(ru.page.url()).searchParams.get('date_from')).toBe(from);
    // the end: not before the start, at most a year after it (the list could not show more)
    const toField = ru.page.locator('[data-date-field="date_to"]:visible');
    const toBox = toField.getByRole('textbox', { name: 'По' });
    const toProblem = toField.locator('[data-date-problem]');
    const [by, bm, bd] = addDays(from, -1).split('-');
    await toBox.fill(`${bd}.${bm}.${by}`);
    await toBox.press('Enter');
    await expect.poll(() => toProblem.textContent(), wait).toBe(`Выберите дату не раньше ${d}.${m}.${y}.`);
    const [ly, lm, ld] = addDays(from, MAX_RANGE_DAYS + 1).split('-');
    await toBox.fill(`${ld}.${lm}.${ly}`);
    await toBox.press('Enter');
    const [my, mm, md] = addDays(from, MAX_RANGE_DAYS).split('-');
    await expect.poll(() => toProblem.textContent(), wait).toBe(`Выберите дату не позже ${md}.${mm}.${my}.`);
    expect(new URL(ru.page.url()).searchParams.has('date_to')).toBe(false);
    expect(ru.errors).toEqual([]);
    await ru.close();

    // English, in the phone's filter sheet: day/month/year
    const en = await b.page('phone');
    expect(await en.goto('/events/list?lng=en')).toBe(200);
    await en.page.getByRole('button', { name: /^Filters/ }).click();
    const toEn = en.page.locator('[data-date-field="date_to"]:visible').getByRole('textbox', { name: 'To' });
    expect(
      await en.page
        .locator('[data-date-field="date_to"]:visible')
        .getByText(/^For example, 31\/12\/\d{4}$/)
        .count(),
    ).toBe(1);
    await toEn.fill(`${d}/${m}/${y}`);
    await toEn.press('Enter');
    await en.page.getByRole('button', { name: /^Show \d+ result/ }).click();
    await expect.poll(() => new URL(en.page.url()).searchParams.get('date_to'), wait).toBe(from);
    expect(en.errors).toEqual([]);
    await en.close();

    // Chinese, on a district's events tab: year/month/day
    const zh = await b.page('phone');
    expect(await zh.goto('/directions/detail/5?tab=3&lng=zh')).toBe(200);
    const fromZh = zh.page.locator('[data-date-field="date_from"]').getByRole('textbox');
    await fromZh.fill(`${y}/${m}/${d}`);
    await fromZh.press('Enter');
    await expect.poll(() => new URL(zh.page.url()).searchParams.get('date_from'), wait).toBe(from);
    expect(new URL(zh.page.url()).searchParams.get('tab')).toBe('3');
    // (the field shows the date the list now has once the new page has rendered, a moment after the address)
    await expect.poll(() => fromZh.inputValue(), wait).toBe(`${y}/${m}/${d}`);
    expect(zh.errors).toEqual([]);
    await zh.close();
  }, 120_000);

  it('a range in the address longer than a year, reversed or not a date is explained on the page', async () => {
    const from = addDays(regionToday(), 3);
    const far = addDays(from, 500);
    const year = addDays(from, MAX_RANGE_DAYS);
    const long = (iso: string) =>
      new Intl.DateTimeFormat('ru', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
        .format(new Date(`${iso}T00:00:00Z`))
        .replace(/[\u00a0\u2009\u202f]/g, ' ');
    // In the server's HTML already (without JavaScript): the list shows the first year, and says so.
    const plain = await b.page('phone', { javaScript: false });
    expect(await plain.goto(`/events/list?date_from=${from}&date_to=${far}`)).toBe(200);
    const note = plain.page.locator('[data-date-note]');
    expect(await note.getAttribute('data-date-note')).toBe('too-long');
    expect(await note.textContent()).toBe(
      `Показаны события с ${long(from)} по ${long(year)}: даты в адресе страницы (${long(from)} — ${long(far)}) охватывают больше года, а показать можно не больше года.`,
    );
    expect(await plain.goto(`/directions/detail/5?tab=3&date_from=2026-02-30`)).toBe(200);
    expect(await plain.page.locator('[data-date-note]').textContent()).toBe(
      'В адресе страницы дата «2026-02-30», которой нет в календаре: она не учтена.',
    );
    await plain.close();

    // With the app: the field has the year's end, and so has what the list's form sends.
    const t = await b.page('desktop');
    expect(await t.goto(`/events/list?date_from=${from}&date_to=${far}`)).toBe(200);
    expect(await t.page.locator('[data-date-note="too-long"]').count()).toBe(1);
    const [yy, mm, dd] = year.split('-');
    const toField = t.page.locator('[data-date-field="date_to"]:visible');
    expect(await toField.getByRole('textbox').inputValue()).toBe(`${dd}.${mm}.${yy}`);
    expect(await toField.locator('input[name="date_to"]').inputValue()).toBe(year);
    // The map says it too: an end before the start is left out.
    expect(await t.goto(`/map?date_from=${far}&date_to=${from}`)).toBe(200);
    expect(await t.page.locator('#map-panel [data-date-note]').textContent()).toBe(
      `Показаны события начиная с ${long(far)}: дата «по» в адресе страницы (${long(from)}) раньше даты «с», и она не учтена.`,
    );
    expect(t.errors.filter((e) => !e.endsWith('net::ERR_FAILED'))).toEqual([]);
    await t.close();
  });

  it('phone, English: a date picked in the filter sheet applies with its "show" button', async () => {
    const t = await b.page('phone');
    expect(await t.goto('/events/list?lng=en')).toBe(200);
    await t.page.getByRole('button', { name: /^Filters/ }).click();
    const field = t.page.locator('[data-date-field="date_to"]:visible');
    await field.getByRole('button', { name: 'Choose in the calendar: To' }).click();
    const grid = field.getByRole('grid');
    await grid.waitFor(wait);
    expect(await grid.getAttribute('aria-label')).toMatch(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
    );
    await t.page.keyboard.press('ArrowDown');
    await t.page.keyboard.press('Enter');
    const picked = addDays(regionToday(), 7);
    await expect.poll(() => field.getByRole('textbox').inputValue(), wait).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
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
