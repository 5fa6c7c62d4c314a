import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { infoPageSlugs } from '../../common/pages.js';
import { makeStaff } from '../helpers/staff.js';
import { describeE2E, seriousViolations, useBrowser } from './setup/browser.js';
import { type OwnPortal, startOwnPortal, stopOwnPortal } from './setup/own-portal.js';

// The content besides the sections in Chromium: an editor changes a direction's annotation in
// English, and the public English page of the direction shows it; the editor's menu has the
// directions and the information pages but not the directories, which only admins change; a
// section's list downloads the section as CSV and XLSX; the media library shows where each photo
// is used, takes a focal point from a click and deletes an unused photo.
// ADMIN_SCREENSHOTS=<folder> keeps screenshots of the direction's and a page's form at 1440 px.

const password = 'Ладожский маяк 1910 года';
const shots = process.env.ADMIN_SCREENSHOTS;

describeE2E('the back office’s directions, pages and directories', () => {
  const b = useBrowser();
  let portal: OwnPortal;
  let editor: Page;
  const errors: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  const open = (page: Page, url: string) => page.goto(`${portal.base}${url}`, { waitUntil: 'load' });
  async function screenshot(page: Page, file: string) {
    if (!shots) return;
    await page.evaluate(() => window.scrollTo(0, 0));
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `${file}.png`), fullPage: true });
  }

  beforeAll(async () => {
    portal = await startOwnPortal('admin-more-e2e-', {
      prepare: async (database) => {
        await makeStaff(database.db, 'editor@example.org', 'editor', password);
      },
    });
    const t = await b.page('desktop');
    closers.push(() => t.close());
    editor = t.page;
    editor.setDefaultTimeout(15_000);
    editor.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await open(editor, '/admin/login');
    await editor.getByLabel('Электронная почта').fill('editor@example.org');
    await editor.getByLabel(/^Пароль/).fill(password);
    await editor.getByRole('button', { name: 'Войти' }).click();
    await editor.getByRole('heading', { name: /Здравствуйте/ }).waitFor();
  }, 180_000);
  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
    if (portal) await stopOwnPortal(portal);
  });

  it('an editor’s menu has the content, not the directories', async () => {
    const menu = editor.getByRole('navigation').or(editor.locator('.RaSidebar-fixed')).first();
    await menu.getByRole('menuitem', { name: 'Направления' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Информационные страницы' }).count()).toBe(1);
    expect(await menu.getByRole('menuitem', { name: 'Районы' }).count()).toBe(0);
    expect(await menu.getByRole('menuitem', { name: 'Главная страница' }).count()).toBe(0);
  });

  it('the media library: where a photo shows, its focal point from a click, an unused one deleted', async () => {
    /** Uploads a photo as the back office's picture field does, and names it in three languages. */
    const add = async (name: string, colour: string, alt?: Record<string, string>) => {
      const bytes = await sharp({ create: { width: 800, height: 500, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      return editor.evaluate(
        async ({ name, base64, alt }) => {
          const xsrf = () => /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
          const body = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const headers = { 'content-type': 'image/jpeg', 'x-xsrf-token': decodeURIComponent(xsrf()) };
          const r = await fetch(`/api/admin/media?name=${name}`, { method: 'POST', headers, body });
          const { id } = (await r.json()) as { id: string };
          if (alt)
            await fetch(`/api/admin/media/${id}`, {
              method: 'PATCH',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ alt }),
            });
          return id;
        },
        { name, base64: bytes.toString('base64'), alt },
      );
    };
    const alt = { ru: 'Маяк на мысу', en: 'A lighthouse on a cape', zh: '海角上的灯塔' };
    const used = await add('lighthouse.jpg', '#2a6f97', alt);
    const spare = await add('spare.jpg', '#999999');
    // the lighthouse photo goes on a news item
    const news = await editor.evaluate(async (photo) => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const list = (await (await fetch('/api/admin/content/news?per_page=1')).json()) as {
        results: { id: number }[];
      };
      const id = list.results[0]?.id as number;
      const item = (await (await fetch(`/api/admin/content/news/${id}`)).json()) as {
        version: number;
        status: string;
        document: { images: string[]; name: { ru: string } };
      };
      await fetch(`/api/admin/content/news/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify({
          ...item,
          document: { ...item.document, images: [photo, ...item.document.images] },
        }),
      });
      return { id, name: item.document.name.ru };
    }, used);
    await open(editor, '/admin/media');
    const row = (name: string) => editor.getByRole('row').filter({ hasText: name });
    await row('lighthouse.jpg').getByRole('link', { name: news.name }).waitFor();
    await row('spare.jpg').getByText('не используется').waitFor();
    await row('spare.jpg').getByText('нет подписи: RU, EN, ZH').waitFor();
    await screenshot(editor, 'media-library-1440');
    // only the unused ones
    await editor.getByRole('combobox', { name: 'Использование' }).click();
    await editor.getByRole('option', { name: 'не используются' }).click();
    await expect.poll(() => row('lighthouse.jpg').count()).toBe(0);
    await row('spare.jpg').waitFor();
    // the focal point of the used one: a click a quarter across and a fifth down
    await open(editor, `/admin/media/${used}`);
    const picture = editor.getByTestId('focal-picture');
    await picture.locator('img').waitFor();
    await expect.poll(async () => (await picture.boundingBox())?.height ?? 0).toBeGreaterThan(100);
    const box = (await picture.boundingBox()) as { width: number; height: number };
    await picture.click({ position: { x: box.width * 0.25, y: box.height * 0.2 } });
    expect(await editor.getByLabel('Фокус по горизонтали').inputValue()).toBe('0.25');
    expect(await editor.getByLabel('Фокус по вертикали').inputValue()).toBe('0.2');
    // a photo in use cannot be deleted from its screen
    expect(await editor.getByRole('button', { name: 'Удалить' }).isDisabled()).toBe(true);
    await screenshot(editor, 'media-photo-1440');
    await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await editor.waitForURL(/\/admin\/media$/);
    const stored = await editor.evaluate(
      async (id) =>
        (await (await fetch(`/api/admin/media/${id}`)).json()) as { focal_x: number; focal_y: number },
      used,
    );
    expect(stored).toMatchObject({ focal_x: 0.25, focal_y: 0.2 });
    // the unused one goes
    await open(editor, `/admin/media/${spare}`);
    await editor.getByRole('button', { name: 'Удалить' }).click();
    await editor
      .getByRole('dialog')
      .getByRole('button', { name: /Подтвердить|Удалить/ })
      .click();
    await editor.waitForURL(/\/admin\/media$/);
    await expect
      .poll(() => editor.evaluate(async (id) => (await fetch(`/api/admin/media/${id}`)).status, spare))
      .toBe(404);
    expect(await seriousViolations(editor)).toEqual([]);
  });

  it('bulk: two attractions to drafts and back, a tourism type added to both, and a copy of one as a draft', async () => {
    await open(editor, '/admin/content/attractions');
    const rows = editor.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(2);
    const idOf = async (i: number) => Number(await rows.nth(i).locator('td').nth(1).textContent());
    const ids = [await idOf(0), await idOf(1)];
    for (const i of [0, 1]) await rows.nth(i).getByRole('checkbox').check();
    await editor.getByRole('button', { name: 'В черновики' }).click();
    await editor.getByText('Изменено: 2; уже были такими: 0.').waitFor();
    const status = (id: number) =>
      editor.evaluate(
        async (n) =>
          (await (await fetch(`/api/admin/content/attractions/${n}`)).json()) as {
            status: string;
            document: { district_id: number; city_id: number | null };
          },
        id,
      );
    for (const id of ids) expect((await status(id)).status).toBe('draft');
    // back to the site, from the list of drafts
    await open(editor, '/admin/content/attractions?filter=%7B%22status%22%3A%22draft%22%7D');
    for (const id of ids)
      await editor
        .getByRole('row')
        .filter({ hasText: String(id) })
        .first()
        .getByRole('checkbox')
        .check();
    await editor.getByRole('button', { name: 'Опубликовать' }).click();
    await editor.getByText('Изменено: 2; уже были такими: 0.').waitFor();
    for (const id of ids) expect((await status(id)).status).toBe('published');
    // the list keeps its last filter: this address clears it
    await open(editor, '/admin/content/attractions?filter=%7B%7D');
    await expect.poll(() => rows.count()).toBeGreaterThan(2);
    for (const i of [0, 1]) await rows.nth(i).getByRole('checkbox').check();
    await editor.getByRole('button', { name: 'Изменить поле…' }).click();
    const dialog = editor.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Поле' }).click();
    await editor
      .getByRole('option', { name: 'Вид туризма' })
      .or(editor.getByRole('option', { name: /Виды туризма/ }))
      .first()
      .click();
    await dialog.getByLabel('добавить').check();
    await dialog.getByRole('combobox', { name: 'Значение' }).click();
    const option = editor.getByRole('option').first();
    const typeName = (await option.textContent()) ?? '';
    await option.click();
    await screenshot(editor, 'bulk-field-1440');
    await dialog.getByRole('button', { name: 'Применить' }).click();
    await editor.getByText(/^Изменено: \d; уже были такими: \d\.$/).waitFor();
    expect(typeName).not.toBe('');
    // a copy of the first: a draft named as a copy, opened for editing
    await open(editor, `/admin/content/attractions/${ids[0]}`);
    const name = await editor.getByLabel(/^Название \(RU\)/).inputValue();
    await editor.getByRole('button', { name: 'Копия' }).click();
    await editor.getByText('Копия создана как черновик.').waitFor();
    await editor.waitForURL(
      (url) =>
        /\/admin\/content\/attractions\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${ids[0]}`),
    );
    await expect.poll(() => editor.getByLabel(/^Название \(RU\)/).inputValue()).toBe(`${name} (копия)`);
    expect(await seriousViolations(editor)).toEqual([]);
  });

  it('bulk on every item the list matches, past its page: the published attractions, published again', async () => {
    await open(editor, '/admin/content/attractions?filter=%7B%22status%22%3A%22published%22%7D');
    const rows = editor.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(25);
    const total = (
      await editor.evaluate(
        async () =>
          (await (await fetch('/api/admin/content/attractions?status=published&per_page=1')).json()) as {
            count: number;
          },
      )
    ).count;
    expect(total).toBeGreaterThan(25);
    await editor.getByLabel('Выбрать все на странице').check();
    await editor.getByRole('status').filter({ hasText: 'Выбрано 25 материалов' }).waitFor();
    await editor.getByRole('button', { name: `Выбрать все подходящие: ${total}` }).click();
    await editor
      .getByRole('status')
      .filter({ hasText: new RegExp(`^Выбран\\S* ${total} материал`) })
      .waitFor();
    await screenshot(editor, 'bulk-all-matching-1440');
    // all of them are on the site already: the action reaches each and changes none; it names
    // the list's filter, not the ids of a page
    const sent = editor.waitForRequest((r) => r.url().endsWith('/api/admin/bulk/attractions'));
    await editor.getByRole('button', { name: 'Опубликовать' }).click();
    expect((await sent).postDataJSON()).toEqual({ filter: { status: 'published' }, action: 'publish' });
    await editor.getByText(`Изменено: 0; уже были такими: ${total}.`).waitFor();
  });

  it('schedules with a day and time typed in the interface’s order and a 24-hour clock; an unfinished one is refused', async () => {
    await open(editor, '/admin/content/news/create');
    await editor.getByRole('combobox', { name: /^Состояние/ }).click();
    await editor.getByRole('option', { name: 'запланировано' }).click();
    const moment = editor.getByRole('group', { name: /^Опубликовать в/ });
    await moment.getByRole('spinbutton').first().click();
    await editor.keyboard.type('051220261840');
    expect(await moment.textContent()).toContain('05.12.2026 18:40');
    // A day that does not exist: the form says so and sends nothing.
    await moment.getByRole('spinbutton').first().click();
    await editor.keyboard.type('310220261840');
    await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await editor.getByText('Дата не дописана или такой даты нет').waitFor();
    await screenshot(editor, 'news-schedule-1440');
    expect(editor.url()).toMatch(/\/create$/);
  });

  it('changes a direction’s annotation in English, and the public English page shows it', async () => {
    const id = 3;
    await open(editor, `/admin/content/directions/${id}`);
    await editor.getByRole('heading', { name: 'История' }).waitFor();
    const text = `Lakes, pine forests and manor houses ${Date.now().toString(36)}.`;
    await editor.getByLabel(/^Кратко \(EN\)/).fill(text);
    await screenshot(editor, 'direction-edit-1440');
    await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await editor.getByText(/Элемент обновлен|Element updated/).waitFor();

    const visitor = await b.page('desktop');
    closers.push(() => visitor.close());
    await open(visitor.page, `/directions/detail/${id}?lng=en`);
    await expect.poll(() => visitor.page.locator('main').textContent()).toContain(text);
    // and the history records the change with its languages
    await editor.reload({ waitUntil: 'load' });
    const history = editor.getByRole('region', { name: 'История' });
    await expect.poll(() => history.textContent()).toContain(text);
    expect(await seriousViolations(editor)).toEqual([]);
  });

  it('downloads a section’s list as CSV and XLSX from its list screen', async () => {
    await open(editor, '/admin/content/news');
    await expect.poll(() => editor.getByRole('row').count()).toBeGreaterThan(1);
    const file = async (name: string) => {
      const [download] = await Promise.all([
        editor.waitForEvent('download'),
        editor.getByRole('link', { name }).click(),
      ]);
      return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
    };
    const csv = await file('Экспорт CSV');
    expect(csv.name).toMatch(/^news-\d{4}-\d{2}-\d{2}\.csv$/);
    const header = csv.bytes.toString('utf8').split('\r\n')[0] ?? '';
    expect(header).toMatch(/^\uFEFFid,status,publish_at,version,/);
    expect(header).toContain(',name.ru,name.en,name.zh,');
    const xlsx = await file('Экспорт XLSX');
    expect(xlsx.name).toMatch(/^news-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const first = workbook.worksheets[0]?.getRow(1).values as unknown[];
    expect(first.slice(1).join(',')).toBe(header.slice(1));
    expect(workbook.worksheets[0]?.rowCount).toBeGreaterThan(1);
    expect(errors).toEqual([]);
  });

  it('an information page’s body is a rich text: a heading and a list added there show on the page', async () => {
    await open(editor, '/admin/content/pages');
    await expect.poll(() => editor.getByRole('row').count()).toBeGreaterThan(1);
    await editor.getByRole('row').nth(1).click();
    // the body's blocks of before, read as the editor's document: its headings are headings
    const box = editor.getByRole('textbox', { name: 'Текст страницы (RU)' });
    await box.locator('h2').first().waitFor();
    const own = (await box.locator('h2').first().textContent()) ?? '';
    expect(own).not.toBe('');
    expect(await editor.getByRole('textbox', { name: 'Текст страницы (EN)' }).count()).toBe(1);
    const heading = `Что взять с собой ${Date.now().toString(36)}`;
    const toolbar = editor.getByRole('toolbar', { name: 'Оформление: Текст страницы (RU)' });
    await box.click();
    await editor.keyboard.press('Control+End');
    await editor.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'H2: Заголовок' }).click();
    await editor.keyboard.type(heading);
    await editor.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Маркированный список' }).click();
    await editor.keyboard.type('Дождевик');
    await editor.keyboard.press('Enter');
    await editor.keyboard.type('Средство от клещей');
    await box.getByRole('heading', { name: heading }).waitFor();
    // a picture's description for screen readers and its caption, changed in the toolbar's dialog
    // while the picture is selected
    const caption = `Подпись ${Date.now().toString(36)}`;
    const alt = `Крепостная стена над рекой ${Date.now().toString(36)}`;
    await box.locator('img').first().click();
    await toolbar.getByRole('button', { name: 'Описание и подпись картинки' }).click();
    const dialog = editor.getByRole('dialog', { name: 'Картинка: описание и подпись' });
    await dialog.getByLabel('Описание для незрячих (alt)').fill(alt);
    await dialog.getByLabel('Подпись').fill(caption);
    await screenshot(editor, 'page-picture-dialog-1440');
    await dialog.getByRole('button', { name: 'Применить' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await box.locator(`img[title="${caption}"][alt="${alt}"]`).waitFor();
    await screenshot(editor, 'page-edit-1440');
    await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await editor.getByText(/Элемент обновлен|Element updated/).waitFor();
    // the history shows the body as its readable text, never as stored data
    const history = editor.getByRole('region', { name: 'История' });
    await expect.poll(() => history.textContent()).toContain(`## ${heading}`);
    expect(await history.textContent()).not.toContain('[object Object]');
    expect(await seriousViolations(editor)).toEqual([]);

    // the public API has the body's new text at once (the page that has it is the one edited)
    let slug = '';
    await expect
      .poll(async () => {
        for (const s of infoPageSlugs) {
          const page = await (await fetch(`${portal.base}/api/pages/${s}/`)).json();
          if ((page.body as string).includes(`## ${heading}\n\n- Дождевик\n- Средство от клещей`)) slug = s;
        }
        return slug;
      })
      .not.toBe('');
    // the visitor's page: the new heading and the list's items after the page's own text
    const t = await b.page('desktop');
    closers.push(() => t.close());
    await t.page.goto(`${portal.base}/${slug}`, { waitUntil: 'load' });
    const article = t.page.getByRole('article');
    await article.getByRole('heading', { level: 2, name: heading }).waitFor();
    const list = article.locator('h2', { hasText: heading }).locator('xpath=following-sibling::*[1]');
    expect(await list.evaluate((e) => e.tagName)).toBe('UL');
    const items = await list.locator('li').allTextContents();
    expect(items).toEqual(['Дождевик', 'Средство от клещей']);
    await article.locator('figcaption', { hasText: caption }).waitFor();
    await article.getByRole('img', { name: alt }).waitFor();
    // the page's own headings are still there
    await article.getByRole('heading', { level: 2, name: own, exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});
