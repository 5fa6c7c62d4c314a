import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeStaff } from '../helpers/staff.js';
import { describeE2E, seriousViolations, type TestPage, useBrowser } from './setup/browser.js';
import { type OwnPortal, startOwnPortal, stopOwnPortal } from './setup/own-portal.js';

// A section's spreadsheet read back, in Chromium: an editor exports the attractions as CSV from
// their list, fills the phone and the opening hours of ten of them in the file, imports it from
// the list's "Import" button, sees the dry run's changes, applies them, and the public API then
// answers the new phones. ADMIN_SCREENSHOTS=<folder> keeps the import screen at 1440 and 375 px.

const password = 'Ладожский маяк 1910 года';
const shots = process.env.ADMIN_SCREENSHOTS;

describeE2E('a section imported from its spreadsheet in the back office', () => {
  const b = useBrowser();
  let portal: OwnPortal;
  let tab: TestPage;
  let editor: Page;
  let tmp: string;
  /** The edited export, kept for the phone's screen. */
  let edited = '';
  const open = (page: Page, url: string) => page.goto(`${portal.base}${url}`, { waitUntil: 'load' });
  async function screenshot(page: Page, file: string) {
    if (!shots) return;
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `${file}.png`), fullPage: true });
  }

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'import-e2e-'));
    portal = await startOwnPortal('admin-import-e2e-', {
      prepare: async (database) => {
        await makeStaff(database.db, 'editor@example.org', 'editor', password);
      },
    });
    tab = await b.page('desktop');
    editor = tab.page;
    editor.setDefaultTimeout(15_000);
    await open(editor, '/admin/login');
    await editor.getByLabel('Электронная почта').fill('editor@example.org');
    await editor.getByLabel(/^Пароль/).fill(password);
    await editor.getByRole('button', { name: 'Войти' }).click();
    await editor.getByRole('heading', { name: /Здравствуйте/ }).waitFor();
    // the sign-in screen's own check of the session (a 401 before signing in) is not this test's
    tab.errors.length = 0;
  }, 180_000);
  afterAll(async () => {
    await tab?.close().catch(() => {});
    if (portal) await stopOwnPortal(portal);
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('exports the attractions, fills ten rows’ phones and hours in the file, sees the diff, applies it', async () => {
    await open(editor, '/admin/content/attractions');
    await expect.poll(() => editor.getByRole('row').count()).toBeGreaterThan(1);
    const [download] = await Promise.all([
      editor.waitForEvent('download'),
      editor.getByRole('link', { name: 'Экспорт CSV' }).click(),
    ]);
    const exported = fs.readFileSync(await download.path());
    const [header = [], ...rows] = parse(exported, { bom: true }) as string[][];
    const col = (name: string) => header.indexOf(name);
    // the hours of an attraction that has them, given to ten that have none (a test portal's copy)
    const hours = rows.find((r) => r[col('opening_hours')])?.[col('opening_hours')] ?? '';
    expect(hours).not.toBe('');
    const ten = rows.filter((r) => !r[col('opening_hours')]).slice(0, 10);
    expect(ten).toHaveLength(10);
    const phones = new Map<number, string>();
    ten.forEach((r, i) => {
      const phone = `+7 813 555-00-${String(i).padStart(2, '0')}`;
      r[col('phone')] = phone;
      r[col('opening_hours')] = hours;
      phones.set(Number(r[col('id')]), phone);
    });
    const file = path.join(tmp, download.suggestedFilename());
    edited = file;
    fs.writeFileSync(
      file,
      `\uFEFF${stringify([header, ...rows], { escape_formulas: true, record_delimiter: 'windows' })}`,
    );

    await editor.getByRole('link', { name: 'Импорт' }).click();
    await editor.getByRole('heading', { level: 2, name: /^Импорт: / }).waitFor();
    await editor.locator('input[type=file]').setInputFiles(file);
    const counts = editor.getByTestId('import-counts');
    await expect.poll(() => counts.textContent()).toMatch(/Изменится: 10\. Новых: 0\. .*Отклонено: 0\./);
    const changes = editor.getByRole('table', { name: 'Изменения' });
    // two changed cells per row: the phone and the hours
    await expect.poll(() => changes.getByRole('row').count()).toBe(1 + 20);
    expect(await changes.textContent()).toContain('+7 813 555-00-00');
    expect(await seriousViolations(editor)).toEqual([]);
    await screenshot(editor, 'import-dry-run-1440');

    await editor.getByRole('button', { name: 'Применить' }).click();
    await editor.getByText(/^Применено: изменено записей — 10, добавлено — 0/).waitFor();
    await screenshot(editor, 'import-applied-1440');
    for (const [id, phone] of phones) {
      const res = await fetch(`${portal.base}/api/attractions/${id}/`);
      expect(((await res.json()) as { phone: string }).phone).toBe(phone);
    }
    await editor.getByRole('button', { name: 'Отменить импорт' }).first().waitFor();
    expect(tab.errors).toEqual([]);
  });

  it('on a phone, the same file again: its rows are refused, the items were saved since the export', async () => {
    const phone = await b.page('phone');
    await phone.context.addCookies(await editor.context().cookies());
    await open(phone.page, '/admin/import/attractions');
    await phone.page.getByRole('heading', { level: 2, name: /^Импорт: / }).waitFor();
    // the same export with other phones: its versions are older than the items' now
    const again = path.join(tmp, 'attractions-again.csv');
    fs.writeFileSync(again, fs.readFileSync(edited, 'utf8').replaceAll('+7 813 555-00-', '+7 813 555-01-'));
    await phone.page.locator('input[type=file]').setInputFiles(again);
    const counts = phone.page.getByTestId('import-counts');
    await expect.poll(() => counts.textContent()).toMatch(/Отклонено: 10\./);
    // on a phone the tables are lists of lines
    expect(await phone.page.getByRole('list', { name: 'Отклонённые строки' }).textContent()).toContain(
      'сохранили после выгрузки',
    );
    expect(await phone.page.getByRole('button', { name: 'Применить' }).isDisabled()).toBe(true);
    await screenshot(phone.page, 'import-refused-375');
    // the tables scroll within the screen; the page itself does not get wider than the phone
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.page.getByRole('button', { name: 'Отмена' }).click();
    await phone.page.getByText('Проверка отменена').waitFor();
    await open(phone.page, '/admin/content/attractions');
    await phone.page.getByRole('link', { name: 'Импорт' }).waitFor();
    await screenshot(phone.page, 'list-375');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(phone.errors).toEqual([]);
    await phone.close();
  });
});
