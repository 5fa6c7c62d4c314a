import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeStaff } from '../helpers/staff.js';
import { describeE2E, seriousViolations, useBrowser, type ViewportName } from './setup/browser.js';
import { type OwnPortal, startOwnPortal, stopOwnPortal } from './setup/own-portal.js';

// Where a place's facts came from, on its page and in the back office: the line under the hours
// ("Часы проверены … · внесено редакцией"), what unknown hours say, the review of facts found in
// OpenStreetMap (a recorded Overpass answer served here: tests/fixtures/overpass) and the credit
// of a fact accepted from it; the list of facts to check, each linking to its form. Its own portal,
// from a copy of the seeded demo database. FACTS_SCREENSHOTS=<folder> keeps screenshots at 375 and
// 1440 px of the hours block and of the review screen.

const password = 'Ладожский маяк 1910 года';
const shots = process.env.FACTS_SCREENSHOTS;
const fixture = path.join(import.meta.dirname, '../fixtures/overpass/attractions.json');

describeE2E('the sources of facts', () => {
  const b = useBrowser();
  let portal: OwnPortal;
  let overpass: http.Server;
  const closers: (() => Promise<void>)[] = [];

  const api = async (url: string) =>
    (await fetch(`${portal.base}${url}`, { headers: { 'accept-language': 'ru' } })).json();
  const idOf = async (name: string) => {
    const list: { id: number; name: string }[] = await api(
      `/api/attractions/?search=${encodeURIComponent(name)}`,
    );
    const found = list.find((p) => p.name === name);
    if (!found) throw new Error(`no attraction ${name}`);
    return found.id;
  };
  async function page(viewport: ViewportName): Promise<Page> {
    const t = await b.page(viewport);
    closers.push(() => t.close());
    t.page.setDefaultTimeout(15_000);
    return t.page;
  }
  const open = (p: Page, url: string) => p.goto(`${portal.base}${url}`, { waitUntil: 'load' });
  async function shot(p: Page, file: string, selector?: string) {
    if (!shots) return;
    fs.mkdirSync(shots, { recursive: true });
    await p.waitForTimeout(300);
    if (selector)
      await p
        .locator(selector)
        .first()
        .screenshot({ path: path.join(shots, `${file}.png`) });
    else await p.screenshot({ path: path.join(shots, `${file}.png`), fullPage: true });
  }
  async function signedIn(viewport: ViewportName): Promise<Page> {
    const p = await page(viewport);
    await open(p, '/admin/login');
    await p.getByLabel('Электронная почта').fill('facts@example.org');
    await p.getByLabel(/^Пароль/).fill(password);
    await p.getByRole('button', { name: 'Войти' }).click();
    await p.getByRole('heading', { name: 'Редакция', level: 1 }).waitFor();
    return p;
  }

  beforeAll(async () => {
    const answer = fs.readFileSync(fixture);
    overpass = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(answer));
    });
    await new Promise<void>((resolve) => overpass.listen(0, '127.0.0.1', resolve));
    const port = (overpass.address() as AddressInfo).port;
    portal = await startOwnPortal('fact-sources-e2e-', {
      prepare: async (database) => {
        await makeStaff(database.db, 'facts@example.org', 'editor', password);
        // every fact of the demo content is due for checking
        await database.db.insertInto('settings').values({ key: 'facts_stale_days', value: '1' }).execute();
      },
      env: { OVERPASS_URL: `http://127.0.0.1:${port}/api/interpreter` },
    });
  }, 180_000);
  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
    if (portal) await stopOwnPortal(portal);
    overpass?.close();
  });

  it('a place’s page says when its hours were checked and by whom, or what to do when they are unknown', async () => {
    const memorial = await idOf('Мемориал «Разорванное кольцо»');
    for (const viewport of ['phone', 'desktop'] as const) {
      const p = await page(viewport);
      await open(p, `/attractions/detail/${memorial}`);
      const hours = p.locator('[data-fact="hours"] dd');
      expect(await hours.locator('[data-fact-source]').textContent()).toBe(
        'Часы проверены 27 ноября 2026 г. · внесено редакцией',
      );
      await shot(p, `detail-hours-checked-${viewport === 'phone' ? 375 : 1440}`, '[data-fact="hours"]');
    }
    const en = await page('desktop');
    await open(en, `/attractions/detail/${memorial}?lng=en`);
    expect(await en.locator('[data-fact="hours"] [data-fact-source]').textContent()).toBe(
      'Hours checked 27 November 2026 · entered by staff',
    );
    const zh = await page('desktop');
    await open(zh, `/attractions/detail/${memorial}?lng=zh`);
    expect(await zh.locator('[data-fact="hours"] [data-fact-source]').textContent()).toContain('由编辑录入');

    // the first attraction: no hours, phone or site known
    const unknown = await page('phone');
    await open(unknown, '/attractions/detail/1');
    expect(await unknown.locator('[data-fact="hours"] dd').textContent()).toContain(
      'Часы работы неизвестны — уточните перед поездкой',
    );
  });

  it('staff find facts in OpenStreetMap, accept one, and its page credits OpenStreetMap', async () => {
    const staff = await signedIn('desktop');
    await open(staff, '/admin/facts/osm');
    await staff.getByRole('button', { name: 'Найти факты в OpenStreetMap' }).click();
    const table = staff.getByTestId('osm-proposals');
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(16);
    const castleRow = table
      .locator('tbody tr', { hasText: 'Выборгский замок' })
      .filter({ hasText: 'Tu-Su 10:00-18:00' });
    expect(await castleRow.getByRole('link', { name: 'way/38710552' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/way/38710552',
    );
    expect(await castleRow.textContent()).toContain('надёжное');
    expect(await table.locator('tbody tr', { hasText: 'Парк Монрепо' }).first().textContent()).toContain(
      'сомнительное',
    );
    expect(await staff.locator('h1').count()).toBe(1);
    expect(await seriousViolations(staff)).toEqual([]);
    await shot(staff, 'osm-review-1440');
    const phone = await signedIn('phone');
    await open(phone, '/admin/facts/osm');
    await phone.getByTestId('osm-proposals').waitFor();
    await shot(phone, 'osm-review-375');

    await castleRow.getByRole('button', { name: 'Принять' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(15);

    const castle = await idOf('Выборгский замок');
    for (const viewport of ['phone', 'desktop'] as const) {
      const p = await page(viewport);
      await open(p, `/attractions/detail/${castle}`);
      const source = p.locator('[data-fact="hours"] [data-fact-source]');
      expect(await seriousViolations(p)).toEqual([]);
      expect(await source.textContent()).toMatch(
        /^Из OpenStreetMap, импорт \d+ \S+ \d{4} г\. · © участники OpenStreetMap/,
      );
      expect(await source.getByRole('link', { name: /© участники OpenStreetMap/ }).getAttribute('href')).toBe(
        'https://www.openstreetmap.org/copyright',
      );
      expect(await p.locator('[data-fact="hours"] dd').textContent()).toContain('вт–вс 10:00–18:00');
      await shot(p, `detail-hours-osm-${viewport === 'phone' ? 375 : 1440}`, '[data-fact="hours"]');
    }
  });

  it('lists the places whose facts need checking, each linking to its form', async () => {
    const staff = await signedIn('desktop');
    await open(staff, '/admin/facts/stale');
    const table = staff.getByTestId('stale-facts');
    await table.locator('tbody tr').first().waitFor();
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(10);
    expect(await seriousViolations(staff)).toEqual([]);
    const first = table.locator('tbody tr').first().getByRole('link');
    const name = (await first.textContent()) ?? '';
    await first.click();
    await staff.waitForURL(/\/admin\/content\/[a-z-]+\/\d+$/);
    await staff.getByTestId('fact-sources').waitFor();
    expect(await staff.getByRole('textbox', { name: /^Название \(RU\)/ }).inputValue()).toBe(name);
    await shot(staff, 'stale-form-1440');

    // the editor checked a fact with the venue on 20 November: the save records it so
    const [, section, id] = /\/admin\/content\/([a-z-]+)\/(\d+)$/.exec(staff.url()) ?? [];
    await staff
      .getByRole('group', { name: /^Проверено у заведения/ })
      .first()
      .getByRole('spinbutton')
      .first()
      .click();
    await staff.keyboard.type('20112026');
    // on the site by its publishing: the form's first button would keep it in a working copy
    await staff.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await expect
      .poll(async () => Object.values((await api(`/api/${section}/${id}/`)).fact_sources ?? {}), {
        timeout: 15_000,
      })
      .toContainEqual({ source: 'venue', checked: '2026-11-20' });
  });

  it("a catering's average bill: entered, it gets its day checked with the venue like the other facts", async () => {
    const [cafe] = (await api('/api/caterings/?limit=1')).results as { id: number }[];
    if (!cafe) throw new Error('no catering');
    const staff = await signedIn('desktop');
    await open(staff, `/admin/content/caterings/${cafe.id}`);
    const sources = staff.getByTestId('fact-sources');
    await sources.waitFor();
    // no bill yet: its line says no source, and there is no day to check with the venue
    const line = sources.getByText(/^Средний чек, руб\.:/);
    expect(await line.textContent()).toBe('Средний чек, руб.: источник не записан');
    const days = sources.getByRole('group', { name: /^Проверено у заведения/ });
    const before = await days.count();
    await staff.getByRole('spinbutton', { name: 'Средний чек, руб.' }).fill('1500');
    await expect.poll(() => days.count()).toBe(before + 1);
    await days.last().getByRole('spinbutton').first().click();
    await staff.keyboard.type('26112026');
    await staff.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await expect
      .poll(async () => {
        const detail = await api(`/api/caterings/${cafe.id}/`);
        return [detail.avg_bill, detail.fact_sources?.avg_bill];
      })
      .toEqual([1500, { source: 'venue', checked: '2026-11-26' }]);
    await expect.poll(() => line.textContent()).toBe('Средний чек, руб.: от заведения · 2026-11-26');
    await shot(staff, 'catering-bill-sources-1440', '[data-testid="fact-sources"]');
  });
});
