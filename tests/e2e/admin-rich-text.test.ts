import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeE2E, seriousViolations, useBrowser, type ViewportName } from './setup/browser.js';
import { type OwnPortal, startOwnPortal, stopOwnPortal } from './setup/own-portal.js';

// A description as rich text in Chromium (decision 052): an editor writes a heading, a bulleted
// list and a link with the toolbar of the back office's editor, publishes, and the visitor's page
// shows a heading, the list's items and a link that goes where it says (saved as a working copy
// first, then published). The edit screen passes axe.
// ADMIN_SCREENSHOTS=<folder> keeps screenshots of the editor and the page at 375 and 1440 px.

const password = 'Копорская крепость 1237 года';
const shots = process.env.ADMIN_SCREENSHOTS;

describeE2E('a description written as rich text', () => {
  const b = useBrowser();
  let portal: OwnPortal & { setupLink: string };
  let editor: Page;
  const errors: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  let id = 0;
  const heading = `Как добраться ${Date.now().toString(36)}`;

  async function browser(viewport: ViewportName = 'desktop'): Promise<Page> {
    const t = await b.page(viewport);
    closers.push(() => t.close());
    t.page.setDefaultTimeout(45_000);
    t.page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    return t.page;
  }
  const open = (page: Page, url: string) =>
    page.goto(url.startsWith('http') ? url : `${portal.base}${url}`, { waitUntil: 'load' });
  async function screenshot(page: Page, file: string) {
    if (!shots) return;
    fs.mkdirSync(shots, { recursive: true });
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(shots, `${file}.png`) });
  }

  beforeAll(async () => {
    portal = (await startOwnPortal('admin-rich-text-e2e-', { setupLink: true })) as typeof portal;
    editor = await browser();
    await open(editor, portal.setupLink);
    await editor.getByLabel('Электронная почта').fill('rich.admin@example.org');
    await editor.getByLabel('Ваше имя').fill('Анна Редактор');
    await editor.getByLabel('Новый пароль').fill(password);
    await editor.getByLabel('Пароль ещё раз').fill(password);
    await editor.getByRole('button', { name: 'Сохранить и войти' }).click();
    await editor.getByRole('heading', { name: /Здравствуйте/ }).waitFor();
    id = (await (await fetch(`${portal.base}/api/attractions/?limit=1`)).json()).results[0].id;
  }, 180_000);
  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
    if (portal) await stopOwnPortal(portal);
  });

  it('writes a heading, a list and a link with the toolbar, publishes, and the page shows them', async () => {
    await open(editor, `/admin/content/attractions/${id}`);
    const box = editor.getByRole('textbox', { name: 'Описание (RU)' });
    const toolbar = editor.getByRole('toolbar', { name: 'Оформление: Описание (RU)' });
    await box.waitFor();
    // the screen with the editors, as a screen reader and a keyboard get it
    expect(await seriousViolations(editor)).toEqual([]);

    await box.click();
    await editor.keyboard.press('Control+A');
    await editor.keyboard.press('Delete');
    await toolbar.getByRole('button', { name: 'H2: Заголовок' }).click();
    await editor.keyboard.type(heading);
    await editor.keyboard.press('Enter');
    await editor.keyboard.type('Электричкой до Выборга, затем пешком.');
    await editor.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Маркированный список' }).click();
    await expect
      .poll(() => toolbar.getByRole('button', { name: 'Маркированный список' }).getAttribute('aria-pressed'))
      .toBe('true');
    await editor.keyboard.type('Первый пункт');
    await editor.keyboard.press('Enter');
    await editor.keyboard.type('Второй пункт: карта');
    // the word "карта" selected from the keyboard, then made a link in the toolbar's dialog
    for (let i = 0; i < 'карта'.length; i++) await editor.keyboard.press('Shift+ArrowLeft');
    await toolbar.getByRole('button', { name: 'Ссылка' }).click();
    const dialog = editor.getByRole('dialog', { name: 'Ссылка' });
    await dialog.getByLabel('Адрес').fill('javascript:alert(1)');
    await expect.poll(() => dialog.getByRole('button', { name: 'Применить' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Адрес').fill('/map');
    await dialog.getByRole('button', { name: 'Применить' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await box.locator('h2').waitFor();
    expect(await box.locator('li').count()).toBe(2);
    expect(await box.locator('a[href="/map"]').textContent()).toBe('карта');
    await box.scrollIntoViewIfNeeded();
    await screenshot(editor, 'rich-text-editor-1440');

    // a published item's first button saves a working copy (decision 050): saved with the
    // document, off the site, then put on it by «Опубликовать изменения»
    await editor.getByRole('button', { name: 'Сохранить как рабочую копию' }).click();
    await editor.getByText('Опубликовано · есть неопубликованные изменения').waitFor();
    expect(
      (await (await fetch(`${portal.base}/api/attractions/${id}/`)).json()).description as string,
    ).not.toContain(heading);
    await box.locator('a[href="/map"]').waitFor();
    await editor.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await expect
      .poll(
        async () =>
          (await (await fetch(`${portal.base}/api/attractions/${id}/`)).json()).description as string,
        {
          timeout: 10_000,
          interval: 300,
        },
      )
      .toContain(`## ${heading}`);

    // the visitor's page: the heading, the list's items, a link that goes to the map
    const visitor = await browser();
    await open(visitor, `/attractions/detail/${id}`);
    const description = visitor.getByRole('region', { name: 'Описание' });
    await description.getByRole('heading', { level: 2, name: heading }).waitFor();
    expect(await description.getByRole('listitem').allTextContents()).toEqual([
      'Первый пункт',
      'Второй пункт: карта',
    ]);
    await description.getByRole('heading', { name: heading }).scrollIntoViewIfNeeded();
    await screenshot(visitor, 'rich-text-page-1440');
    const phone = await browser('phone');
    await open(phone, `/attractions/detail/${id}`);
    await phone
      .getByRole('region', { name: 'Описание' })
      .getByRole('heading', { name: heading })
      .scrollIntoViewIfNeeded();
    await screenshot(phone, 'rich-text-page-375');
    await description.getByRole('link', { name: 'карта' }).click();
    await visitor.waitForURL(/\/map(\?|$)/);
    expect(errors).toEqual([]);
  }, 150_000);

  it('is usable on a phone: the editor and its toolbar fit the screen', async () => {
    const phone = await browser('phone');
    await phone.context().addCookies(await editor.context().cookies());
    await open(phone, `/admin/content/attractions/${id}`);
    await phone.bringToFront();
    const box = phone.getByRole('textbox', { name: 'Описание (RU)' });
    await box.locator('h2').waitFor();
    await box.scrollIntoViewIfNeeded();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(phone, 'rich-text-editor-375');
    expect(errors).toEqual([]);
  });
});
