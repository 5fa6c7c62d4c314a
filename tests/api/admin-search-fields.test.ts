import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareImageUrl } from '../../common/media.js';
import { loadWebBuild } from '../../server/web.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// The search and sharing fields of every item with a page of its own (decision 053): saved through
// the back office's API with their limits, given by the detail answers (`seo`), used by the page's
// <head> and JSON-LD, kept off the site while they are a working copy's, and in the spreadsheet.
// Needs the web build (npm run build) for the pages.

const web = await loadWebBuild();

/** Each kind with a page of its own: its back-office kind, its public answer and its page. */
const kinds = [
  { kind: 'attractions', api: (id: number) => `/api/attractions/${id}/` },
  { kind: 'residence', api: (id: number) => `/api/residence/${id}/` },
  { kind: 'routes', api: (id: number) => `/api/routes/${id}/` },
  { kind: 'events', api: (id: number) => `/api/events/${id}/` },
  { kind: 'news', api: (id: number) => `/api/news/${id}/` },
  { kind: 'tourism-type', api: (id: number) => `/api/tourism-type/${id}/` },
  { kind: 'directions', api: (id: number) => `/api/directions/${id}/` },
  { kind: 'pages', api: (_id: number, slug?: unknown) => `/api/pages/${String(slug)}/` },
] as const;

