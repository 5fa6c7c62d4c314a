import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docPictures, type RichDoc, textToDoc } from '../../common/rich-text.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// An information page's body is a rich text (decision 052), its column still named `blocks`: the
// blocks stored before are read as a document per language, a save stores documents. What reads
// it besides the page: the spreadsheet's export and import, the media library's uses, the save's
// check of its pictures, and the languages an item lacks.

describe.each(databaseKinds)('an information page’s body as a rich text on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await makeStaff(t.database.db, 'body@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    await editor.signIn('body@lenobl.test');
  });
  afterAll(() => t?.close());

  const page = async (id: number) => (await editor.request('GET', `/api/admin/content/pages/${id}`)).body;
  const save = async (id: number, change: (doc: Record<string, unknown>) => void) => {
    const item = await page(id);
    const document = structuredClone(item.document);
    change(document);
    return editor.request('PUT', `/api/admin/content/pages/${id}`, {
      version: item.version,
      status: 'published',
      document,
    });
  };
  const request = async (method: string, url: string, payload: Buffer, type: string) => {
    if (!editor.jar.has('XSRF-TOKEN')) await editor.request('GET', '/api/admin/auth/me');
    return t.app.inject({
      method: method as 'POST',
      url,
      headers: {
        cookie: editor.cookie,
        'x-xsrf-token': editor.jar.get('XSRF-TOKEN') ?? '',
        'content-type': type,
      },
      payload,
      remoteAddress: editor.address,
    });
  };

  it('exports each language’s body as its readable text, which imports back to no change', async () => {
    const res = await t.app.inject({
      url: '/api/admin/export/pages.csv',
      headers: { cookie: editor.cookie },
      remoteAddress: editor.address,
    });
    expect(res.statusCode).toBe(200);
    const [header = [], ...rows] = parse(res.rawPayload, { bom: true }) as string[][];
    expect(header).toEqual(expect.arrayContaining(['blocks.ru', 'blocks.en', 'blocks.zh']));
    expect(header).not.toContain('blocks');
    const first = rows.find((r) => r[header.indexOf('id')] === '1') ?? [];
    const cell = first[header.indexOf('blocks.en')] ?? '';
    expect(cell).toMatch(/^## /);
    expect(textToDoc(cell)).toEqual((await page(1)).document.blocks.en);

    const plan = await request('POST', '/api/admin/import/pages?name=pages.csv', res.rawPayload, 'text/csv');
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json().counts).toMatchObject({ rows: 7, unchanged: 7, changed: 0, invalid: 0 });
  });

  // 60 s: the file's first save compiles the save's schema, seconds on a loaded machine
  it('counts a photo in a page’s body among its uses, stored as blocks and saved as a document', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#58a' } })
      .jpeg()
      .toBuffer();
    const up = await request('POST', '/api/admin/media?name=body.jpg', photo, 'image/jpeg');
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().id as string;
    const usedBy = async () => (await editor.request('GET', `/api/admin/media/${id}`)).body.used_by;
    expect(await usedBy()).toEqual([]);

    // a page's blocks as stored before (the previous release writes them so)
    const stored = await t.database.db
      .selectFrom('pages')
      .select('blocks')
      .where('id', '=', 3)
      .executeTakeFirstOrThrow();
    const blocks = [...(stored.blocks as unknown[]), { img: id, caption: { ru: 'Подпись' } }];
    await t.database.db
      .updateTable('pages')
      .set({ blocks: JSON.stringify(blocks) as never })
      .where('id', '=', 3)
      .execute();
    const title = (await page(3)).document.title.ru;
    expect(await usedBy()).toEqual([{ kind: 'pages', id: 3, title }]);
    expect((await editor.request('DELETE', `/api/admin/media/${id}`)).status).toBe(409);
    // read as the picture of its document, the caption Russian only
    const read = (await page(3)).document.blocks as Record<string, RichDoc>;
    expect(docPictures(read.ru as RichDoc)).toContain(id);
    expect(read.ru?.content.at(-1)).toEqual({ type: 'image', attrs: { src: id, caption: 'Подпись' } });
    expect(read.en?.content.at(-1)).toEqual({ type: 'image', attrs: { src: id } });

    // a save leaves a column it does not change as it is: a title's change keeps the blocks
    const titled = await save(3, (doc) => {
      (doc.title as Record<string, string>).ru += '!';
    });
    expect(titled.status, JSON.stringify(titled.body)).toBe(200);
    const kept = await t.database.db
      .selectFrom('pages')
      .select('blocks')
      .where('id', '=', 3)
      .executeTakeFirstOrThrow();
    expect(Array.isArray(kept.blocks)).toBe(true);
    // a change of the body stores its documents: the photo is a document's picture, still a use
    const saved = await save(3, (doc) => {
      (doc.blocks as Record<string, RichDoc>).ru?.content.push(textToDoc('Ещё абзац.').content[0] as never);
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const row = await t.database.db
      .selectFrom('pages')
      .select('blocks')
      .where('id', '=', 3)
      .executeTakeFirstOrThrow();
    expect(Array.isArray(row.blocks)).toBe(false);
    expect(await usedBy()).toEqual([{ kind: 'pages', id: 3, title: `${title}!` }]);
    expect((await editor.request('DELETE', `/api/admin/media/${id}`)).status).toBe(409);
  }, 60_000);

  it('refuses a body whose picture is not in the media library, naming the field', async () => {
    const r = await save(4, (doc) => {
      (doc.blocks as Record<string, RichDoc>).ru = textToDoc('Текст\n\n![](photo.0000000000000000)');
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'photo_missing', field: 'blocks' });
  });

  it('counts a language that one of a stored page’s blocks lacks as missing, until a save stores its documents', async () => {
    const stored = await t.database.db
      .selectFrom('pages')
      .select('blocks')
      .where('id', '=', 5)
      .executeTakeFirstOrThrow();
    const blocks = [...(stored.blocks as unknown[]), { list: [{ ru: 'Пункт', en: 'Item' }] }];
    await t.database.db
      .updateTable('pages')
      .set({ blocks: JSON.stringify(blocks) as never })
      .where('id', '=', 5)
      .execute();
    const lacking = async (lang: string) =>
      (await editor.request('GET', `/api/admin/content/pages?missing=${lang}`)).body.results.map(
        (r: { id: number }) => r.id,
      );
    expect(await lacking('zh')).toContain(5);
    expect(await lacking('en')).not.toContain(5);
    expect((await page(5)).missing).toEqual(['zh']);
    // the Chinese document holds the Chinese texts there are: once the body is saved (a change of
    // it stores its documents), a body with a Chinese document is not lacking Chinese
    const saved = await save(5, (doc) => {
      (doc.blocks as Record<string, RichDoc>).ru?.content.push(textToDoc('Ещё абзац.').content[0] as never);
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.missing).toEqual([]);
    expect(await lacking('zh')).not.toContain(5);
    // a body saved without its Chinese document lacks Chinese
    const without = await save(5, (doc) => {
      delete (doc.blocks as Record<string, unknown>).zh;
    });
    expect(without.body.missing).toEqual(['zh']);
    expect(await lacking('zh')).toContain(5);
  });
});
