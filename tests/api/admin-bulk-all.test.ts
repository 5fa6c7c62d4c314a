import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { keptAndRebuilt, wordCountsOff } from '../helpers/content-gaps.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// A bulk action on everything a list matches ("select all matching: N"): the body names the list's
// search and filters instead of ids, and the server finds the items with the list's own conditions
// (server/modules/admin/content/bulk.ts, decision 051), then treats each as the ids' form does.

describe.each(databaseKinds)('bulk actions on everything a list matches on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  const get = (url: string) => editor.request('GET', url).then((r) => r.body);
  const bulk = (section: string, body: unknown, who = editor) =>
    who.request('POST', `/api/admin/bulk/${section}`, body);
  /** Every id the list with this query shows, page after page. */
  const listed = async (section: string, query: string) => {
    const all: number[] = [];
    for (let page = 1; ; page++) {
      const r = await get(
        `/api/admin/content/${section}?${query}&per_page=500&page=${page}&sort=id&order=asc`,
      );
      all.push(...r.results.map((x: { id: number }) => x.id));
      if (r.results.length < 500) return all;
    }
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await makeStaff(t.database.db, 'bulk-all@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    await editor.signIn('bulk-all@lenobl.test');
  });
  afterAll(() => t?.close());

  it('takes every item of a district off the site and back: the list’s items, each with its history', async () => {
    const some = (await get('/api/admin/content/attractions?per_page=1&sort=id&order=asc&status=published'))
      .results[0];
    const district = some.district_id as number;
    const filter = { status: 'published', district_id: district };
    const ids = await listed('attractions', `status=published&district_id=${district}`);
    expect(ids.length).toBeGreaterThan(1);
    const before = await get(`/api/admin/content/attractions/${ids[0]}`);

    const drafted = await bulk('attractions', { filter, action: 'draft' });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    expect(drafted.body).toEqual({ changed: ids.length, unchanged: 0 });
    expect(await listed('attractions', `status=published&district_id=${district}`)).toEqual([]);
    expect(await listed('attractions', `status=draft&district_id=${district}`)).toEqual(
      expect.arrayContaining(ids),
    );
    const history = (await get(`/api/admin/content/attractions/${ids[0]}/history`)).results;
    expect(history[0]).toMatchObject({ status: 'draft', staff: { email: 'bulk-all@lenobl.test' } });
    expect((await get(`/api/admin/content/attractions/${ids[0]}`)).version).toBe(before.version + 1);

    // the drafts of the district, published again: those that were drafts before count too
    const drafts = await listed('attractions', `status=draft&district_id=${district}`);
    const back = await bulk('attractions', {
      filter: { status: 'draft', district_id: district },
      action: 'publish',
    });
    expect(back.body).toEqual({ changed: drafts.length, unchanged: 0 });
    // the whole district is published now: the same action again changes none of it
    const again = await bulk('attractions', { filter: { district_id: district }, action: 'publish' });
    expect(again.body).toEqual({
      changed: 0,
      unchanged: (await listed('attractions', `district_id=${district}`)).length,
    });
    // what the database keeps beside the items: the gaps, the search's word counts
    const { kept, rebuilt } = await keptAndRebuilt(t.database.db);
    expect(kept).toEqual(rebuilt);
    expect(await wordCountsOff(t.database.db)).toEqual([]);
  });

  it('adds a tourism type to everything a search matches, and only to that', async () => {
    const name = (await get('/api/admin/content/attractions?per_page=1&sort=id&order=asc')).results[0].name;
    const word = String(name)
      .split(/\s+/)
      .sort((a, b) => b.length - a.length)[0] as string;
    const q = encodeURIComponent(word);
    const ids = await listed('attractions', `q=${q}`);
    expect(ids.length).toBeGreaterThan(0);
    const types = (await t.app.inject({ url: '/api/tourism-type/' })).json() as
      | { id: number }[]
      | { results: { id: number }[] };
    const type = (Array.isArray(types) ? types : types.results).at(-1)?.id as number;
    const others = (await listed('attractions', '')).filter((id) => !ids.includes(id)).slice(0, 30);
    const versions = async () =>
      Promise.all(others.map(async (id) => (await get(`/api/admin/content/attractions/${id}`)).version));
    const othersBefore = await versions();
    const had = new Set<number>();
    for (const id of ids)
      if ((await get(`/api/admin/content/attractions/${id}`)).document.tourism_type_ids.includes(type))
        had.add(id);
    const added = await bulk('attractions', {
      filter: { q: word },
      action: 'add',
      field: 'tourism_type_ids',
      value: type,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toEqual({ changed: ids.length - had.size, unchanged: had.size });
    for (const id of ids)
      expect((await get(`/api/admin/content/attractions/${id}`)).document.tourism_type_ids).toContain(type);
    expect(await versions()).toEqual(othersBefore);
    const removed = await bulk('attractions', {
      filter: { q: word },
      action: 'remove',
      field: 'tourism_type_ids',
      value: type,
    });
    expect(removed.body).toEqual({ changed: ids.length, unchanged: 0 });
  });

  it('refuses the lot as the ids’ form does, naming each refused item; nothing changes', async () => {
    const all = await listed('attractions', 'status=published');
    const items = await Promise.all(
      all.slice(0, 40).map((id) => get(`/api/admin/content/attractions/${id}`)),
    );
    const withCity = items.find((i) => i.document.city_id != null);
    const districts = (await t.app.inject({ url: '/api/directory/district/' })).json() as { id: number }[];
    const other = districts.find((d) => d.id !== withCity.document.district_id)?.id as number;
    const refused = await bulk('attractions', {
      filter: { status: 'published' },
      action: 'set',
      field: 'district_id',
      value: other,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('bulk_refused');
    expect(refused.body.params.total).toBe(all.length);
    expect(refused.body.items).toContainEqual(
      expect.objectContaining({ id: withCity.id, code: 'city_other_district' }),
    );
    for (const item of items)
      expect((await get(`/api/admin/content/attractions/${item.id}`)).version, `${item.id}`).toBe(
        item.version,
      );
  });

  it('a filter that matches nothing changes nothing; a filter that does not fit, or no items named, is a 400', async () => {
    const none = await bulk('attractions', { filter: { q: 'нет-такого-слова-нигде' }, action: 'publish' });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body).toEqual({ changed: 0, unchanged: 0 });
    const cases: [string, unknown, string][] = [
      ['attractions', { action: 'publish' }, 'bulk_target'],
      ['attractions', { ids: [1], filter: {}, action: 'publish' }, 'bulk_target'],
      ['news', { filter: { missing: 'hours' }, action: 'publish' }, 'invalid_value'],
      ['attractions', { filter: { sort: 'id' }, action: 'publish' }, 'invalid_value'],
      [
        'attractions',
        { filter: {}, action: 'schedule', publish_at: new Date().toISOString() },
        'cannot_schedule',
      ],
    ];
    for (const [section, body, code] of cases) {
      const r = await bulk(section, body);
      expect(r.status, `${section} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.code, `${section} ${JSON.stringify(body)}`).toBe(code);
    }
  });

  it('asks the section’s role: an editor may not touch the directories, a visitor nothing', async () => {
    expect((await bulk('vehicle', { filter: {}, action: 'set', field: 'x', value: 1 })).status).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bulk/attractions',
      payload: { filter: {}, action: 'draft' },
    });
    expect([401, 403]).toContain(anonymous.statusCode);
    expect((await listed('attractions', 'status=draft')).length).toBe(
      (await get('/api/admin/content/attractions/summary')).draft,
    );
  });
});
