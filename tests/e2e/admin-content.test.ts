import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { docToText, richDocOf } from '../../common/rich-text.js';
import { describeE2E, seriousViolations, useBrowser, type ViewportName } from './setup/browser.js';
import { type OwnPortal, startOwnPortal, stopOwnPortal } from './setup/own-portal.js';

// The content screens of the back office in Chromium: an editor creates an event in three
// languages with its point, publishes it, and an anonymous visitor finds it on the events list, its
// page and the map's points within 2 seconds of the save; axe on a content list and an edit form.
// Its own portal, from a copy of the seeded demo database (directories, events) without any staff
// account, so that it prints the first admin's setup link.
// ADMIN_SCREENSHOTS=<folder> keeps screenshots of the list and the form at 375 and 1440 px.

const password = 'Ладожский маяк 1910 года';
const shots = process.env.ADMIN_SCREENSHOTS;

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Types a day into a date input of the back office, as an editor does: the Russian interface's
 * picker reads day, month and year (its sections fill in turn).
 */
async function typeDay(page: Page, label: RegExp, day: string) {
  const [y, m, d] = day.split('-');
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${d}${m}${y}`);
}

describeE2E('the back office’s content screens', () => {
  const b = useBrowser();
  let portal: OwnPortal & { setupLink: string };
  let editor: Page;
  const errors: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  let eventId = 0;
  let district = '';
  const name = `Фестиваль корюшки ${Date.now().toString(36)}`;

  async function browser(viewport: ViewportName = 'desktop'): Promise<Page> {
    const t = await b.page(viewport);
    closers.push(() => t.close());
    t.page.setDefaultTimeout(15_000);
    t.page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    return t.page;
  }
  const open = (page: Page, url: string) =>
    page.goto(url.startsWith('http') ? url : `${portal.base}${url}`, { waitUntil: 'load' });
  async function screenshot(page: Page, file: string, fullPage = true) {
    if (!shots) return;
    fs.mkdirSync(shots, { recursive: true });
    // Past the opening transitions of menus and pickers.
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(shots, `${file}.png`), fullPage });
  }

  beforeAll(async () => {
    portal = (await startOwnPortal('admin-content-e2e-', { setupLink: true })) as typeof portal;
    editor = await browser();
    await open(editor, portal.setupLink);
    await editor.getByLabel('Электронная почта').fill('content.admin@example.org');
    await editor.getByLabel('Ваше имя').fill('Вера Редактор');
    await editor.getByLabel('Новый пароль').fill(password);
    await editor.getByLabel('Пароль ещё раз').fill(password);
    await editor.getByRole('button', { name: 'Сохранить и войти' }).click();
    await editor.getByRole('heading', { name: /Здравствуйте/ }).waitFor();
  }, 180_000);
  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
    if (portal) await stopOwnPortal(portal);
  });

  it('lists the events with their completeness, states and missing languages', async () => {
    await open(editor, '/admin/content/events');
    await editor.getByText(/Опубликовано: \d+/).waitFor();
    await expect.poll(() => editor.getByRole('row').count()).toBeGreaterThan(2);
    // The search narrows the list to the matching rows (the first row's text read once the rows are
    // the events, not the loading placeholders, whose cells hold a blank).
    const firstCell = editor.getByRole('row').nth(1).getByRole('cell').nth(1);
    await expect.poll(async () => ((await firstCell.textContent()) ?? '').trim()).not.toBe('');
    const first = (await firstCell.textContent()) ?? '';
    await editor.getByRole('textbox', { name: /Поиск|Search/ }).fill(first.slice(0, 12));
    await expect.poll(() => editor.getByRole('row').nth(1).textContent()).toContain(first.slice(0, 12));
  });

  it('creates and publishes an event in three languages, which visitors see within 2 seconds', async () => {
    await open(editor, '/admin/content/events/create');
    const f = editor;
    for (const [field, ru, en, zh] of [
      ['Название', name, 'Smelt festival', '胡瓜鱼节'],
      ['Кратко', 'Праздник корюшки на набережной.', 'A smelt feast on the embankment.', '堤岸上的胡瓜鱼节。'],
      ['Описание', 'Ярмарка, концерт и уха.', 'A fair, a concert and fish soup.', '集市、音乐会和鱼汤。'],
    ] as const) {
      await f.getByLabel(new RegExp(`^${field} \\(RU\\)`)).fill(ru);
      await f.getByLabel(new RegExp(`^${field} \\(EN\\)`)).fill(en);
      await f.getByLabel(new RegExp(`^${field} \\(中文\\)`)).fill(zh);
    }
    await typeDay(f, /^Начало/, today());
    await typeDay(f, /^Окончание/, inDays(3));
    // The day as the interface writes it, not the browser's mm/dd/yyyy.
    const [y, m, d] = today().split('-');
    expect(await f.getByRole('group', { name: /^Начало/ }).textContent()).toContain(`${d}.${m}.${y}`);
    // Its calendar speaks Russian too: the month of the date, and the weeks start on Monday (the
    // weekday heads are their Russian initials, П В С Ч П С В).
    await f
      .getByRole('group', { name: /^Начало/ })
      .locator('..')
      .getByRole('button')
      .click();
    const calendar = f.getByRole('dialog');
    const month = new Intl.DateTimeFormat('ru-RU', { month: 'long', timeZone: 'UTC' }).format(
      new Date(today()),
    );
    await expect.poll(() => calendar.textContent()).toMatch(new RegExp(month, 'i'));
    expect(await calendar.textContent()).toContain('ПВСЧПСВ');
    await screenshot(f, 'content-date-calendar-1440');
    await f.keyboard.press('Escape');
    await expect.poll(() => calendar.count()).toBe(0);
    await f.getByRole('combobox', { name: /^Район/ }).click();
    await f.getByRole('option').first().click();
    district = await f.getByRole('combobox', { name: /^Район/ }).inputValue();
    // A click on the map sets the point; the inputs stay for the keyboard (and correct it here).
    await f.getByRole('region', { name: /Карта/ }).locator('.leaflet-container').click();
    await expect.poll(() => f.getByLabel(/^Широта/).inputValue()).toMatch(/^5[89]|^6[01]/);
    await f.getByLabel(/^Широта/).fill('59.9386');
    await f.getByLabel(/^Долгота/).fill('30.9');
    await f.getByRole('combobox', { name: /^Состояние/ }).click();
    await f.getByRole('option', { name: 'опубликовано' }).click();
    await screenshot(f, 'content-create-1440');

    await f.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await f.waitForURL(/\/admin\/content\/events\/\d+$/);
    const saved = Date.now();
    eventId = Number(/(\d+)$/.exec(f.url())?.[1]);
    expect(eventId).toBeGreaterThan(0);

    // On the map's points, the list and the item's page at once (each process drops its caches on commit).
    const onMap = async () => {
      const points = (await (await fetch(`${portal.base}/api/map/points/`)).json()) as {
        points: { id: number[]; section: number[] };
        sections: string[];
      };
      const events = points.sections.indexOf('events');
      return points.points.id.some((id, i) => id === eventId && points.points.section[i] === events);
    };
    const page = async (url: string) => (await fetch(`${portal.base}${url}`)).text();
    const within2s = (seen: () => Promise<boolean>) =>
      expect.poll(seen, { timeout: Math.max(100, 2000 - (Date.now() - saved)), interval: 100 }).toBe(true);
    await within2s(onMap);
    await within2s(async () => (await page(`/events/detail/${eventId}`)).includes(name));
    await within2s(async () =>
      (await page(`/events/list?search=${encodeURIComponent(name)}`)).includes(name),
    );

    const visitor = await browser();
    await open(visitor, `/events/detail/${eventId}?lng=en`);
    await visitor.getByRole('heading', { name: 'Smelt festival', level: 1 }).waitFor();
  });

  it('shows the event on the events list page', async () => {
    const visitor = await browser();
    await open(visitor, `/events/list?search=${encodeURIComponent(name)}`);
    await expect.poll(() => visitor.getByText(name).count()).toBeGreaterThan(0);
  });

  it('keeps the input and says what changed when another save came first (409), and shows the history', async () => {
    await open(editor, `/admin/content/events/${eventId}`);
    await editor.getByRole('heading', { name: 'История' }).waitFor();
    // Another editor's save in between, through the API with this session.
    await editor.evaluate(async (id) => {
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const item = await (await fetch(`/api/admin/content/events/${id}`)).json();
      const document_ = { ...item.document, venue: { ru: 'Набережная' } };
      await fetch(`/api/admin/content/events/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
        body: JSON.stringify({ version: item.version, status: item.status, document: document_ }),
      });
    }, eventId);
    const mine = 'Ярмарка, концерт, уха и катание на лодках.';
    await editor.getByLabel(/^Описание \(RU\)/).fill(mine);
    // a published event's first button saves a working copy (decision 050); its version is checked
    // like every save's
    await editor.getByRole('button', { name: 'Сохранить как рабочую копию' }).click();
    const alert = editor.getByRole('alert').filter({ hasText: 'Не сохранено' });
    await expect.poll(() => alert.textContent()).toMatch(/Место проведения/);
    expect(await editor.getByLabel(/^Описание \(RU\)/).innerText()).toBe(mine);

    await editor.reload({ waitUntil: 'load' });
    const history = editor.getByRole('region', { name: 'История' });
    await expect.poll(() => history.textContent()).toMatch(/Версия 2.*Набережная/s);
    // A reference shows the directory's name, not its id.
    expect(await history.textContent()).toContain(`Район(пусто)${district}`);
    await history.getByRole('button', { name: 'Вернуть эту версию' }).first().click();
    await editor.getByText('Версия 1 возвращена в рабочую копию').waitFor();
  });

  it('applies my changes onto the new version after a 409, warns before leaving unsaved changes, previews the page', async () => {
    await open(editor, '/admin/content/events');
    // dates in the interface's language: 27.11.2026, not 11/27/2026
    await expect.poll(() => editor.getByRole('table').textContent()).toMatch(/\d{2}\.\d{2}\.\d{4}/);
    await open(editor, `/admin/content/events/${eventId}`);
    await editor.getByRole('heading', { name: 'История' }).waitFor();
    const theirs = 'Праздник корюшки на набережной, по версии коллеги.';
    await editor.evaluate(
      async ([id, text]) => {
        const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
        const item = await (await fetch(`/api/admin/content/events/${id}`)).json();
        const document_ = { ...item.document, annotation: { ...item.document.annotation, ru: text } };
        await fetch(`/api/admin/content/events/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
          body: JSON.stringify({ version: item.version, status: item.status, document: document_ }),
        });
      },
      [eventId, theirs] as const,
    );
    const mine = 'Ярмарка, концерт, уха и мастер-класс по ловле корюшки.';
    await editor.getByLabel(/^Описание \(RU\)/).fill(mine);
    await editor.getByRole('button', { name: 'Сохранить как рабочую копию' }).click();
    const apply = editor.getByRole('button', { name: 'Применить мои изменения к новой версии' });
    await apply.click();
    // their annotation from the new version, my description on it (put back on it just after the
    // form shows the new version: a loaded machine can be read in between)
    await expect.poll(() => editor.getByLabel(/^Кратко \(RU\)/).inputValue()).toBe(theirs);
    await expect.poll(() => editor.getByLabel(/^Описание \(RU\)/).innerText()).toBe(mine);
    await editor.getByRole('button', { name: 'Сохранить как рабочую копию' }).click();
    // the back office's answer: its document is the working copy the form saved
    const stored = () =>
      editor.evaluate(
        async (id) => (await (await fetch(`/api/admin/content/events/${id}`)).json()).document,
        eventId,
      );
    await expect.poll(async () => docToText(richDocOf((await stored()).description.ru))).toBe(mine);
    expect((await stored()).annotation.ru).toBe(theirs);

    // Unsaved input: leaving the form by the menu asks first, and staying keeps the input.
    await editor.getByLabel(/^Описание \(RU\)/).fill('Черновик фразы, ещё не сохранён.');
    const asked: string[] = [];
    editor.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await editor.getByRole('menuitem', { name: 'Новости' }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(editor.url()).toMatch(new RegExp(`/admin/content/events/${eventId}$`));
    expect(await editor.getByLabel(/^Описание \(RU\)/).innerText()).toBe('Черновик фразы, ещё не сохранён.');

    // The preview: the saved version as visitors would see it, under a banner, for staff only.
    const [tab] = await Promise.all([
      editor.context().waitForEvent('page'),
      editor.getByRole('link', { name: 'Предпросмотр' }).click(),
    ]);
    closers.push(() => tab.close());
    await tab.waitForLoadState('load');
    expect(tab.url()).toBe(`${portal.base}/preview/events/${eventId}`);
    await tab.getByText('Предпросмотр — не опубликовано').waitFor();
    await tab.getByText(mine).waitFor();
    expect(await tab.locator('meta[name=robots]').getAttribute('content')).toBe('noindex');
    // Back to the editor's tab: a page behind another one gets no animation frames, and each of
    // Playwright's clicks there waits ~2 s for the element to be stable.
    await tab.close();
    await editor.bringToFront();
    const visitor = await browser();
    const refused = await visitor.goto(`${portal.base}/preview/events/${eventId}`);
    expect(refused?.status()).toBe(401);
    expect(await visitor.content()).not.toContain(mine);
  });

  it('uploads two photos at once, asks for their alt text, reorders them and saves', async () => {
    const { default: sharp } = await import('sharp');
    const png = (background: string) =>
      sharp({ create: { width: 640, height: 480, channels: 3, background } })
        .png()
        .toBuffer();
    await open(editor, `/admin/content/events/${eventId}`);
    await editor.getByRole('heading', { name: 'История' }).waitFor();
    await editor.locator('input[type=file]').setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: await png('#c00000') },
      { name: 'blue.png', mimeType: 'image/png', buffer: await png('#0000c0') },
    ]);
    const item = (n: number) => editor.getByRole('listitem', { name: `Фото ${n} из 2` });
    await item(2).waitFor();
    await expect.poll(() => editor.getByText(/^Нет альтернативного текста/).count()).toBe(2);
    // The server refuses an item using a photo without alt text; the form says so by the pictures.
    await editor.getByRole('button', { name: 'Сохранить как рабочую копию' }).click();
    await expect
      .poll(() => editor.getByText(/^У фотографии .+ нет альтернативного текста на языках/).count())
      .toBeGreaterThan(0);

    for (const n of [1, 2]) {
      await item(n).getByLabel('Альтернативный текст (русский)').fill(`Корюшка ${n}`);
      await item(n).getByLabel('Альтернативный текст (английский)').fill(`Smelt ${n}`);
      await item(n).getByLabel('Альтернативный текст (китайский)').fill(`胡瓜鱼 ${n}`);
      await item(n).getByRole('button', { name: 'Сохранить текст' }).click();
      await expect
        .poll(() =>
          item(n)
            .getByText(/^Нет альтернативного текста/)
            .count(),
        )
        .toBe(0);
    }
    const src = (n: number) => item(n).locator('img').getAttribute('src');
    const [first, second] = [await src(1), await src(2)];
    await item(2).getByRole('button', { name: 'Переместить раньше' }).click();
    expect(await src(1)).toBe(second);
    await editor.getByRole('button', { name: 'Сохранить как рабочую копию' }).click();
    const stored = () =>
      editor.evaluate(
        async (id) =>
          (await (await fetch(`/api/admin/content/events/${id}`)).json()).document.images as string[],
        eventId,
      );
    const idOf = (url: string | null) => /\/media\/([^/]+)\//.exec(url ?? '')?.[1];
    await expect.poll(stored).toEqual([idOf(second), idOf(first)]);
  });

  it('shows a visitor’s message in the feedback inbox, with a note, and lists a subscriber', async () => {
    const visitor = await browser();
    // only the page's cookies are needed (its pictures may still be rendering: no network idle)
    await visitor.goto(`${portal.base}/`, { waitUntil: 'load' });
    const sent = await visitor.evaluate(async () => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
          body: JSON.stringify(body),
        }).then((r) => r.status);
      return [
        await post('/api/auth/feedback/', {
          name: 'Пётр Гость',
          email: 'guest@example.org',
          message: 'Где купить билеты на фестиваль корюшки?',
        }),
        await post('/api/auth/subscribe/', { email: 'reader@example.org' }),
      ];
    });
    expect(sent[0]).toBe(201);
    expect(sent[1]).toBeLessThan(300);

    await open(editor, '/admin/feedback');
    await editor.getByRole('row', { name: /Пётр Гость/ }).click();
    await editor.getByRole('article').getByRole('heading', { name: 'Сообщение от Пётр Гость' }).waitFor();
    await editor.getByLabel(/^Заметка для редакции/).fill('Ответить после уточнения у организаторов.');
    await editor.getByRole('button', { name: 'Добавить заметку' }).click();
    await editor.getByText('Ответить после уточнения у организаторов.', { exact: true }).waitFor();
    await editor.getByRole('button', { name: 'Отметить: в работе' }).click();
    await expect.poll(() => editor.getByText('в работе', { exact: true }).count()).toBeGreaterThan(0);
    expect(await seriousViolations(editor)).toEqual([]);

    await open(editor, '/admin/subscribers');
    await editor.getByRole('row', { name: /reader@example\.org/ }).waitFor();
    expect(await seriousViolations(editor)).toEqual([]);
    const csv = await editor.getByRole('link', { name: 'Скачать CSV' }).getAttribute('href');
    expect(csv).toMatch(/^\/api\/admin\/subscribers\.csv/);
  });

  it('writes a newsletter issue with the new event, previews it and mails a test', async () => {
    await open(editor, '/admin/newsletter/issues/create');
    await editor.getByLabel(/^Тема \(RU\)/).fill('Корюшка пришла');
    await editor.getByLabel(/^Вступление \(RU\)/).fill('На этой неделе — праздник корюшки.');
    const events = editor.getByRole('combobox', { name: /^События/ });
    await events.fill(name.slice(0, 18));
    await editor.getByRole('option', { name }).click();
    await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await editor.waitForURL(/\/admin\/newsletter\/issues\/\d+$/);
    await editor.getByRole('button', { name: 'Просмотр' }).click();
    const preview = editor.getByRole('region', { name: 'Просмотр и рассылка' });
    // The HTML part first, in its own frame: the event's name links to its public page.
    const letter = preview.frameLocator('iframe[title="Письмо так, как его увидит подписчик"]');
    await expect
      .poll(() => letter.getByRole('link', { name }).getAttribute('href'))
      .toMatch(/\/events\/detail\/\d+$/);
    await screenshot(editor, 'newsletter-preview-1440');
    await preview.getByRole('tab', { name: 'Текстовая часть' }).click();
    await expect.poll(() => preview.textContent()).toContain(name);
    // Before the notification: axe reads a snackbar fading in as text of too little contrast.
    await editor.getByText(/Элемент создан|Element created/).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await seriousViolations(editor)).toEqual([]);
    await editor.getByRole('button', { name: 'Отправить тест себе' }).click();
    await editor.getByText(/Тестовые письма/).waitFor();
  });

  it('draws a route’s line on the map and keeps it as a draft', async () => {
    await open(editor, '/admin/content/routes/create');
    const f = editor;
    await f.getByLabel(/^Название \(RU\)/).fill('Вдоль Ладожского канала');
    await f.getByLabel(/^Кратко \(RU\)/).fill('Пеший маршрут вдоль канала.');
    await f.getByLabel(/^Описание \(RU\)/).fill('От Шлиссельбурга до Новой Ладоги.');
    for (const label of [/^Тип/, /^Способы передвижения/, /^Район/]) {
      await f.getByRole('combobox', { name: label }).click();
      await f.getByRole('option').first().click();
      await f.keyboard.press('Escape');
    }
    await f.getByLabel(/^Протяжённость/).fill('12.5');
    const map = f.getByRole('region', { name: /Карта: каждый щелчок/ }).locator('.leaflet-container');
    // Inside the region's outline (the map shows the whole region when the line is empty).
    await map.click({ position: { x: 300, y: 150 } });
    await map.click({ position: { x: 350, y: 180 } });
    await map.click({ position: { x: 400, y: 160 } });
    await f.getByText(/сейчас точек: 3/).waitFor();
    await f.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await f.waitForURL(/\/admin\/content\/routes\/\d+$/);
    const id = Number(/(\d+)$/.exec(f.url())?.[1]);
    const stored = await f.evaluate(
      async (n) =>
        (await (await fetch(`/api/admin/content/routes/${n}`)).json()) as {
          status: string;
          document: { path: number[][] };
        },
      id,
    );
    expect(stored.status).toBe('draft');
    expect(stored.document.path).toHaveLength(3);
  });

  it('a GPX file gives a route its line and its length, measured along the whole track', async () => {
    await open(editor, '/admin/content/routes/create');
    const length = editor.getByLabel(/^Протяжённость/);
    await length.fill('12.5');
    await length.blur();
    // A track along the Vyborg bay, one point every ~110 m northwards: 2.2 km in all.
    const points = Array.from({ length: 21 }, (_, i) => [60.7 + i * 0.001, 28.75] as const);
    const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>${points
      .map(([lat, lon]) => `<trkpt lat="${lat.toFixed(6)}" lon="${lon}"/>`)
      .join('')}</trkseg></trk></gpx>`;
    await editor.locator('input[type=file][accept*=".gpx"]').setInputFiles({
      name: 'track.gpx',
      mimeType: '',
      buffer: Buffer.from(gpx),
    });
    await editor.getByText(/сейчас точек: 21/).waitFor();
    // With no tile server the map still shows the region: its 18 districts, the city and the water.
    await expect
      .poll(() => editor.locator('.leaflet-container .leaflet-overlay-pane path').count())
      .toBeGreaterThan(20);
    await screenshot(editor, 'route-line-gpx-1440');
    await editor.getByText('Протяжённость теперь 2.2 км: измерена по всему треку GPX.').waitFor();
    // the number input shows its new value a render after the form's (react-admin's NumberInput)
    await expect.poll(() => length.inputValue()).toBe('2.2');
    // A track that leaves the region is refused with the server's words and changes nothing.
    await editor.locator('input[type=file][accept*=".gpx"]').setInputFiles({
      name: 'moscow.gpx',
      mimeType: 'application/gpx+xml',
      buffer: Buffer.from(gpx.replace('60.700000', '55.755800')),
    });
    await editor
      .getByText(/Линия выходит за пределы Ленинградской области \(точка 55\.7558, 28\.75\)/)
      .waitFor();
    expect(await length.inputValue()).toBe('2.2');
    await editor.getByText(/сейчас точек: 21/).waitFor();
  });

  it('has no serious axe violation on a content list and an edit form at 1440 px', async () => {
    await open(editor, '/admin/content/attractions');
    await expect.poll(() => editor.getByRole('row').count()).toBeGreaterThan(2);
    expect(await seriousViolations(editor)).toEqual([]);
    await screenshot(editor, 'content-list-1440');

    await open(editor, `/admin/content/events/${eventId}`);
    await editor.getByRole('heading', { name: 'История' }).waitFor();
    expect(await seriousViolations(editor)).toEqual([]);
    await screenshot(editor, 'content-edit-1440');

    if (shots) {
      const phone = await browser('phone');
      await open(phone, '/admin/login');
      await phone.getByLabel('Электронная почта').fill('content.admin@example.org');
      await phone.getByLabel(/^Пароль/).fill(password);
      await phone.getByRole('button', { name: 'Войти' }).click();
      await phone.getByRole('heading', { name: /Здравствуйте/ }).waitFor();
      await open(phone, '/admin/content/attractions');
      await phone.getByText(/Опубликовано: \d+/).waitFor();
      await screenshot(phone, 'content-list-375');
      await open(phone, `/admin/content/events/${eventId}`);
      await phone.getByRole('heading', { name: 'История' }).waitFor();
      await screenshot(phone, 'content-edit-375');
      // On a phone the date picker opens as a dialog of its own.
      await phone
        .getByRole('group', { name: /^Начало/ })
        .locator('..')
        .getByRole('button')
        .click();
      await phone.getByRole('dialog').waitFor();
      await screenshot(phone, 'content-date-calendar-375', false);
    }
    expect(errors).toEqual([]);
  });
});
