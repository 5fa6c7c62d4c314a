import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeE2E, seriousViolations, useBrowser, type ViewportName } from './setup/browser.js';
import { type OwnPortal, startOwnPortal, stopOwnPortal } from './setup/own-portal.js';

// A working copy in Chromium: an editor renames a published attraction and presses the form's first
// button, "Save as working copy"; a visitor's page and the API keep the published name, the preview
// shows the new one; "Publish changes" puts it on the visitor's page; "Discard changes" drops a
// second working copy; "Publish changes" with no working copy waiting publishes at once.
// ADMIN_SCREENSHOTS=<folder> keeps screenshots of the form's state and buttons at 375 and 1440 px.

const password = 'Копорская крепость 1237 года';
const shots = process.env.ADMIN_SCREENSHOTS;

describeE2E('a working copy of a published item', () => {
  const b = useBrowser();
  let portal: OwnPortal & { setupLink: string };
  let editor: Page;
  const errors: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  let id = 0;
  let published = '';
  const renamed = `Усадьба рабочей копии ${Date.now().toString(36)}`;

  async function browser(viewport: ViewportName = 'desktop'): Promise<Page> {
    const t = await b.page(viewport);
    closers.push(() => t.close());
    t.page.setDefaultTimeout(15_000);
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
  /** The attraction's public page as a visitor (no cookie) reads it now. */
  const visitorPage = async () => {
    const r = await fetch(`${portal.base}/attractions/detail/${id}`);
    expect(r.status).toBe(200);
    return r.text();
  };
  /** The attraction's name in the public API, as a visitor's browser reads it now. */
  const apiName = async () =>
    ((await (await fetch(`${portal.base}/api/attractions/${id}/`)).json()) as { name: string }).name;
  const nameInput = () => editor.getByLabel(/^Название \(RU\)/);
  /** The form's toolbar (fixed at the bottom of a phone's screen), not the rich text's. */
  const formToolbar = (page: Page) => page.locator('.RaToolbar-desktopToolbar, .RaToolbar-mobileToolbar');
  const publishedNote = '«Сохранить как рабочую копию» не меняет сайт';

  beforeAll(async () => {
    portal = (await startOwnPortal('admin-working-copy-e2e-', { setupLink: true })) as typeof portal;
    editor = await browser();
    await open(editor, portal.setupLink);
    await editor.getByLabel('Электронная почта').fill('copy.admin@example.org');
    await editor.getByLabel('Ваше имя').fill('Пётр Редактор');
    await editor.getByLabel('Новый пароль').fill(password);
    await editor.getByLabel('Пароль ещё раз').fill(password);
    await editor.getByRole('button', { name: 'Сохранить и войти' }).click();
    await editor.getByRole('heading', { name: /Здравствуйте/ }).waitFor();
    const first = (await (await fetch(`${portal.base}/api/attractions/?limit=1`)).json()).results[0];
    id = first.id;
    published = first.name;
  }, 180_000);
  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
    if (portal) await stopOwnPortal(portal);
  });

  it('saves a rename by the first button as a working copy the visitor does not see, previews it, and publishes it', async () => {
    await open(editor, `/admin/content/attractions/${id}`);
    await expect.poll(() => nameInput().inputValue()).toBe(published);
    await editor.getByText(publishedNote).waitFor();
    // with no working copy yet, the first (filled) button keeps the site as it is; publishing is
    // the second
    const buttons = formToolbar(editor).getByRole('button');
    expect((await buttons.allTextContents()).slice(0, 2)).toEqual([
      'Сохранить как рабочую копию',
      'Опубликовать изменения',
    ]);
    expect(await buttons.first().getAttribute('class')).toContain('MuiButton-contained');
    // nothing edited, nothing to publish: the site shows this version already
    expect(await buttons.nth(1).isDisabled()).toBe(true);
    await nameInput().fill(renamed);
    await expect.poll(() => buttons.nth(1).isDisabled()).toBe(false);
    await buttons.first().scrollIntoViewIfNeeded();
    await screenshot(editor, 'published-buttons-1440');
    // Enter in a field is no way to publish: the form has no submit button, so the browser submits
    // nothing (a publish here would make the save below a stale one, refused)
    await nameInput().press('Enter');
    await buttons.first().click();
    await editor.getByText('Опубликовано · есть неопубликованные изменения').waitFor();
    expect(await nameInput().inputValue()).toBe(renamed);
    await editor.getByText('Сохранено как рабочая копия: сайт не изменился.').waitFor();
    await editor.evaluate(() => window.scrollTo({ top: 0 }));
    await screenshot(editor, 'working-copy-state-1440');
    // the form with its state and three actions, as a screen reader and a keyboard get it
    expect(await seriousViolations(editor)).toEqual([]);
    await editor.getByRole('button', { name: 'Опубликовать изменения' }).scrollIntoViewIfNeeded();
    await screenshot(editor, 'working-copy-buttons-1440');

    // the visitor's page and the API keep the published name
    const before = await visitorPage();
    expect(before).toContain(published);
    expect(before).not.toContain(renamed);
    expect(await apiName()).toBe(published);

    // the preview shows the working copy
    const [tab] = await Promise.all([
      editor.context().waitForEvent('page'),
      editor.getByRole('link', { name: 'Предпросмотр' }).click(),
    ]);
    closers.push(() => tab.close());
    await tab.waitForLoadState('load');
    await tab.getByText(renamed).first().waitFor();
    await tab.close();
    await editor.bringToFront();

    // the list (which names items as the site does) marks it, and its filter of unpublished
    // changes finds it alone
    await open(
      editor,
      `/admin/content/attractions?filter=${encodeURIComponent('{"changes":"unpublished"}')}`,
    );
    const row = editor.getByRole('row').filter({ hasText: published });
    await row.getByText('неопубликованные изменения').waitFor();
    expect(await editor.getByRole('row').count()).toBe(2);
    await screenshot(editor, 'working-copy-list-1440');
    expect(await seriousViolations(editor)).toEqual([]);
    await row.getByText(published).click();
    await expect.poll(() => nameInput().inputValue()).toBe(renamed);

    await editor.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await editor.getByText(publishedNote).waitFor();
    await expect.poll(visitorPage, { timeout: 2_000, interval: 200 }).toContain(renamed);
    expect(await apiName()).toBe(renamed);
    expect(errors).toEqual([]);
  });

  it('discards a working copy: the form and the site show the published version', async () => {
    const phone = await browser('phone');
    // the session of the desktop page, on a phone's width
    await phone.context().addCookies(await editor.context().cookies());
    await open(phone, `/admin/content/attractions/${id}`);
    // in front: a page behind another gets no timers' time, and its notices would never go
    await phone.bringToFront();
    const name = phone.getByLabel(/^Название \(RU\)/);
    await expect.poll(() => name.inputValue()).toBe(renamed);
    await name.fill('Имя, которое отменят');
    // the first save on a line of its own, publishing below it, inside the screen's width
    await screenshot(phone, 'published-buttons-375');
    for (const box of await Promise.all(
      (await formToolbar(phone).getByRole('button').all()).map((button) => button.boundingBox()),
    ))
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await phone.getByRole('button', { name: 'Сохранить как рабочую копию' }).click();
    await phone.getByText('Опубликовано · есть неопубликованные изменения').waitFor();
    await phone.evaluate(() => window.scrollTo({ top: 0 }));
    await screenshot(phone, 'working-copy-state-375');
    // the notice covers the toolbar at the bottom of a phone's screen until it goes (the pointer
    // left on it, where the save button was, would keep it)
    await phone.mouse.move(10, 300);
    await phone.getByText('Сохранено как рабочая копия: сайт не изменился.').waitFor({ state: 'hidden' });
    await phone.getByRole('button', { name: 'Отменить изменения' }).scrollIntoViewIfNeeded();
    await screenshot(phone, 'working-copy-buttons-375');
    await phone.getByRole('button', { name: 'Отменить изменения' }).click();
    await phone
      .getByRole('dialog')
      .getByRole('button', { name: /Подтвердить|Да/ })
      .click();
    await expect.poll(() => name.inputValue()).toBe(renamed);
    await phone.getByText(publishedNote).waitFor();
    expect(await visitorPage()).not.toContain('Имя, которое отменят');
    expect(errors).toEqual([]);
  });

  it('publishes a change at once by «Опубликовать изменения» with no working copy; another state has the single save', async () => {
    await open(editor, `/admin/content/attractions/${id}`);
    await expect.poll(() => nameInput().inputValue()).toBe(renamed);
    await editor.getByText(publishedNote).waitFor();
    const now = `${renamed}, сразу на сайте`;
    await nameInput().fill(now);
    await editor.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await expect.poll(visitorPage, { timeout: 2_000, interval: 200 }).toContain(now);
    expect(await apiName()).toBe(now);
    // published with nothing left waiting: the note of a published item, no discard
    await editor.getByText(publishedNote).waitFor();
    expect(await editor.getByRole('button', { name: 'Отменить изменения' }).count()).toBe(0);

    // a draft is not on the site: its single save, as before
    await editor.getByRole('combobox', { name: /^Состояние/ }).click();
    await editor.getByRole('option', { name: 'черновик' }).click();
    const buttons = formToolbar(editor).getByRole('button');
    await expect.poll(() => buttons.first().textContent()).toBe('Сохранить');
    expect(
      await formToolbar(editor)
        .getByRole('button', { name: /рабочую копию|Опубликовать/ })
        .count(),
    ).toBe(0);
    expect(await editor.getByText(publishedNote).count()).toBe(0);

    if (shots) {
      // the same form in English, on both widths (fresh pages: this one's form has unsaved input)
      for (const [viewport, width] of [
        ['desktop', 1440],
        ['phone', 375],
      ] as const) {
        const page = await browser(viewport);
        await page.context().addCookies(await editor.context().cookies());
        await open(page, '/admin');
        await page.evaluate(() => localStorage.setItem('RaStore.locale', '"en"'));
        await open(page, `/admin/content/attractions/${id}`);
        await page.getByText('“Save as working copy” leaves the site unchanged').waitFor();
        await page.getByLabel(/^Name \(RU\)|^Название \(RU\)/).fill(`${now}.`);
        await page.getByRole('button', { name: 'Publish changes' }).scrollIntoViewIfNeeded();
        await screenshot(page, `published-buttons-en-${width}`);
        await page.evaluate(() => localStorage.removeItem('RaStore.locale'));
      }
    }
    expect(errors).toEqual([]);
  });
});
