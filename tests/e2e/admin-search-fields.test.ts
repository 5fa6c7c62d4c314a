import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shareImageUrl } from '../../common/media.js';
import { documentTitle } from '../../common/search-texts.js';
import { checkJsonLd } from '../helpers/structured-data.js';
import { describeE2E, seriousViolations, useBrowser, type ViewportName } from './setup/browser.js';
import { type OwnPortal, startOwnPortal, stopOwnPortal } from './setup/own-portal.js';

// The search and sharing fields in Chromium (decision 053): an editor sets an attraction's search
// title, description and share picture, the form counting the lengths against the advice and
// showing what the page uses while a field is empty; the visitor's page then has them as its
// <title>, meta description, og:image and JSON-LD; emptied again, the page's own are back. A share
// photo without alt text is refused under the share picture's field, and saved once it is named.
// ADMIN_SCREENSHOTS=<folder> keeps screenshots of the fields at 375 and 1440 px.

const password = 'Копорская крепость 1237 года';
const shots = process.env.ADMIN_SCREENSHOTS;
const siteName = 'Ленинградская область';

describeE2E('search and sharing fields', () => {
  const b = useBrowser();
  let portal: OwnPortal & { setupLink: string };
  let editor: Page;
  const errors: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  let item: { id: number; name: string; annotation: string; images: string[] };

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

  /** What a visitor's Chromium reads in the page's <head>: title, description, og:image, the item's JSON-LD. */
  async function head(page: Page) {
    await open(page, `/attractions/detail/${item.id}?lng=ru`);
    return page.evaluate(() => {
      const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? null;
      const blocks = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>,
      );
      return {
        title: document.title,
        description: meta('meta[name="description"]'),
        ogTitle: meta('meta[property="og:title"]'),
        ogImage: meta('meta[property="og:image"]'),
        item: blocks.find((b) => String(b['@id']).endsWith('#item')),
      };
    });
  }
  const field = (name: string) => editor.getByLabel(name, { exact: true });
  const titleRu = () => field('Заголовок для поиска и ссылок (RU)');
  const descriptionRu = () => field('Описание для поиска и ссылок (RU)');

  beforeAll(async () => {
    portal = (await startOwnPortal('admin-search-fields-e2e-', { setupLink: true })) as typeof portal;
    editor = await browser();
    await open(editor, portal.setupLink);
    await editor.getByLabel('Электронная почта').fill('seo.admin@example.org');
    await editor.getByLabel('Ваше имя').fill('Ольга Редактор');
    await editor.getByLabel('Новый пароль').fill(password);
    await editor.getByLabel('Пароль ещё раз').fill(password);
    await editor.getByRole('button', { name: 'Сохранить и войти' }).click();
    await editor.getByRole('heading', { name: /Здравствуйте/ }).waitFor();
    // an attraction with more than one picture, to pick another than the first
    const list = (await (await fetch(`${portal.base}/api/attractions/?limit=20`)).json()).results as {
      id: number;
    }[];
    for (const { id } of list) {
      const detail = await (await fetch(`${portal.base}/api/attractions/${id}/`)).json();
      if (detail.images.length > 1) {
        item = detail;
        break;
      }
    }
    expect(item).toBeDefined();
  }, 180_000);
  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
    if (portal) await stopOwnPortal(portal);
  });

  it('sets a search title, description and share picture; the visitor’s page uses them, and its own when they are emptied', async () => {
    const visitor = await browser();
    const before = await head(visitor);
    const ownTitle = documentTitle(item.name, siteName);
    expect(before.title).toBe(ownTitle);
    expect(before.ogImage).toBe(`${portal.base}${shareImageUrl(item.images[0] as string)}`);

    await open(editor, `/admin/content/attractions/${item.id}`);
    await titleRu().scrollIntoViewIfNeeded();
    const form = editor.locator('form');
    // empty, each field says what the page uses instead
    await expect.poll(() => titleRu().getAttribute('placeholder')).toBe(ownTitle);
    await expect.poll(() => form.textContent()).toContain(`Пусто: страница использует «${ownTitle}»`);
    expect(await form.textContent()).toContain('Пусто: страница использует первую картинку');

    // the counter counts, and says when a text is past the advice (which does not stop it)
    const long = 'Выборгский замок — средневековая крепость на острове, музей и башня Святого Олафа';
    await titleRu().fill(long);
    await expect
      .poll(() => form.textContent())
      .toContain(`${long.length} символов: больше примерно 60, которые показывают поисковики`);
    const title = 'Выборгский замок: башня Святого Олафа и музей';
    await titleRu().fill(title);
    await expect.poll(() => form.textContent()).toContain(`${title.length} из примерно 60 символов`);
    const description =
      'Единственный в России средневековый замок западноевропейского типа: башня Святого Олафа, музей и вид на залив.';
    await descriptionRu().fill(description);
    await expect.poll(() => form.textContent()).toContain(`${description.length} из примерно 160 символов`);
    // the share picture: the item's second picture
    await editor.getByRole('button', { name: 'Картинка 2' }).click();
    expect(await editor.getByRole('button', { name: 'Картинка 2' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const share = item.images[1] as string;
    await titleRu().scrollIntoViewIfNeeded();
    await screenshot(editor, 'search-fields-1440');
    // the fields and the toolbar as a screen reader and a keyboard get them
    expect(await seriousViolations(editor)).toEqual([]);

    // the same form on a phone
    const phone = await browser('phone');
    await phone.context().addCookies(await editor.context().cookies());
    await open(phone, `/admin/content/attractions/${item.id}`);
    await phone.getByLabel('Заголовок для поиска и ссылок (RU)', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(phone, 'search-fields-375');
    await phone.getByText('Картинка для ссылок в соцсетях').scrollIntoViewIfNeeded();
    await screenshot(phone, 'share-picture-375');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // a published item's change reaches the page by its publishing (decision 050)
    await editor.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await expect.poll(async () => (await head(visitor)).title, { timeout: 10_000 }).toBe(title);
    const after = await head(visitor);
    expect(after).toMatchObject({
      title,
      ogTitle: title,
      description,
      ogImage: `${portal.base}${shareImageUrl(share)}`,
    });
    expect(after.item).toMatchObject({ name: title, description });
    const images = after.item?.image as unknown[];
    expect(JSON.stringify(images[0])).toContain(`${portal.base}${share}`);
    expect(checkJsonLd(after.item).filter((f) => f.severity === 'error')).toEqual([]);

    // emptied: the page's own title, summary and first picture again
    await open(editor, `/admin/content/attractions/${item.id}`);
    await expect.poll(() => titleRu().inputValue()).toBe(title);
    await titleRu().fill('');
    await descriptionRu().fill('');
    await editor.getByRole('button', { name: 'Использовать первую картинку' }).click();
    await editor.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await expect.poll(async () => (await head(visitor)).title, { timeout: 10_000 }).toBe(ownTitle);
    const reverted = await head(visitor);
    expect(reverted).toMatchObject({
      ogTitle: item.name,
      ogImage: `${portal.base}${shareImageUrl(item.images[0] as string)}`,
    });
    expect(reverted.description).toBe(before.description);
    expect(reverted.item).toMatchObject({ name: item.name, description: item.annotation });
    expect(errors).toEqual([]);
  });

  it('a share photo without alt text is refused under the share picture; named in the library, the same save goes through', async () => {
    const bytes = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#4a7c59' } })
      .jpeg()
      .toBuffer();
    const photo = await editor.evaluate(async (base64) => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const body = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const r = await fetch('/api/admin/media?name=share-without-alt.jpg', {
        method: 'POST',
        headers: { 'content-type': 'image/jpeg', 'x-xsrf-token': xsrf },
        body,
      });
      return ((await r.json()) as { id: string }).id;
    }, bytes.toString('base64'));

    await open(editor, `/admin/content/attractions/${item.id}`);
    const heading = editor.getByRole('heading', { name: 'Картинка для ссылок в соцсетях', exact: true });
    const sharePicture = editor.locator('div').filter({ has: heading }).last();
    await heading.scrollIntoViewIfNeeded();
    await sharePicture.getByRole('button', { name: 'Выбрать в медиатеке' }).click();
    const library = editor.getByRole('dialog', { name: 'Медиатека' });
    await library.getByLabel('Поиск фотографий').fill('share-without-alt');
    await library
      .getByRole('listitem')
      .filter({ hasText: 'share-without-alt' })
      .getByRole('button', { name: 'Добавить' })
      .click();
    await library.waitFor({ state: 'hidden' });
    await editor.getByRole('button', { name: 'Опубликовать изменения' }).click();
    // the refusal stands under the field that holds the photo, not under the item's pictures
    await expect
      .poll(() => sharePicture.textContent())
      .toContain(`У фотографии ${photo} нет альтернативного текста на языках: ru, en, zh.`);
    await screenshot(editor, 'share-picture-refused-1440');

    // named in the library (another tab, say): the same form saves without a change of its own
    const named = await editor.evaluate(async (id) => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const r = await fetch(`/api/admin/media/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify({ alt: { ru: 'Зелёный фон', en: 'A green background', zh: '绿色背景' } }),
      });
      return r.status;
    }, photo);
    expect(named).toBe(200);
    await editor.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await expect.poll(() => sharePicture.textContent()).not.toContain('нет альтернативного текста');
    const visitor = await browser();
    await expect
      .poll(async () => (await head(visitor)).ogImage, { timeout: 10_000 })
      .toBe(`${portal.base}/media/${photo}/1280.jpg`);
    expect(errors).toEqual([]);
  });
});
