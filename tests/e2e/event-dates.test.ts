import type { Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { presetRange, regionToday } from '../../common/date-presets.js';
import { describeE2E, useBrowser } from './setup/browser.js';

// The events list's date presets: plain links whose dates go into the URL and the API query.

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
});
