import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { coverageFacts } from '../../common/coverage.js';
import { makeStaff } from '../helpers/staff.js';
import { describeE2E, seriousViolations, useBrowser, type ViewportName } from './setup/browser.js';
import { type OwnPortal, startOwnPortal, stopOwnPortal } from './setup/own-portal.js';

// The dashboard's coverage of facts: every number is the API's, and a click leads to the list of the
// published items lacking that fact. Its own portal, from a copy of the seeded demo database.

const password = 'Ладожский маяк 1910 года';
const shots = path.join(os.tmpdir(), 'portal-coverage-shots');

interface Row {
  section: string;
  total: number;
  facts: Partial<Record<string, number>>;
}

describeE2E('the coverage of facts in the back office', () => {
  const b = useBrowser();
  let portal: OwnPortal;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    portal = await startOwnPortal('admin-coverage-e2e-', {
      prepare: async (database) => {
        await makeStaff(database.db, 'facts@example.org', 'editor', password);
      },
    });
  }, 180_000);
  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
    if (portal) await stopOwnPortal(portal);
  });

  async function signedIn(viewport: ViewportName): Promise<Page> {
    const t = await b.page(viewport);
    closers.push(() => t.close());
    const page = t.page;
    page.setDefaultTimeout(15_000);
    await page.goto(`${portal.base}/admin/login`);
    await page.getByLabel('Электронная почта').fill('facts@example.org');
    await page.getByLabel(/^Пароль/).fill(password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('heading', { name: 'Редакция', level: 1 }).waitFor();
    return page;
  }
  const coverage = (page: Page) =>
    page.evaluate(async () => (await (await fetch('/api/admin/coverage')).json()) as { sections: Row[] });
  const cellText = (row: Row, fact: string) => {
    const n = row.facts[fact];
    return n === undefined ? '—' : `${n} (${row.total ? Math.round((100 * n) / row.total) : 0} %)`;
  };

  it('1440 px: the table has the API’s numbers, and a number opens the list of the items lacking it', async () => {
    const page = await signedIn('desktop');
    const { sections } = await coverage(page);
    const table = page.locator('[data-coverage]');
    await table.waitFor();
    for (const row of sections) {
      const line = table.locator(`[data-coverage-section="${row.section}"]`);
      for (const fact of coverageFacts)
        expect(
          await line.locator(`[data-fact="${fact}"] [data-count]`).textContent(),
          `${row.section} ${fact}`,
        ).toBe(cellText(row, fact));
    }
    await page.locator('#dash-coverage').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'dashboard-1440.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // the information centres without opening hours: a number, then their list
    const centres = sections.find((r) => r.section === 'tourist-information-centers') as Row;
    const lacking = centres.total - (centres.facts.hours as number);
    expect(lacking).toBeGreaterThan(0);
    await page
      .getByRole('link', {
        name: `Туристско-информационные центры: Часы работы — нет у ${lacking}, открыть список`,
      })
      .click();
    await page.waitForURL(/\/admin\/content\/tourist-information-centers\?/);
    const filter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}');
    expect(filter).toEqual({ status: 'published', missing: 'hours' });
    // the list says which filter is on, and has exactly those items
    expect(await page.getByRole('combobox', { name: /^Чего нет/ }).textContent()).toContain(
      'нет часов работы',
    );
    await expect.poll(() => page.getByRole('row').count(), { timeout: 15_000 }).toBe(lacking + 1);
    const listed = await page.evaluate(async () =>
      (
        await fetch(
          '/api/admin/content/tourist-information-centers?status=published&missing=hours&per_page=100',
        )
      ).json(),
    );
    for (const item of listed.results as { name: string }[])
      await page
        .getByRole('row', { name: new RegExp(item.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
        .first()
        .waitFor();
    await page.screenshot({ path: path.join(shots, 'list-lacking-hours-1440.png'), fullPage: true });
  }, 120_000);

  it('375 px: one block per section, the page no wider than the screen', async () => {
    const page = await signedIn('phone');
    const { sections } = await coverage(page);
    const block = page.locator('[data-coverage-card] [data-coverage-section="attractions"]');
    await block.waitFor();
    const attractions = sections.find((r) => r.section === 'attractions') as Row;
    expect(await block.locator('[data-fact="hours"] [data-count]').textContent()).toBe(
      cellText(attractions, 'hours'),
    );
    // a fact a section has no field for is not listed in its block
    expect(await page.locator('[data-coverage-section="events"] [data-fact="hours"]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.locator('[data-coverage-card]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'dashboard-375.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});