/** The <head> of a page: its title, meta description, og tags and JSON-LD blocks. */
function headOf(html: string) {
  const attr = (re: RegExp) => re.exec(html)?.[1]?.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  const ld = [...html.matchAll(/<script[^>]* type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );
  return {
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    ogDescription: attr(/<meta property="og:description" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    ogImageAlt: attr(/<meta property="og:image:alt" content="([^"]*)"/),
    item: ld.find((b) => typeof b['@id'] === 'string' && (b['@id'] as string).endsWith('#item')),
  };
}

describe.skipIf(!web).each(databaseKinds)('search and sharing fields on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  const pub = (url: string, lang = 'ru') => t.app.inject({ url, headers: { 'accept-language': lang } });
  const admin = (section: string, rest = '') => `/api/admin/content/${section}${rest}`;
  const first = async (section: string) => {
    const list = await editor.request('GET', admin(section, '?per_page=1&sort=id&order=asc'));
    return (await editor.request('GET', admin(section, `/${list.body.results[0].id}`))).body;
  };
  const save = (section: string, item: { id: number; version: number; status: string }, document: object) =>
    editor.request('PUT', admin(section, `/${item.id}`), {
      version: item.version,
      status: item.status,
      document,
    });

  beforeAll(async () => {
    // the response cache on, as in production: a save must reach visitors through it
    t = await createTestApp(kind, { RESPONSE_CACHE_SECONDS: '60' }, undefined, web);
    await makeStaff(t.database.db, 'seo@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    await editor.signIn('seo@lenobl.test');
  });
  afterAll(() => t?.close());

  it('uses the page’s own title, summary and first picture while the fields are empty', async () => {
    const item = await first('attractions');
    expect(item.document).toMatchObject({ search_title: null, search_description: null, share_image: null });
    const detail = (await pub(`/api/attractions/${item.id}/`)).json();
    expect(detail.seo).toEqual({ title: null, description: null, img: null });
    const head = headOf((await pub(`/attractions/detail/${item.id}?lng=ru`)).body);
    expect(head.title).toBe(`${detail.name} | Ленинградская область`);
    expect(head.ogTitle).toBe(detail.name);
    expect(head.description).toBe(detail.annotation.replace(/\s+/g, ' ').trim().slice(0, 300));
    expect(head.ogImage).toBe(`http://portal.test${shareImageUrl(detail.img)}`);
    expect(head.item).toMatchObject({ name: detail.name, description: detail.annotation });
  });

  it('saves them, and the detail answer, the <head> and the JSON-LD use them in every language', async () => {
    // a photo of the library with its alt text, as the share picture
    const bytes = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    if (!editor.jar.has('XSRF-TOKEN')) await editor.request('GET', '/api/admin/auth/me');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media?name=share.jpg',
      headers: {
        cookie: editor.cookie,
        'x-xsrf-token': editor.jar.get('XSRF-TOKEN') ?? '',
        'content-type': 'image/jpeg',
      },
      payload: bytes,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photo = uploaded.json().id as string;
    const alt = { ru: 'Замок на закате', en: 'The castle at sunset', zh: '日落时的城堡' };
    expect((await editor.request('PATCH', `/api/admin/media/${photo}`, { alt })).status).toBe(200);

    const item = await first('attractions');
    const title = {
      ru: 'Выборгский замок: история и как добраться',
      en: 'Vyborg Castle: history and how to get there',
    };
    const description = {
      ru: 'Средневековый замок на острове в Выборгском заливе. Музей, башня Святого Олафа.',
    };
    const saved = await save('attractions', item, {
      ...item.document,
      search_title: title,
      search_description: description,
      share_image: photo,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.document).toMatchObject({
      search_title: title,
      search_description: description,
      share_image: photo,
    });

    const ru = (await pub(`/api/attractions/${item.id}/`)).json();
    expect(ru.seo).toEqual({
      title: title.ru,
      description: description.ru,
      img: `/media/${photo}/640.jpg`,
      img_photo: expect.objectContaining({ alt: alt.ru }),
    });
    // a missing translation falls back to Russian, as every text does
    const en = (await pub(`/api/attractions/${item.id}/`, 'en')).json();
    expect(en.seo).toMatchObject({
      title: title.en,
      description: description.ru,
      img_photo: { alt: alt.en },
    });

    for (const [lang, seo] of [
      ['ru', ru.seo],
      ['en', en.seo],
    ] as const) {
      const head = headOf((await pub(`/attractions/detail/${item.id}?lng=${lang}`)).body);
      expect(head.title, lang).toBe(seo.title);
      expect(head.ogTitle, lang).toBe(seo.title);
      expect(head.description, lang).toBe(seo.description);
      expect(head.ogDescription, lang).toBe(seo.description);
      expect(head.ogImage, lang).toBe(`http://portal.test/media/${photo}/1280.jpg`);
      expect(head.ogImageAlt, lang).toBe(seo.img_photo.alt);
      expect(head.item, lang).toMatchObject({ name: seo.title, description: seo.description });
      expect((head.item?.image as unknown[] | undefined)?.[0], lang).toMatchObject({
        contentUrl: `http://portal.test/media/${photo}/640.jpg`,
        caption: seo.img_photo.alt,
      });
    }
    const zh = headOf((await pub(`/attractions/detail/${item.id}?lng=zh`)).body);
    expect(zh.title).toBe(title.ru);
  });

  it('refuses a text past its hard maximum and a malformed picture with a 400 and a code; the advice is not a limit', async () => {
    const item = await first('routes');
    const over = await save('routes', item, { ...item.document, search_title: { ru: 'т'.repeat(121) } });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'invalid_value' });
    expect(over.body.message).toMatch(/search_title/);
    const long = await save('routes', item, {
      ...item.document,
      search_description: { ru: 'д'.repeat(321) },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/search_description/);
    const picture = await save('routes', item, { ...item.document, share_image: 'not a picture' });
    expect(picture.status).toBe(400);
    expect(picture.body.message).toMatch(/share_image/);
    const missing = await save('routes', item, { ...item.document, share_image: 'photo.0000000000000000' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('photo_missing');
    // past the advised 60 and 160, within the maximums: saved
    const fine = await save('routes', item, {
      ...item.document,
      search_title: { ru: 'т'.repeat(120) },
      search_description: { ru: 'д'.repeat(320) },
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    expect((await pub(`/api/routes/${item.id}/`)).json().seo.title).toBe('т'.repeat(120));
  });

  it('gives every kind with a page of its own the same fields, from one line', async () => {
    for (const k of kinds) {
      const item = await first(k.kind);
      const share = item.document.images[1] ?? item.document.images[0] ?? 'lake.search-fields';
      const saved = await save(k.kind, item, {
        ...item.document,
        search_title: { ru: `Поиск: ${k.kind}` },
        search_description: null,
        share_image: share,
      });
      expect(saved.status, `${k.kind} ${JSON.stringify(saved.body)}`).toBe(200);
      const detail = await pub(k.api(item.id, item.document.slug));
      expect(detail.statusCode, k.kind).toBe(200);
      expect(detail.json().seo, k.kind).toMatchObject({
        title: `Поиск: ${k.kind}`,
        description: null,
        img: `/media/${share}/640.jpg`,
      });
    }
  });

  it('keeps a working copy’s change of them off the site until it is published', async () => {
    const item = await first('news');
    const published = (await pub(`/api/news/${item.id}/`)).json();
    const pageOf = async () => (await pub(`/news/detail/${item.id}`)).body;
    const page = await pageOf();
    const copy = await editor.request('PUT', admin('news', `/${item.id}`), {
      version: item.version,
      status: 'working',
      document: {
        ...item.document,
        search_title: { ru: 'Черновой заголовок для поиска' },
        share_image: 'news.working-copy',
      },
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.working_copy).toBe(true);
    expect((await pub(`/api/news/${item.id}/`)).json()).toEqual(published);
    const after = await pageOf();
    expect(headOf(after)).toEqual(headOf(page));
    expect(after).not.toContain('Черновой заголовок');
    expect(after).not.toContain('news.working-copy');
  });

  it('carries them in the spreadsheet export and reads them back', async () => {
    const item = await first('events');
    const saved = await save('events', item, {
      ...item.document,
      search_title: { ru: 'Событие для поиска', en: 'An event to find' },
      search_description: { ru: 'Коротко о событии' },
      share_image: 'festival.search-fields',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const res = await t.app.inject({
      url: '/api/admin/export/events.csv',
      headers: { cookie: editor.cookie },
    });
    expect(res.statusCode).toBe(200);
    const [header = [], ...rows] = parse(res.rawPayload, { bom: true }) as string[][];
    for (const column of [
      'search_title.ru',
      'search_title.en',
      'search_title.zh',
      'search_description.ru',
      'search_description.en',
      'search_description.zh',
      'share_image',
    ])
      expect(header).toContain(column);
    const row = rows.find((r) => r[0] === String(item.id)) ?? [];
    const cell = (column: string) => row[header.indexOf(column)];
    expect(cell('search_title.ru')).toBe('Событие для поиска');
    expect(cell('search_title.en')).toBe('An event to find');
    expect(cell('search_description.ru')).toBe('Коротко о событии');
    expect(cell('share_image')).toBe('festival.search-fields');

    // the file read back with the fields changed: a plan of one changed row, applied
    const edited = header.map((column, n) =>
      column === 'search_title.ru'
        ? 'Событие из таблицы'
        : column === 'search_description.en'
          ? 'From the spreadsheet'
          : column === 'share_image'
            ? ''
            : (row[n] ?? ''),
    );
    if (!editor.jar.has('XSRF-TOKEN')) await editor.request('GET', '/api/admin/auth/me');
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/events?name=events.csv',
      headers: {
        cookie: editor.cookie,
        'x-xsrf-token': editor.jar.get('XSRF-TOKEN') ?? '',
        'content-type': 'text/csv',
      },
      payload: Buffer.from(`\uFEFF${stringify([header, edited])}`),
    });
    expect(plan.statusCode, plan.body.slice(0, 500)).toBe(200);
    expect(plan.json().counts).toMatchObject({ changed: 1, invalid: 0 });
    const applied = await editor.request('POST', `/api/admin/imports/${plan.json().id}/apply`);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect((await pub(`/api/events/${item.id}/`, 'en')).json().seo).toEqual({
      title: 'An event to find',
      description: 'From the spreadsheet',
      img: null,
    });
    expect((await pub(`/api/events/${item.id}/`)).json().seo).toMatchObject({
      title: 'Событие из таблицы',
      description: 'Коротко о событии',
    });
  });
});
