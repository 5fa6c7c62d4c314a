import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// Actions on several items of a section at once, and the copy of one item
// (server/modules/admin/content/bulk.ts): all the items or none, each checked as a form's save is,
// each with its history entry.

describe.each(databaseKinds)('bulk actions and copies on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  const get = (url: string) => editor.request('GET', url).then((r) => r.body);
  const bulk = (section: string, body: unknown) => editor.request('POST', `/api/admin/bulk/${section}`, body);
  /** The first `n` items of a section, by id. */
  const firstIds = async (section: string, n: number, query = '') =>
    (await get(`/api/admin/content/${section}?per_page=${n}&sort=id&order=asc${query}`)).results.map(
      (r: { id: number }) => r.id,
    ) as number[];
  /** Whether visitors see the item (its public answer is a 200). */
  const isPublic = async (section: string, id: number) =>
    (await t.app.inject({ url: `/api/${section}/${id}/` })).statusCode === 200;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await makeStaff(t.database.db, 'bulk@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    await editor.signIn('bulk@lenobl.test');
  });
  afterAll(() => t?.close());

  it('takes items off the site and back, each with its history entry, in one request', async () => {
    const ids = await firstIds('attractions', 3);
    const drafted = await bulk('attractions', { ids, action: 'draft' });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    expect(drafted.body).toEqual({ changed: 3, unchanged: 0 });
    for (const id of ids) expect(await isPublic('attractions', id)).toBe(false);
    // again: nothing to change
    expect((await bulk('attractions', { ids, action: 'draft' })).body).toEqual({ changed: 0, unchanged: 3 });
    expect((await bulk('attractions', { ids, action: 'publish' })).body).toEqual({
      changed: 3,
      unchanged: 0,
    });
    for (const id of ids) expect(await isPublic('attractions', id)).toBe(true);
    const history = (await get(`/api/admin/content/attractions/${ids[0]}/history`)).results;
    expect(history.slice(0, 2).map((h: { status: string }) => h.status)).toEqual(['published', 'draft']);
    expect(history[0].staff.email).toBe('bulk@lenobl.test');
  });

  it('sets a district on all or on none: one item whose town is elsewhere refuses the lot, and says which', async () => {
    const ids = await firstIds('attractions', 6);
    const items = await Promise.all(ids.map((id) => get(`/api/admin/content/attractions/${id}`)));
    const withCity = items.find((i) => i.document.city_id != null);
    expect(withCity).toBeDefined();
    const districts = (await t.app.inject({ url: '/api/directory/district/' })).json() as { id: number }[];
    const other = districts.find((d) => d.id !== withCity.document.district_id)?.id as number;
    const refused = await bulk('attractions', { ids, action: 'set', field: 'district_id', value: other });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('bulk_refused');
    expect(refused.body.items).toContainEqual(
      expect.objectContaining({ id: withCity.id, code: 'city_other_district' }),
    );
    for (const item of items) {
      const now = await get(`/api/admin/content/attractions/${item.id}`);
      expect(now.version, `item ${item.id} unchanged`).toBe(item.version);
    }
    // the ones with no town take it
    const free = items.filter((i) => i.document.city_id == null).map((i) => i.id as number);
    if (free.length) {
      const set = await bulk('attractions', { ids: free, action: 'set', field: 'district_id', value: other });
      expect(set.body).toEqual({
        changed: free.filter((id) => items.find((i) => i.id === id).document.district_id !== other).length,
        unchanged: expect.any(Number),
      });
      for (const id of free)
        expect((await get(`/api/admin/content/attractions/${id}`)).document.district_id).toBe(other);
    }
  });

  it('adds a tourism type to several items and takes it away; the public answer follows', async () => {
    const ids = await firstIds('attractions', 4);
    const types = (await t.app.inject({ url: '/api/tourism-type/' })).json() as
      | { id: number }[]
      | { results: { id: number }[] };
    const list = Array.isArray(types) ? types : types.results;
    const type = list[list.length - 1]?.id as number;
    const added = await bulk('attractions', { ids, action: 'add', field: 'tourism_type_ids', value: type });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    for (const id of ids) {
      const doc = (await get(`/api/admin/content/attractions/${id}`)).document;
      expect(doc.tourism_type_ids).toContain(type);
    }
    const removed = await bulk('attractions', {
      ids,
      action: 'remove',
      field: 'tourism_type_ids',
      value: type,
    });
    expect(removed.body.changed).toBe(4);
    for (const id of ids)
      expect((await get(`/api/admin/content/attractions/${id}`)).document.tourism_type_ids).not.toContain(
        type,
      );
  });

  it('schedules news, but not attractions; refuses what does not fit with a code', async () => {
    const ids = await firstIds('news', 2);
    const at = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const scheduled = await bulk('news', { ids, action: 'schedule', publish_at: at });
    expect(scheduled.body).toEqual({ changed: 2, unchanged: 0 });
    for (const id of ids)
      expect(await get(`/api/admin/content/news/${id}`)).toMatchObject({
        status: 'scheduled',
        publish_at: at,
      });
    const cases: [string, unknown, string][] = [
      ['attractions', { ids: [1], action: 'schedule', publish_at: at }, 'cannot_schedule'],
      ['news', { ids: [1], action: 'schedule' }, 'publish_at_needed'],
      ['directions', { ids: [1], action: 'archive' }, 'bulk_state_fixed'],
      ['attractions', { ids: [1], action: 'set', field: 'name', value: 1 }, 'bulk_field'],
      ['attractions', { ids: [1], action: 'set', field: 'tourism_type_ids', value: 1 }, 'bulk_field'],
      ['attractions', { ids: [1], action: 'add', field: 'district_id', value: 1 }, 'bulk_field'],
      ['attractions', { ids: [1], action: 'set', field: 'district_id', value: null }, 'bulk_field'],
      ['attractions', { ids: [], action: 'publish' }, 'invalid_value'],
      ['attractions', { ids: [1], action: 'explode' }, 'invalid_value'],
    ];
    for (const [section, body, code] of cases) {
      const r = await bulk(section, body);
      expect(r.status, `${section} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.code, `${section} ${JSON.stringify(body)}`).toBe(code);
    }
    const missing = await bulk('attractions', { ids: [999_999], action: 'draft' });
    expect(missing.body.items).toEqual([expect.objectContaining({ id: 999_999, code: 'not_found' })]);
    // the directories are the admins'
    expect((await bulk('vehicle', { ids: [1], action: 'set', field: 'x', value: 1 })).status).toBe(403);
  });

  it('copies an item as a draft named as a copy in each language, off the site until published', async () => {
    const [id] = await firstIds('attractions', 1);
    const original = await get(`/api/admin/content/attractions/${id}`);
    const r = await editor.request('POST', `/api/admin/content/attractions/${id}/duplicate`);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.id).not.toBe(id);
    expect(r.body.status).toBe('draft');
    expect(r.body.document.name.ru).toBe(`${original.document.name.ru} (копия)`);
    if (original.document.name.en)
      expect(r.body.document.name.en).toBe(`${original.document.name.en} (copy)`);
    if (original.document.name.zh)
      expect(r.body.document.name.zh).toBe(`${original.document.name.zh}（副本）`);
    const { name: _n, ...rest } = original.document;
    const { name: _c, ...copied } = r.body.document;
    expect(copied).toEqual(rest);
    expect(await isPublic('attractions', r.body.id)).toBe(false);
    expect((await editor.request('POST', '/api/admin/content/attractions/999999/duplicate')).status).toBe(
      404,
    );
  });
});
