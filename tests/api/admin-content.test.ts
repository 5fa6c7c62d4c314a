import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/database.js';
import { createPageReads } from '../../server/lib/page-reads.js';
import { publishDue } from '../../server/modules/admin/content/repository.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser, unsetSearchFields } from '../helpers/staff.js';

// Editing content from the back office (server/modules/admin/content): states, versions, history,
// and every change on the public site at once.

const tr = (ru: string, en = `${ru} (en)`, zh = `${ru}（中文）`) => ({ ru, en, zh });

/** A new event's document: every field, as the back office form sends it. */
const eventDocument = (name: string) => ({
  ...unsetSearchFields,
  name: tr(name),
  annotation: tr('Коротко о событии'),
  description: tr('Подробно о событии'),
  start_date: '2027-06-12',
  end_date: '2027-06-13',
  venue: null,
  district_id: 1,
  city_id: null,
  lat: 59.9,
  lon: 30.9,
  address: null,
  tourism_type_ids: [],
  price: null,
  site: null,
  organizer: null,
  organizer_site: null,
  images: [],
});

describe.each(databaseKinds)('content in the back office on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  let other: StaffBrowser;
  const pub = (url: string) => t.app.inject({ url });

  beforeAll(async () => {
    // the response cache on, as in production: every change must reach visitors through it
    t = await createTestApp(kind, { RESPONSE_CACHE_SECONDS: '60' });
    await makeStaff(t.database.db, 'ed@lenobl.test', 'editor');
    await makeStaff(t.database.db, 'ed2@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    other = new StaffBrowser(t.app);
    await editor.signIn('ed@lenobl.test');
    await other.signIn('ed2@lenobl.test');
  });
  afterAll(() => t?.close());

  it('lists a section published or not, searched, sorted and paged, with what each item lacks', async () => {
    const all = await editor.request('GET', '/api/admin/content/attractions?per_page=10');
    expect(all.status).toBe(200);
    const publicCount = (await pub('/api/attractions/?limit=1')).json().count as number;
    expect(all.body.count).toBe(publicCount);
    expect(all.body.results).toHaveLength(10);
    const ids = all.body.results.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.body.results[0]).toMatchObject({ status: 'published', missing: [] });
    const found = await editor.request(
      'GET',
      `/api/admin/content/attractions?q=${encodeURIComponent('выборг')}`,
    );
    expect(found.body.count).toBeGreaterThan(0);
    for (const r of found.body.results) expect(r.name.toLowerCase() + JSON.stringify(r)).toBeTruthy();
    const byName = await editor.request(
      'GET',
      '/api/admin/content/attractions?sort=name&order=asc&per_page=5',
    );
    expect(byName.body.results).toHaveLength(5);
    const bad = await editor.request('GET', '/api/admin/content/attractions?sort=rating');
    expect(bad.status).toBe(400);
    expect((await editor.request('GET', '/api/admin/content/no-such-section')).status).toBe(404);
  });

  it('a save is on the public site at once, through the response cache; a stale save is a 409 that says what changed', async () => {
    const id = (await pub('/api/caterings/?limit=1')).json().results[0].id as number;
    const before = (await pub(`/api/caterings/${id}/`)).json();
    expect((await pub(`/api/caterings/${id}/`)).json().name).toBe(before.name);
    const item = (await editor.request('GET', `/api/admin/content/caterings/${id}`)).body;
    expect(item.status).toBe('published');
    const opened = item.version as number;
    const saved = await editor.request('PUT', `/api/admin/content/caterings/${id}`, {
      version: opened,
      status: 'published',
      document: { ...item.document, name: { ...item.document.name, ru: 'Кафе «Новое имя»' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.version).toBe(opened + 1);
    expect((await pub(`/api/caterings/${id}/`)).json().name).toBe('Кафе «Новое имя»');

    // the other editor opened the form before that save
    const stale = await other.request('PUT', `/api/admin/content/caterings/${id}`, {
      version: opened,
      status: 'published',
      document: { ...item.document, avg_bill: 1500 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.changed).toEqual(['name']);
    expect(stale.body.current.document.name.ru).toBe('Кафе «Новое имя»');
    expect(stale.body.message).toMatch(/someone else saved/);
    expect((await pub(`/api/caterings/${id}/`)).json().name).toBe('Кафе «Новое имя»');

    const history = await editor.request('GET', `/api/admin/content/caterings/${id}/history`);
    expect(history.body.results[0]).toMatchObject({
      version: opened + 1,
      staff: { email: 'ed@lenobl.test' },
      changes: { name: { old: item.document.name, new: { ...item.document.name, ru: 'Кафе «Новое имя»' } } },
    });
  });

  it("a renamed direction is in every page's menu at once: the kept menu answer is dropped", async () => {
    const menu = () => createPageReads(t.app.routeReads).navList('ru');
    const first = (await menu())[0] as { id: number; name: string };
    // read twice: the second comes from the kept answer
    expect((await menu())[0]).toEqual(first);
    const item = (await editor.request('GET', `/api/admin/content/directions/${first.id}`)).body;
    const saved = await editor.request('PUT', `/api/admin/content/directions/${first.id}`, {
      version: item.version,
      status: item.status,
      document: { ...item.document, name: { ...item.document.name, ru: 'Новое направление' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await menu())[0]).toEqual({ id: first.id, name: 'Новое направление' });
    expect((await pub('/api/directions/nav-list/')).json()[0].name).toBe('Новое направление');
  });

  it('restores an earlier version as a new save: into the working copy of a published item', async () => {
    const id = (await pub('/api/entertainment/?limit=1')).json().results[0].id as number;
    const item = (await editor.request('GET', `/api/admin/content/entertainment/${id}`)).body;
    const renamed = await editor.request('PUT', `/api/admin/content/entertainment/${id}`, {
      version: item.version,
      status: 'published',
      document: { ...item.document, name: tr('Временное имя') },
    });
    expect(renamed.status).toBe(200);
    // the first recorded version is the rename itself: restore the document from before it
    // by saving the old one first, then restoring that version
    const back = await editor.request('PUT', `/api/admin/content/entertainment/${id}`, {
      version: renamed.body.version,
      status: 'published',
      document: item.document,
    });
    const again = await editor.request('PUT', `/api/admin/content/entertainment/${id}`, {
      version: back.body.version,
      status: 'published',
      document: { ...item.document, name: tr('Ещё одно имя') },
    });
    const restored = await editor.request('POST', `/api/admin/content/entertainment/${id}/restore`, {
      version: again.body.version,
      restore: back.body.version,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.document.name).toEqual(item.document.name);
    expect(restored.body.version).toBe(again.body.version + 1);
    // a published item gets the old version as its working copy: the site keeps what it shows
    expect(restored.body.working_copy).toBe(true);
    expect((await pub(`/api/entertainment/${id}/`)).json().name).toBe('Ещё одно имя');
    const published = await editor.request('PUT', `/api/admin/content/entertainment/${id}`, {
      version: restored.body.version,
      status: 'published',
      document: restored.body.document,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.working_copy).toBe(false);
    expect((await pub(`/api/entertainment/${id}/`)).json().name).toBe(item.document.name.ru);
    expect(
      (
        await editor.request('POST', `/api/admin/content/entertainment/${id}/restore`, {
          version: 1,
          restore: back.body.version,
        })
      ).status,
    ).toBe(409);
  });

  it('a draft is off the site, published it is on the list and its page, archived its address answers 410', async () => {
    const created = await editor.request('POST', '/api/admin/content/events', {
      status: 'draft',
      document: eventDocument('Праздник корюшки на Неве'),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id } = created.body;
    expect(created.body).toMatchObject({ status: 'draft', version: 1, missing: [] });
    expect((await pub(`/api/events/${id}/`)).statusCode).toBe(404);
    const drafts = await editor.request('GET', '/api/admin/content/events?status=draft');
    expect(drafts.body.results.map((r: { id: number }) => r.id)).toContain(id);

    const published = await editor.request('PUT', `/api/admin/content/events/${id}`, {
      version: 1,
      status: 'published',
      document: created.body.document,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const page = await pub(`/api/events/${id}/`);
    expect(page.statusCode).toBe(200);
    expect(page.json().name).toBe('Праздник корюшки на Неве');
    const listed = (await pub('/api/events/?limit=100')).json().results.map((r: { id: number }) => r.id);
    expect(listed).toContain(id);
    const search = (await pub(`/api/search/?q=${encodeURIComponent('корюшки')}`)).json();
    expect(JSON.stringify(search)).toContain('Праздник корюшки на Неве');

    const archived = await editor.request('PUT', `/api/admin/content/events/${id}`, {
      version: 2,
      status: 'archived',
      document: created.body.document,
    });
    expect(archived.status).toBe(200);
    const gone = await pub(`/api/events/${id}/`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toMatch(/removed/);
    expect(
      (await pub('/api/events/?limit=100')).json().results.map((r: { id: number }) => r.id),
    ).not.toContain(id);
    const counts = (await editor.request('GET', '/api/admin/content/events/summary')).body;
    expect(counts.archived).toBeGreaterThanOrEqual(1);
  });

  it("an event's organiser, once known, is on its public page; a draft saved before the field existed reads it as unknown", async () => {
    const created = await editor.request('POST', '/api/admin/content/events', {
      status: 'published',
      document: {
        ...eventDocument('Фестиваль ряпушки'),
        organizer: tr('Администрация поселения'),
        organizer_site: 'https://example.org/fest',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const page = (await pub(`/api/events/${created.body.id}/`)).json();
    expect(page).toMatchObject({
      organizer: 'Администрация поселения',
      organizer_site: 'https://example.org/fest',
    });
    // An organiser's site that is not a web address is refused, naming the field.
    const bad = await editor.request('PUT', `/api/admin/content/events/${created.body.id}`, {
      version: 1,
      status: 'published',
      document: { ...created.body.document, organizer_site: 'not a site' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/organizer_site/);

    // A draft stored before events had an organiser: the form gets the fields empty, and saves.
    const { organizer: _, organizer_site: __, ...older } = eventDocument('Старый черновик');
    await t.database.db
      .insertInto('content_drafts')
      .values({ section: 'events', id: 9000, status: 'draft', document: JSON.stringify(older) })
      .execute();
    const draft = await editor.request('GET', '/api/admin/content/events/9000');
    expect(draft.status).toBe(200);
    expect(draft.body.document).toMatchObject({ organizer: null, organizer_site: null });
    const saved = await editor.request('PUT', '/api/admin/content/events/9000', {
      version: 1,
      status: 'draft',
      document: draft.body.document,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('a scheduled news item goes public when its time comes', async () => {
    const created = await editor.request('POST', '/api/admin/content/news', {
      status: 'scheduled',
      publish_at: new Date(Date.now() + 3_600_000).toISOString(),
      document: {
        ...unsetSearchFields,
        date: '2026-11-26',
        name: tr('Открыт сезон зимней рыбалки'),
        annotation: tr('Коротко'),
        description: tr('Подробно'),
        district_id: null,
        images: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id } = created.body;
    expect((await pub(`/api/news/${id}/`)).statusCode).toBe(404);
    expect(await publishDue(t.database.db, async () => {})).toBe(0);
    await t.database.db
      .updateTable('content_drafts')
      .set({ publish_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .where('section', '=', 'news')
      .execute();
    expect(await publishDue(t.database.db, (trx) => t.app.contentChanges.announce(trx))).toBe(1);
    t.app.contentChanges.committed();
    expect((await pub(`/api/news/${id}/`)).statusCode).toBe(200);
  });

  it('counts what lacks a translation, per item and per section', async () => {
    const created = await editor.request('POST', '/api/admin/content/events', {
      status: 'draft',
      document: { ...eventDocument('Только по-русски'), annotation: { ru: 'Аннотация' } },
    });
    expect(created.body.missing).toEqual(['en', 'zh']);
    const lacking = await editor.request('GET', '/api/admin/content/events?missing=zh');
    expect(lacking.body.results.map((r: { id: number }) => r.id)).toContain(created.body.id);
    const counts = (await editor.request('GET', '/api/admin/content/events/summary')).body;
    expect(counts.missing.zh).toBeGreaterThanOrEqual(1);
    // the dashboard shows the same, with the recent changes and who made them
    const board = (await editor.request('GET', '/api/admin/dashboard')).body;
    const events = board.sections.find((s: { section: string }) => s.section === 'events');
    expect(events.missing.zh).toBe(counts.missing.zh);
    expect(events.without_photo).toBe(events.published);
    expect(board.recent[0]).toMatchObject({ section: 'events', id: created.body.id, staff: 'ed' });
  });

  it('a route’s line from a GPX file; the published route starts there and lists the attractions along it', async () => {
    // along the shore of Vyborg Bay, through the town
    const points = [
      [60.7096, 28.7497],
      [60.7135, 28.7334],
      [60.7169, 28.7289],
      [60.7213, 28.7421],
    ];
    const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>${points
      .map(([lat, lon]) => `<trkpt lat="${lat}" lon="${lon}"><ele>5</ele></trkpt>`)
      .join('')}</trkseg></trk></gpx>`;
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/admin/gpx',
      headers: {
        cookie: editor.cookie,
        'x-xsrf-token': editor.jar.get('XSRF-TOKEN') ?? '',
        'content-type': 'application/gpx+xml',
      },
      payload: gpx,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().line).toEqual(points);
    expect(read.json().length_km).toBeGreaterThan(1);
    const outside = await t.app.inject({
      method: 'POST',
      url: '/api/admin/gpx',
      headers: {
        cookie: editor.cookie,
        'x-xsrf-token': editor.jar.get('XSRF-TOKEN') ?? '',
        'content-type': 'application/gpx+xml',
      },
      payload: gpx.replace('60.7096', '55.7558'),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(/leaves the Leningrad Region/);

    const created = await editor.request('POST', '/api/admin/content/routes', {
      status: 'published',
      document: {
        ...unsetSearchFields,
        name: tr('Вдоль Выборгского залива'),
        annotation: tr('Прогулка по набережной'),
        description: tr('От парка до крепости вдоль воды'),
        type_id: 1,
        way_ids: [1],
        tourism_type_ids: [],
        district_id: 4,
        city_id: null,
        length_km: read.json().length_km,
        duration: null,
        season: null,
        path: read.json().line,
        images: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const route = await pub(`/api/routes/${created.body.id}/`);
    expect(route.statusCode, route.body).toBe(200);
    expect(route.json().name).toBe('Вдоль Выборгского залива');
    expect(route.json().path).toHaveLength(points.length);
    // the attractions of Vyborg near the shore are along the way, nearest the start first
    expect(route.json().objects_along_the_way.length).toBeGreaterThan(0);
  });

  it('refuses what the content check would refuse, with a 400 that names the field', async () => {
    const cases: [Record<string, unknown>, RegExp, string?][] = [
      [{ ...eventDocument('x'), lat: 10 }, /lat/],
      [{ ...eventDocument('x'), district_id: 999 }, /no district 999/, 'district_id'],
      [{ ...eventDocument('x'), city_id: 1, district_id: 2 }, /another district/, 'city_id'],
      [{ ...eventDocument('x'), end_date: '2027-06-01' }, /end is before the start/, 'end_date'],
      [{ ...eventDocument('x'), site: 'javascript:alert(1)' }, /site/],
      [{ ...eventDocument('x'), name: { ru: '' } }, /name/],
      [(({ images: _, ...rest }) => rest)(eventDocument('x')), /images/],
    ];
    for (const [document, message, field] of cases) {
      const r = await editor.request('POST', '/api/admin/content/events', { status: 'published', document });
      expect(r.status, JSON.stringify(document)).toBe(400);
      expect(r.body.message).toMatch(message);
      if (field) expect(r.body.field).toBe(field);
    }
    const noTime = await editor.request('POST', '/api/admin/content/events', {
      status: 'scheduled',
      document: eventDocument('x'),
    });
    expect(noTime.body.field).toBe('publish_at');
    const attraction = (await editor.request('GET', '/api/admin/content/attractions?per_page=1')).body
      .results[0];
    const full = (await editor.request('GET', `/api/admin/content/attractions/${attraction.id}`)).body;
    const scheduled = await editor.request('PUT', `/api/admin/content/attractions/${attraction.id}`, {
      version: full.version,
      status: 'scheduled',
      publish_at: new Date().toISOString(),
      document: full.document,
    });
    expect(scheduled.status).toBe(400);
    expect(scheduled.body.field).toBe('status');
  });

  it.runIf(kind === 'postgres')(
    'a change made through one portal process drops the other’s cached answers at once',
    async () => {
      const url = t.url as string;
      const database = await openDatabase({ url, poolSize: 2 });
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: path.join(t.dataDir, 'second'),
        PUBLIC_URL: 'http://portal.test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        RESPONSE_CACHE_SECONDS: '60',
      });
      const second = await buildApp({ config, database });
      await second.ready();
      try {
        const id = (await pub('/api/residence/?limit=1')).json().results[0].id as number;
        const seen = async () =>
          (await second.inject({ url: `/api/residence/${id}/` })).json().name as string;
        const before = await seen();
        expect(await seen()).toBe(before);
        // the second process's listening connection is up once it has answered a first change
        await new Promise((resolve) => setTimeout(resolve, 300));
        const item = (await editor.request('GET', `/api/admin/content/residence/${id}`)).body;
        await editor.request('PUT', `/api/admin/content/residence/${id}`, {
          version: item.version,
          status: 'published',
          document: { ...item.document, name: tr('Гостиница «Переименована»') },
        });
        const started = Date.now();
        let name = await seen();
        while (name !== 'Гостиница «Переименована»' && Date.now() - started < 1000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          name = await seen();
        }
        expect(name).toBe('Гостиница «Переименована»');
      } finally {
        await second.close();
        await database.close();
      }
    },
  );
});
