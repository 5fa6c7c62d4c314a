import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { docToText, type RichDoc, richDocOf } from '../../common/rich-text.js';
import { makeStaff } from '../helpers/staff.js';
import { describeE2E, useBrowser, type ViewportName } from './setup/browser.js';
import { type OwnPortal, startOwnPortal, stopOwnPortal } from './setup/own-portal.js';

// The back office's home, its merge of two editors' saves, erasure on request and every screen's
// heading and accessibility, in Chromium: two editors (two browser contexts) edit one event at once;
// the dashboard's numbers lead to the lists of their items; an admin erases what is stored about a
// visitor's address after seeing it; axe (WCAG 2.2 AA and its best practices, which ask for an h1)
// finds nothing on any screen. Its own portal, from a copy of the seeded demo database.
// ADMIN_SCREENSHOTS=<folder> keeps screenshots of the screens at 375 and 1440 px.

const password = 'Ладожский маяк 1910 года';
const shots = process.env.ADMIN_SCREENSHOTS;
const visitorEmail = 'forget.me@example.org';

/** Every violation axe finds: WCAG 2.2 A and AA, and the best practices (one h1 per page among them). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join('; ')}`,
  );
}

describeE2E('the back office’s home, merges, erasure and headings', () => {
  const b = useBrowser();
  let portal: OwnPortal;
  let admin: Page;
  let editor: Page;
  const errors: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  let eventId = 0;
  let eventName = '';

  const open = (page: Page, url: string) => page.goto(`${portal.base}${url}`, { waitUntil: 'load' });
  async function screenshot(page: Page, file: string) {
    if (!shots) return;
    fs.mkdirSync(shots, { recursive: true });
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(shots, `${file}.png`), fullPage: true });
  }
  async function signedIn(email: string, viewport: ViewportName = 'desktop'): Promise<Page> {
    const t = await b.page(viewport);
    closers.push(() => t.close());
    const page = t.page;
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await open(page, '/admin/login');
    await page.getByLabel('Электронная почта').fill(email);
    await page.getByLabel(/^Пароль/).fill(password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('heading', { name: 'Редакция', level: 1 }).waitFor();
    return page;
  }
  /** A call of the admin API from a signed-in page, with its XSRF header. */
  const call = (page: Page, method: string, url: string, body?: unknown) =>
    page.evaluate(
      async ([m, u, b]) => {
        const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
        const r = await fetch(u as string, {
          method: m as string,
          headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
          ...(b === undefined ? {} : { body: JSON.stringify(b) }),
        });
        return r.json();
      },
      [method, url, body] as const,
    );

  beforeAll(async () => {
    portal = await startOwnPortal('admin-screens-e2e-', {
      prepare: async (database) => {
        await makeStaff(database.db, 'chief@example.org', 'admin', password);
        await makeStaff(database.db, 'second@example.org', 'editor', password);
      },
    });
    admin = await signedIn('chief@example.org');
    editor = await signedIn('second@example.org');
    const events = await call(admin, 'GET', '/api/admin/content/events?per_page=1&sort=id&order=asc');
    eventId = events.results[0].id;
    eventName = events.results[0].name;
  }, 180_000);
  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
    if (portal) await stopOwnPortal(portal);
  });

  it('two editors change one event at once: a text both changed shows both, the rest merges by itself', async () => {
    await open(admin, `/admin/content/events/${eventId}`);
    await open(editor, `/admin/content/events/${eventId}`);
    for (const page of [admin, editor]) await page.getByRole('heading', { name: 'История' }).waitFor();

    // The other editor saves first: the Russian description and the English summary.
    const theirs = 'Ярмарка мастеров и концерт на площади.';
    const theirSummary = 'A crafts fair on the square.';
    await editor.getByLabel(/^Описание \(RU\)/).fill(theirs);
    await editor.getByLabel(/^Кратко \(EN\)/).fill(theirSummary);
    // a published event's first button: a working copy, versioned like every save (decision 050)
    await editor.getByRole('button', { name: 'Сохранить как рабочую копию' }).click();
    await expect
      .poll(() =>
        call(editor, 'GET', `/api/admin/content/events/${eventId}`).then(
          (item: { document: { description: { ru: RichDoc } } }) => docToText(item.document.description.ru),
        ),
      )
      .toBe(theirs);

    // Meanwhile: the same Russian description, differently, and the venue.
    const mine = 'Ярмарка, концерт и катание на санях.';
    await admin.getByRole('textbox', { name: /^Описание \(RU\)/ }).fill(mine);
    await admin.getByLabel(/^Место проведения \(RU\)/).fill('Соборная площадь');
    await admin.getByRole('button', { name: 'Сохранить как рабочую копию' }).click();
    await admin.getByRole('button', { name: 'Применить мои изменения к новой версии' }).click();

    // Both texts of the field both changed, side by side; the save waits for a choice.
    const panel = admin.getByRole('region', { name: 'Вы и другой редактор изменили одни и те же поля' });
    const field = panel.getByRole('region', { name: 'Описание (RU)' });
    await expect.poll(() => field.textContent()).toContain(theirs);
    expect(await field.textContent()).toContain(mine);
    expect(await panel.getByRole('region').count()).toBe(1);
    const save = admin.getByRole('button', { name: 'Сохранить как рабочую копию' });
    await expect.poll(() => save.isDisabled()).toBe(true);
    // what only one side changed is in the form already: their summary, my venue
    expect(await admin.getByLabel(/^Кратко \(EN\)/).inputValue()).toBe(theirSummary);
    expect(await admin.getByLabel(/^Место проведения \(RU\)/).inputValue()).toBe('Соборная площадь');
    await screenshot(admin, 'merge-1440');
    // past the notification: axe reads a snackbar fading in as text of too little contrast
    await admin.locator('.MuiSnackbarContent-message').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await violations(admin)).toEqual([]);

    // Taking theirs and then a text of my own that joins both: settled, and saved as written.
    await field.getByRole('button', { name: 'Взять их текст' }).click();
    expect(await admin.getByRole('textbox', { name: /^Описание \(RU\)/ }).innerText()).toBe(theirs);
    const joined = 'Ярмарка мастеров, концерт на площади и катание на санях.';
    await admin.getByRole('textbox', { name: /^Описание \(RU\)/ }).fill(joined);
    await expect.poll(() => panel.textContent()).toContain('Все поля решены');
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    // saved as any working copy's save: its notice, and the panel gone with the new version
    await admin.getByText('Сохранено как рабочая копия: сайт не изменился.').waitFor();
    const stored = () =>
      call(admin, 'GET', `/api/admin/content/events/${eventId}`).then(
        (item: { document: Record<string, Record<string, string>> }) => item.document,
      );
    await expect
      .poll(async () => docToText(richDocOf((await stored()).description?.ru as never)))
      .toBe(joined);
    const document = await stored();
    expect(document.annotation?.en).toBe(theirSummary);
    expect(document.venue?.ru).toBe('Соборная площадь');
    await expect.poll(() => panel.count()).toBe(0);
  }, 180_000);

  it('the home screen shows what waits, each number a link to the list of those items, and the recent changes', async () => {
    // A visitor's message and a news draft without its translations.
    const visitor = await b.page('desktop');
    closers.push(() => visitor.close());
    await visitor.page.goto(`${portal.base}/`, { waitUntil: 'load' });
    const sent = await visitor.page.evaluate(async (email) => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
          body: JSON.stringify(body),
        }).then((r) => r.status);
      return [
        await post('/api/auth/feedback/', {
          name: 'Фёдор Гость',
          email,
          message: 'Забудьте меня, пожалуйста.',
        }),
        await post('/api/auth/subscribe/', { email }),
      ];
    }, visitorEmail);
    expect(sent[0]).toBe(201);
    const news = (await call(admin, 'GET', '/api/admin/content/news/1')) as {
      document: Record<string, unknown>;
    };
    const draftName = `Черновик новости ${Date.now().toString(36)}`;
    await call(admin, 'POST', '/api/admin/content/news', {
      status: 'draft',
      document: {
        ...news.document,
        name: { ru: draftName },
        annotation: { ru: 'Кратко' },
        description: { ru: 'Текст' },
      },
    });

    await open(admin, '/admin');
    const tile = (name: string) => admin.getByRole('region', { name });
    await expect.poll(() => tile('Новые сообщения').textContent()).toMatch(/1/);
    await expect.poll(() => tile('Черновики').textContent()).toContain('Новости: 1');
    expect(await tile('Нет перевода').textContent()).toContain('Новости: 1 (английский)');
    expect(await tile('Опубликовано без настоящего фото').textContent()).toMatch(
      /Достопримечательности: \d+/,
    );
    // the recent changes: who changed which item, linked to it
    const recent = tile('Последние изменения');
    await expect.poll(() => recent.textContent()).toContain(draftName);
    expect(await recent.textContent()).toMatch(/chief/);
    await screenshot(admin, 'dashboard-1440');
    expect(await violations(admin)).toEqual([]);

    await recent.getByRole('link', { name: eventName }).first().click();
    await admin.waitForURL(new RegExp(`/admin/content/events/${eventId}$`));
    await open(admin, '/admin');
    await tile('Черновики').getByRole('link', { name: 'Новости: 1' }).click();
    await admin.waitForURL(/\/admin\/content\/news\?/);
    await expect.poll(() => admin.getByRole('row').count()).toBe(2);
    expect(await admin.getByRole('row').nth(1).textContent()).toContain(draftName);
    // the list says which filter is on
    expect(await admin.getByRole('combobox', { name: /^Состояние/ }).textContent()).toContain('черновик');

    await open(admin, '/admin');
    await tile('Новые сообщения').getByRole('link', { name: '1' }).click();
    await admin.waitForURL(/\/admin\/feedback\?/);
    await admin.getByRole('row', { name: /Фёдор Гость/ }).waitFor();

    await open(admin, '/admin');
    await tile('Опубликовано без настоящего фото')
      .getByRole('link', { name: /Достопримечательности/ })
      .click();
    await admin.waitForURL(/\/admin\/content\/attractions\?/);
    expect(await admin.getByRole('combobox', { name: /^Фото/ }).textContent()).toContain(
      'нет настоящего фото',
    );

    // a kind that cannot be scheduled does not count scheduled items; events and news link to theirs
    await open(admin, '/admin/content/attractions');
    const counts = admin.getByRole('status').filter({ hasText: 'Опубликовано' });
    await expect.poll(() => counts.textContent()).toMatch(/Опубликовано: \d+/);
    expect(await counts.textContent()).not.toContain('Запланировано');
    await open(admin, '/admin/content/news');
    await expect
      .poll(() => admin.getByRole('status').filter({ hasText: 'Опубликовано' }).textContent())
      .toContain('Запланировано: 0');
  }, 180_000);

  it('erases what is stored about an address from the back office: what goes first, a confirmation, the result', async () => {
    await open(admin, '/admin/accounts');
    await admin.getByRole('link', { name: 'Удалить данные по запросу' }).click();
    await admin.getByRole('heading', { name: 'Удаление данных по запросу', level: 1 }).waitFor();
    await admin.getByLabel(/^Адрес электронной почты/).fill(visitorEmail);
    await admin.getByRole('button', { name: 'Показать, что будет удалено' }).click();
    const preview = admin.getByRole('region', { name: `Хранится об адресе ${visitorEmail}` });
    await expect.poll(() => preview.textContent()).toContain('Сообщения обратной связи: 1');
    expect(await preview.textContent()).toContain('Забудьте меня, пожалуйста.');
    expect(await preview.textContent()).toContain('Подписка на рассылку: 1');
    expect(await preview.textContent()).toMatch(/Письма на этот адрес и копии его сообщений: [1-9]/);
    expect(await preview.textContent()).toContain('Учётная запись сотрудника: 0');
    await screenshot(admin, 'erase-preview-1440');
    expect(await violations(admin)).toEqual([]);

    await preview.getByRole('button', { name: 'Удалить безвозвратно' }).click();
    const dialog = admin.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(visitorEmail);
    await dialog.getByRole('button', { name: 'Удалить безвозвратно' }).click();
    await expect
      .poll(() => admin.getByRole('status').filter({ hasText: 'Удалено для' }).textContent())
      .toMatch(/подписок 1, сообщений 1/);
    await admin.getByRole('button', { name: 'Показать, что будет удалено' }).click();
    await admin.getByText('Об этом адресе ничего не хранится.').waitFor();

    // an active colleague's account is shown, and not erased while it is active
    await admin.getByLabel(/^Адрес электронной почты/).fill('second@example.org');
    await admin.getByRole('button', { name: 'Показать, что будет удалено' }).click();
    await admin.getByText(/Учётная запись сотрудника с этим адресом активна/).waitFor();
    expect(await admin.getByRole('button', { name: 'Удалить безвозвратно' }).count()).toBe(0);

    // editors have no such screen
    await open(editor, '/admin/erase');
    await editor.getByText('Удалять данные о человеке могут только администраторы.').waitFor();
  }, 180_000);

  /** The empty list's sentence, exactly: nothing in English, no name in the wrong case. */
  const emptyList = async (text: string) => {
    await admin.locator('.RaEmpty-message').waitFor();
    await expect.poll(() => admin.locator('.RaEmpty-message p').first().textContent()).toBe(text);
  };

  it('says what a phone number or a site looks like when the form refuses one, in Russian', async () => {
    await open(admin, '/admin/content/attractions/create');
    await admin.getByLabel(/^Телефон/).fill('звоните днём');
    await admin.getByLabel(/^Сайт/).fill('lenobl.ru');
    await admin.getByRole('button', { name: 'Сохранить' }).click();
    const form = admin.locator('form');
    await expect
      .poll(() => form.textContent())
      .toContain('Телефон — не меньше 6 знаков: цифры, пробелы, скобки и дефисы');
    expect(await form.textContent()).toContain('Адрес сайта начинается с http:// или https://');
    expect(await form.textContent()).not.toMatch(/regexp|\[object Object\]/);
    if (shots) {
      await admin.getByLabel(/^Телефон/).scrollIntoViewIfNeeded();
      await screenshot(admin, 'phone-refused-1440');
    }
  });

  it('every screen has its h1 and no axe violation, the empty inbox included', async () => {
    const screens: [string, () => Promise<unknown>][] = [
      ['/admin', () => admin.getByRole('region', { name: 'Последние изменения' }).waitFor()],
      // erased above: the inbox and the subscribers are empty now
      // no filter (the dashboard's link left "new" set in the list's stored parameters)
      // each empty list says so in a sentence of its own (react-admin's "Нет %{name}." put the
      // resource's name in the nominative: "Нет Сообщение.")
      ['/admin/feedback?filter=%7B%7D', () => emptyList('Сообщений от посетителей пока нет.')],
      ['/admin/subscribers', () => emptyList('Подписчиков пока нет.')],
      ['/admin/accounts', () => admin.getByRole('row').nth(1).waitFor()],
      ['/admin/accounts/create', () => admin.getByLabel(/Электронная почта/).waitFor()],
      ['/admin/content/attractions', () => admin.getByRole('row').nth(2).waitFor()],
      [`/admin/content/events/${eventId}`, () => admin.getByRole('heading', { name: 'История' }).waitFor()],
      ['/admin/content/news/create', () => admin.getByLabel(/^Название \(RU\)/).waitFor()],
      ['/admin/content/district', () => admin.getByRole('row').nth(2).waitFor()],
      ['/admin/newsletter/issues', () => emptyList('Выпусков рассылки пока нет.')],
      // loaded: the fields are disabled (greyed) until the settings arrive
      ['/admin/settings', () => admin.locator('input[type=number]:not([disabled])').waitFor()],
      ['/admin/my-account', () => admin.getByRole('button', { name: 'Сменить пароль' }).waitFor()],
      ['/admin/erase', () => admin.getByLabel(/^Адрес электронной почты/).waitFor()],
    ];
    const found: Record<string, string[]> = {};
    for (const [url, ready] of screens) {
      await open(admin, url);
      await ready().catch((error: Error) => {
        throw new Error(`${url}: ${error.message}`);
      });
      await expect.poll(() => admin.locator('h1').allTextContents()).toHaveLength(1);
      expect((await admin.locator('h1').textContent())?.trim()).not.toBe('');
      const v = await violations(admin);
      if (v.length) found[url] = v;
    }
    expect(found).toEqual({});

    if (shots) {
      await open(admin, '/admin/feedback?filter=%7B%7D');
      await screenshot(admin, 'feedback-empty-1440');
      const phone = await signedIn('chief@example.org', 'phone');
      for (const [url, file] of [
        ['/admin', 'dashboard-375'],
        ['/admin/content/attractions', 'content-list-375'],
        ['/admin/feedback?filter=%7B%7D', 'feedback-empty-375'],
        ['/admin/erase', 'erase-375'],
      ] as const) {
        await open(phone, url);
        await phone.waitForTimeout(1500);
        await screenshot(phone, file);
      }
    }
    expect(errors).toEqual([]);
  }, 300_000);
});
