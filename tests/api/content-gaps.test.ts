import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageTexts } from '../../common/coverage.js';
import { editableOf, editableSections, editorial, translatedFields } from '../../common/editorial.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { keptAndRebuilt, Rollback } from '../helpers/content-gaps.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// What each item lacks, kept by the database (content_gaps, migration 033, decision 058): the
// coverage counts, the summaries and the list's `missing=` and `photo=` filters read it. After
// every kind of write (a form's save, taking off the site and back, a working copy, a bulk
// action, an import, a delete, media stored and dropped, a truncate) the kept rows are exactly
// what a fill from scratch gives, and the list's own reading of the languages (computed from each
// row's texts) agrees with the filter.

describe.each(databaseKinds)('the gaps kept by the database on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  let admin: StaffBrowser;
  const db = () => t.database.db;
  const get = (url: string) => editor.request('GET', url).then((r) => r.body);
  const item = (section: string, id: number) => get(`/api/admin/content/${section}/${id}`);
  const gaps = async (section: string, id: number) =>
    (
      await sql<Record<string, unknown>>`select * from content_gaps where section = ${section} and id = ${id}
        order by published desc`.execute(db())
    ).rows;
  const expectExact = async () => {
    const { kept, rebuilt } = await keptAndRebuilt(db());
    expect(rebuilt.length).toBeGreaterThan(400);
    expect(kept).toEqual(rebuilt);
  };
  /** The ids of a list, every page of it. */
  const ids = async (section: string, query: string) => {
    const all: number[] = [];
    for (let page = 1; ; page++) {
      const url = `/api/admin/content/${section}?${query}&per_page=100&page=${page}&sort=id&order=asc`;
      // the main page and the directories are an admin's
      const r = await admin.request('GET', url);
      expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(200);
      all.push(...r.body.results.map((x: { id: number }) => x.id));
      if (r.body.results.length < 100) return all;
    }
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await makeStaff(t.database.db, 'gaps@lenobl.test', 'editor');
    await makeStaff(t.database.db, 'gaps-admin@lenobl.test', 'admin');
    editor = new StaffBrowser(t.app);
    admin = new StaffBrowser(t.app);
    await editor.signIn('gaps@lenobl.test');
    await admin.signIn('gaps-admin@lenobl.test');
  });
  afterAll(() => t?.close());

  it('reads the texts the sections’ fields say, in the tables the registry names, with triggers on each', async () => {
    const rows = (
      await sql<{ section: string; source: string; scope: string | null; texts: string[]; firsts: string[] }>`
        select * from content_gap_sections order by section`.execute(db())
    ).rows;
    expect(rows).toEqual(
      [...editableSections].sort().map((section) => {
        const fields = editorial[section].fields;
        return {
          section,
          source: editableOf(section).table,
          scope: editableOf(section).scope ?? null,
          texts: translatedFields(fields),
          firsts: coverageTexts(fields),
        };
      }),
    );
    const triggers = (
      await sql<{ t: string; n: number }>`select c.relname as t, count(*)::int as n from pg_trigger g
        join pg_class c on c.oid = g.tgrelid where g.tgname like '%\\_gaps\\_%' escape '\\' group by 1 order by 1`.execute(
        db(),
      )
    ).rows;
    const tables = [
      ...new Set(rows.map((r) => r.source)),
      'content_drafts',
      'content_working_copies',
      'media',
    ];
    expect(triggers).toEqual(tables.sort().map((name) => ({ t: name, n: 4 })));
  });

  it('holds every item of the demo content, and the list’s languages agree with its filter', async () => {
    await expectExact();
    for (const section of ['attractions', 'events', 'pages', 'main-page', 'district']) {
      for (const lang of ['en', 'zh']) {
        const lacking = new Set(await ids(section, `missing=${lang}`));
        const listed = (
          await admin.request('GET', `/api/admin/content/${section}?per_page=100&sort=id&order=asc`)
        ).body;
        for (const row of listed.results as { id: number; missing: string[] }[])
          expect(lacking.has(row.id), `${section} ${row.id} ${lang}`).toBe(row.missing.includes(lang));
      }
    }
  });

  it('follows a save, a draft, a schedule, publishing again, a working copy and its discard', async () => {
    const id = (await ids('attractions', 'missing=phone&status=published'))[0] as number;
    let it = await item('attractions', id);
    const put = async (body: Record<string, unknown>) => {
      const r = await editor.request('PUT', `/api/admin/content/attractions/${id}`, {
        version: it.version,
        status: 'published',
        document: it.document,
        ...body,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      it = await item('attractions', id);
    };
    await put({
      document: { ...it.document, phone: '+7 813 000-00-07', name: { ...it.document.name, zh: '' } },
    });
    expect(await gaps('attractions', id)).toEqual([
      expect.objectContaining({
        published: true,
        status: 'published',
        lacks_phone: false,
        lacks_translation_zh: true,
        lacks_zh: true,
        working: false,
      }),
    ]);
    await expectExact();

    await put({ status: 'draft' });
    expect(await gaps('attractions', id)).toEqual([
      expect.objectContaining({ published: false, status: 'draft', lacks_phone: false, lacks_zh: true }),
    ]);
    expect(await ids('attractions', 'status=draft&missing=zh')).toContain(id);
    expect((await get('/api/admin/content/attractions/summary')).draft).toBe(1);
    await expectExact();

    await put({
      status: 'published',
      publish_at: null,
      document: { ...it.document, name: { ...it.document.name, zh: '景点' } },
    });
    expect(await gaps('attractions', id)).toEqual([
      expect.objectContaining({ published: true, status: 'published', lacks_zh: false }),
    ]);

    // a working copy: flagged, the published version's gaps unchanged
    await put({ status: 'working', document: { ...it.document, phone: null } });
    expect(await gaps('attractions', id)).toEqual([
      expect.objectContaining({ working: true, lacks_phone: false }),
    ]);
    expect(await ids('attractions', 'changes=unpublished')).toEqual([id]);
    await expectExact();
    // "publish changes": the working copy becomes the published version
    await put({ status: 'published', document: it.document });
    expect(await gaps('attractions', id)).toEqual([
      expect.objectContaining({ working: false, lacks_phone: true }),
    ]);
    await put({ status: 'working', document: { ...it.document, phone: '+7 813 000-00-08' } });
    const discarded = await editor.request('POST', `/api/admin/content/attractions/${id}/discard`, {
      version: it.version,
    });
    expect(discarded.status, JSON.stringify(discarded.body)).toBe(200);
    expect(await gaps('attractions', id)).toEqual([
      expect.objectContaining({ working: false, lacks_phone: true }),
    ]);
    await expectExact();
  });

  it('follows a news item scheduled and published again', async () => {
    const id = (await ids('news', 'status=published'))[0] as number;
    const news = await item('news', id);
    const saved = await editor.request('PUT', `/api/admin/content/news/${id}`, {
      version: news.version,
      status: 'scheduled',
      publish_at: new Date(Date.now() + 86_400_000).toISOString(),
      document: news.document,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await gaps('news', id)).toEqual([
      expect.objectContaining({ published: false, status: 'scheduled' }),
    ]);
    expect((await get('/api/admin/content/news/summary')).scheduled).toBe(1);
    await expectExact();
    const back = await editor.request('PUT', `/api/admin/content/news/${id}`, {
      version: saved.body.version,
      status: 'published',
      publish_at: null,
      document: news.document,
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await gaps('news', id)).toEqual([
      expect.objectContaining({ published: true, status: 'published' }),
    ]);
    await expectExact();
  });

  it('follows bulk actions', async () => {
    const some = (await ids('caterings', 'status=published')).slice(0, 4);
    const withoutPrice = new Set(await ids('caterings', 'missing=price'));
    const bulk = (body: unknown) => editor.request('POST', '/api/admin/bulk/caterings', body);
    expect((await bulk({ ids: some, action: 'archive' })).status).toBe(200);
    expect((await get('/api/admin/content/caterings/summary')).archived).toBe(4);
    expect(await ids('caterings', 'status=archived&missing=price')).toEqual(
      some.filter((x) => withoutPrice.has(x)),
    );
    await expectExact();
    expect((await bulk({ ids: some, action: 'publish' })).status).toBe(200);
    expect((await get('/api/admin/content/caterings/summary')).archived).toBe(0);
    await expectExact();
  });

  it('follows an import applied and undone', async () => {
    const res = await t.app.inject({
      url: '/api/admin/export/attractions.csv',
      headers: { cookie: editor.cookie },
      remoteAddress: editor.address,
    });
    const [header = [], ...rows] = parse(res.rawPayload, { bom: true }) as string[][];
    const col = (name: string) => header.indexOf(name);
    const lacking = new Set(await ids('attractions', 'missing=phone'));
    const chosen = rows.filter((r) => lacking.has(Number(r[col('id')]))).slice(0, 2);
    const file = Buffer.from(
      `\uFEFF${stringify([['id', 'phone'], ...chosen.map((r, i) => [r[col('id')] as string, `+7 813 100-00-0${i}`])])}`,
    );
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/attractions?name=phones.csv',
      headers: {
        cookie: editor.cookie,
        'x-xsrf-token': editor.jar.get('XSRF-TOKEN') ?? '',
        'content-type': 'text/csv',
      },
      payload: file,
      remoteAddress: editor.address,
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const planId = plan.json().id as string;
    expect((await editor.request('POST', `/api/admin/imports/${planId}/apply`)).status).toBe(200);
    for (const r of chosen)
      expect((await gaps('attractions', Number(r[col('id')])))[0]).toMatchObject({ lacks_phone: false });
    await expectExact();
    expect((await editor.request('POST', `/api/admin/imports/${planId}/undo`)).status).toBe(200);
    for (const r of chosen)
      expect((await gaps('attractions', Number(r[col('id')])))[0]).toMatchObject({ lacks_phone: true });
    await expectExact();
  });

  it('follows an item created and deleted', async () => {
    const created = await admin.request('POST', '/api/admin/content/object-type', {
      status: 'published',
      document: { key: 'gaps-test', name: { ru: 'Проверка', en: 'Check', zh: '' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    expect(await gaps('object-type', id)).toEqual([
      expect.objectContaining({ lacks_translation_en: false, lacks_translation_zh: true, lacks_zh: true }),
    ]);
    const coverage = (await get('/api/admin/coverage')).sections;
    expect(coverage.find((s: { section: string }) => s.section === 'object-type')).toBeUndefined();
    expect((await admin.request('DELETE', `/api/admin/content/object-type/${id}`)).status).toBe(204);
    expect(await gaps('object-type', id)).toEqual([]);
    await expectExact();
  });

  it('follows media stored and dropped: a picture whose original is stored is a photo', async () => {
    const [row] = (
      await sql<{ id: number; picture: string }>`select id, images[1] as picture from places
        where section = 'attractions' and cardinality(images) > 0 order by id limit 1`.execute(db())
    ).rows;
    if (!row) throw new Error('no attraction with a picture');
    const before = (await get('/api/admin/coverage')).sections[0].facts.photo as number;
    expect((await gaps('attractions', row.id))[0]).toMatchObject({ lacks_photo: true });
    await sql`insert into media (id, content_type, data) values (${row.picture}, 'image/jpeg', '\\x00'::bytea)`.execute(
      db(),
    );
    expect((await gaps('attractions', row.id))[0]).toMatchObject({ lacks_photo: false });
    expect((await get('/api/admin/coverage')).sections[0].facts.photo).toBeGreaterThan(before);
    expect(await ids('attractions', 'photo=with')).toContain(row.id);
    await expectExact();
    // a drawn logo is no photo
    await sql`update media set content_type = 'image/svg+xml' where id = ${row.picture}`.execute(db());
    expect((await gaps('attractions', row.id))[0]).toMatchObject({ lacks_photo: true });
    await sql`update media set content_type = 'image/png' where id = ${row.picture}`.execute(db());
    await sql`delete from media where id = ${row.picture}`.execute(db());
    expect((await gaps('attractions', row.id))[0]).toMatchObject({ lacks_photo: true });
    expect((await get('/api/admin/coverage')).sections[0].facts.photo).toBe(before);
    await expectExact();
  });

  it('follows a truncate', async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`truncate content_drafts, content_working_copies`.execute(trx);
        await sql`truncate partners cascade`.execute(trx);
        const left = await sql<{ n: number }>`select count(*)::int as n from content_gaps
          where not published or working or section = 'partners'`.execute(trx);
        expect(left.rows[0]?.n).toBe(0);
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
    await expectExact();
  });

  it('counts a language with no words as missing, in the gaps as in the list: an empty document, empty paragraphs', async () => {
    const lacking = new Set([
      ...(await ids('attractions', 'missing=en')),
      ...(await ids('attractions', 'missing=zh')),
    ]);
    const [one, two] = (await ids('attractions', 'status=published')).filter((id) => !lacking.has(id)) as [
      number,
      number,
    ];
    const originals = new Map(
      (
        await sql<{ id: number; description: unknown }>`select id, description from places
          where section = 'attractions' and id in (${one}, ${two})`.execute(db())
      ).rows.map((r) => [r.id, r.description]),
    );
    const empty = { type: 'doc', content: [] };
    const blankParagraphs = {
      type: 'doc',
      content: [{ type: 'paragraph' }, { type: 'paragraph', content: [{ type: 'text', text: ' ' }] }],
    };
    const captionOnly = {
      type: 'doc',
      content: [{ type: 'image', attrs: { src: 'photo.x', caption: 'Усадьба' } }],
    };
    // as the rows are stored (an import, a save of another client, a release before this one)
    const store = (id: number, lang: string, doc: unknown) =>
      sql`update places set description = jsonb_set(description, ${`{${lang}}`}::text[], ${JSON.stringify(doc)}::jsonb)
        where section = 'attractions' and id = ${id}`.execute(db());
    await store(one, 'en', empty);
    await store(two, 'zh', blankParagraphs);
    const listed = async (id: number) =>
      (await get(`/api/admin/content/attractions?q=${id}&per_page=5`)).results.find(
        (r: { id: number }) => r.id === id,
      ).missing as string[];
    expect(await listed(one)).toContain('en');
    expect(await listed(two)).toContain('zh');
    expect(await gaps('attractions', one)).toEqual([
      expect.objectContaining({ lacks_en: true, lacks_translation_en: true }),
    ]);
    expect(await gaps('attractions', two)).toEqual([
      expect.objectContaining({ lacks_zh: true, lacks_translation_zh: true }),
    ]);
    expect(await ids('attractions', 'missing=en')).toContain(one);
    expect(await ids('attractions', 'missing=translation_zh')).toContain(two);
    await expectExact();

    // a caption is words: the language is there
    await store(one, 'en', captionOnly);
    expect(await listed(one)).not.toContain('en');
    expect(await gaps('attractions', one)).toEqual([
      expect.objectContaining({ lacks_en: false, lacks_translation_en: false }),
    ]);
    expect(await ids('attractions', 'missing=en')).not.toContain(one);

    // a draft's document is read by the same rule
    const it = await item('attractions', two);
    const drafted = await editor.request('PUT', `/api/admin/content/attractions/${two}`, {
      version: it.version,
      status: 'draft',
      document: it.document,
    });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    await sql`update content_drafts set document = jsonb_set(document, '{description,en}', ${JSON.stringify(empty)}::jsonb)
      where section = 'attractions' and id = ${two}`.execute(db());
    expect(await gaps('attractions', two)).toEqual([
      expect.objectContaining({ published: false, lacks_en: true, lacks_translation_en: true }),
    ]);
    expect(await listed(two)).toEqual(expect.arrayContaining(['en']));
    expect(await ids('attractions', 'status=draft&missing=en')).toContain(two);
    await expectExact();

    // as they were
    const back = await item('attractions', two);
    const published = await editor.request('PUT', `/api/admin/content/attractions/${two}`, {
      version: back.version,
      status: 'published',
      document: it.document,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    for (const [id, description] of originals)
      await sql`update places set description = ${JSON.stringify(description)}::jsonb
        where section = 'attractions' and id = ${id}`.execute(db());
    await expectExact();
  });
});
