import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWebBuild } from '../../server/web.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser, unsetSearchFields } from '../helpers/staff.js';

// The staff's preview of an item's public page (/preview/{section}/{id}): the page as it would be
// with the item's saved document in any state, for a signed-in member of staff only, never kept by
// the response cache or any other cache, never indexed. Needs the web build (npm run build).

const web = await loadWebBuild();

const tr = (ru: string, en: string) => ({ ru, en, zh: `${ru}（中文）` });

describe.skipIf(!web).each(databaseKinds)('the staff preview of a page on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  let id: number;
  const name = tr('Черновик для предпросмотра у Ладоги', 'A preview draft by Lake Ladoga');
  const description = tr('Текст черновика, который видят только редакторы.', 'Draft text only editors see.');

  /** A page as anyone (no cookie) or as the signed-in editor gets it. */
  const page = (url: string, as?: StaffBrowser) =>
    t.app.inject({ url, headers: as ? { cookie: as.cookie } : {} });
  const save = (status: string, extra: Record<string, unknown> = {}) =>
    editor.request('PUT', `/api/admin/content/news/${id}`, { ...current, status, ...extra });
  let current: Record<string, unknown>;

  beforeAll(async () => {
    // the response cache on, as in production: a preview must never be kept in it
    t = await createTestApp(kind, { RESPONSE_CACHE_SECONDS: '60' }, undefined, web);
    await makeStaff(t.database.db, 'preview@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    await editor.signIn('preview@lenobl.test');
    const created = await editor.request('POST', '/api/admin/content/news', {
      status: 'draft',
      document: {
        ...unsetSearchFields,
        date: '2027-03-01',
        name,
        annotation: tr('Коротко о черновике', 'The draft in short'),
        description,
        district_id: 1,
        images: [],
      },
    });
    expect(created.status).toBe(201);
    id = created.body.id;
    current = { document: created.body.document, version: created.body.version };
  });
  afterAll(() => t?.close());

  it('shows a draft to the editor as its public page would, under a banner, never cached or indexed', async () => {
    const res = await page(`/preview/news/${id}`, editor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).toContain(name.ru);
    expect(res.body).toContain(description.ru);
    expect(res.body).toContain('Предпросмотр — не опубликовано');
    expect(res.body).toMatch(/<meta name="robots" content="noindex"/);
    // the page's links and structured data name the public address, not the preview's
    expect(res.body).toContain(`http://portal.test/news/detail/${id}`);
    const en = await page(`/preview/news/${id}?lng=en`, editor);
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain(name.en);
    expect(en.body).toContain('Preview — not public');
    // the draft is still off the site
    expect((await page(`/news/detail/${id}`)).statusCode).toBe(404);
    expect((await page(`/api/news/${id}/`)).statusCode).toBe(404);
  });

  it('refuses anyone not signed in, whatever the address, also right after the editor saw it', async () => {
    await page(`/preview/news/${id}`, editor);
    for (const url of [
      `/preview/news/${id}`,
      `/preview/news/${id}?lng=en`,
      `/preview/news/${id}.data`,
      `/preview/news/${id}/`,
      '/preview/news/999999',
      '/preview/anything/else?lng=zh',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.body, url).not.toContain(name.ru);
    }
    const forged = await t.app.inject({ url: `/preview/news/${id}`, headers: { cookie: 'portal_staff=x' } });
    expect(forged.statusCode).toBe(401);
  });

  it('shows scheduled, archived and published items; an unknown item or section is a 404', async () => {
    for (const [status, extra] of [
      ['scheduled', { publish_at: '2030-01-01T09:00:00.000Z' }],
      ['archived', {}],
      ['published', {}],
    ] as const) {
      const saved = await save(status, extra);
      expect(saved.status, status).toBe(200);
      current = { document: saved.body.document, version: saved.body.version };
      const res = await page(`/preview/news/${id}`, editor);
      expect(res.statusCode, status).toBe(200);
      expect(res.body, status).toContain(description.ru);
      expect(res.headers['cache-control'], status).toBe('private, no-store');
    }
    // published: the public page is there too, and the preview left nothing behind in the table
    expect((await page(`/news/detail/${id}`)).statusCode).toBe(200);
    expect((await page('/preview/news/999999', editor)).statusCode).toBe(404);
    expect((await page(`/preview/directions/${id}`, editor)).statusCode).toBe(404);
    expect((await page('/preview/news/abc', editor)).statusCode).toBe(404);
  });

  it('a preview of a draft leaves nothing in the public table', async () => {
    const saved = await save('draft');
    expect(saved.status).toBe(200);
    current = { document: saved.body.document, version: saved.body.version };
    expect((await page(`/preview/news/${id}`, editor)).statusCode).toBe(200);
    const row = await t.database.db.selectFrom('news').select('id').where('id', '=', id).executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await page(`/api/news/${id}/`)).statusCode).toBe(404);
  });
});
