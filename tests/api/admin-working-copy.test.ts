import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWebBuild } from '../../server/web.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser, unsetSearchFields } from '../helpers/staff.js';

// A working copy of a published item (server/modules/admin/content/repository.ts): the editor's
// changes saved without changing the site. Until "publish changes" nothing of it reaches a visitor:
// not the API's list or detail, the page, the search, the sitemap or the map; the preview shows it.
// Needs the web build (npm run build) for the pages and the preview.

const web = await loadWebBuild();

describe.skipIf(!web).each(databaseKinds)('a working copy of a published item on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  let other: StaffBrowser;
  let id: number;
  let published: { name: string };
  const pub = (url: string) => t.app.inject({ url });
  const api = (url: string) => `/api/admin/content/attractions${url}`;
  // a word nothing else in the demo content has, for the search
  const newName = 'Усадьба Чернозерская-Рабочая';

  /** What a visitor can read of the attraction and its kind, as text. */
  const visible = async () => {
    const [list, detail, page, search, sitemap, map] = await Promise.all([
      pub('/api/attractions/?limit=100'),
      pub(`/api/attractions/${id}/`),
      pub(`/attractions/detail/${id}`),
      pub(`/api/search/?q=${encodeURIComponent('Чернозерская')}`),
      pub('/sitemaps/attractions-1.xml'),
      pub('/api/map/points/?section=attractions'),
    ]);
    for (const r of [list, detail, page, search, sitemap, map]) expect(r.statusCode, r.body).toBe(200);
    return {
      list: list.body,
      detail: detail.json(),
      page: page.body,
      search: search.body,
      sitemap: sitemap.body,
      map: map.body,
    };
  };

  beforeAll(async () => {
    // the response cache on, as in production: publishing must reach visitors through it
    t = await createTestApp(kind, { RESPONSE_CACHE_SECONDS: '60' }, undefined, web);
    await makeStaff(t.database.db, 'copy@lenobl.test', 'editor');
    await makeStaff(t.database.db, 'copy2@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    other = new StaffBrowser(t.app);
    await editor.signIn('copy@lenobl.test');
    await other.signIn('copy2@lenobl.test');
    id = (await pub('/api/attractions/?limit=1')).json().results[0].id as number;
    published = (await pub(`/api/attractions/${id}/`)).json();
  });
  afterAll(() => t?.close());

  it('keeps the site as it is until "publish changes"; the preview shows the working copy; publishing makes it public', async () => {
    const before = await visible();
    expect(before.detail.name).toBe(published.name);
    const item = (await editor.request('GET', api(`/${id}`))).body;
    expect(item).toMatchObject({ status: 'published', working_copy: false });
    const document = { ...item.document, name: { ...item.document.name, ru: newName } };
    const saved = await editor.request('PUT', api(`/${id}`), {
      version: item.version,
      status: 'working',
      document,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ status: 'published', working_copy: true, version: item.version + 1 });
    expect(saved.body.document.name.ru).toBe(newName);
    expect(saved.body.published.document.name.ru).toBe(published.name);

    // nothing reaches a visitor: every public read is as it was, byte for byte where nothing else moves
    const after = await visible();
    expect(after.detail).toEqual(before.detail);
    expect(after.list).toBe(before.list);
    expect(after.sitemap).toBe(before.sitemap);
    expect(after.map).toBe(before.map);
    expect(after.search).toBe(before.search);
    // (the search's answer repeats the query: compared with the one before above)
    for (const text of [after.list, after.page, after.sitemap, after.map])
      expect(text).not.toContain('Чернозерская');
    expect(after.page).toContain(published.name);
    // the back office's list still has the item once, published
    const listed = await editor.request('GET', api(`?q=${id}`));
    expect(listed.body.results.filter((r: { id: number }) => r.id === id)).toEqual([
      expect.objectContaining({ status: 'published', working_copy: true }),
    ]);
    // and its filter of unpublished changes finds it alone
    const changed = await editor.request('GET', api('?changes=unpublished'));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ count: 1, results: [{ id, working_copy: true }] });

    // the preview is the page with the working copy
    const preview = await t.app.inject({
      url: `/preview/attractions/${id}`,
      headers: { cookie: editor.cookie },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain(newName);
    // and its read left nothing behind
    expect((await pub(`/api/attractions/${id}/`)).json().name).toBe(published.name);

    // the history records the working copy's save, the item staying published
    const history = (await editor.request('GET', api(`/${id}/history`))).body.results;
    expect(history[0]).toMatchObject({ version: item.version + 1, status: 'working' });
    expect(history[0].changes.name.new.ru).toBe(newName);
    expect(history[0].changes.status).toBeUndefined();

    // "publish changes": the form publishes the working copy
    const out = await editor.request('PUT', api(`/${id}`), {
      version: saved.body.version,
      status: 'published',
      document: saved.body.document,
    });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body).toMatchObject({ working_copy: false, version: item.version + 2 });
    expect(out.body.published).toBeUndefined();
    expect((await editor.request('GET', api('?changes=unpublished'))).body.count).toBe(0);
    expect((await editor.request('GET', api(`?q=${id}`))).body.results).toContainEqual(
      expect.objectContaining({ id, working_copy: false }),
    );
    const now = await visible();
    expect(now.detail.name).toBe(newName);
    expect(now.page).toContain(newName);
    expect(now.search).toContain(newName);
    const last = (await editor.request('GET', api(`/${id}/history`))).body.results[0];
    expect(last).toMatchObject({ version: item.version + 2, status: 'published' });
    expect(last.changes.name).toEqual({ old: item.document.name, new: document.name });
  });

  it('"discard changes" drops the working copy; a stale save, publish or discard is a 409', async () => {
    const item = (await editor.request('GET', api(`/${id}`))).body;
    const shown = item.document.name.ru;
    const doc = (ru: string) => ({ ...item.document, name: { ...item.document.name, ru } });
    const saved = await editor.request('PUT', api(`/${id}`), {
      version: item.version,
      status: 'working',
      document: doc('Отброшенное имя'),
    });
    expect(saved.status).toBe(200);

    // the other editor opened the form before the working copy was saved
    for (const status of ['working', 'published'])
      expect(
        (await other.request('PUT', api(`/${id}`), { version: item.version, status, document: doc('Чужое') }))
          .status,
      ).toBe(409);
    const staleDiscard = await other.request('POST', api(`/${id}/discard`), { version: item.version });
    expect(staleDiscard.status).toBe(409);
    expect(staleDiscard.body).toMatchObject({ code: 'edit_conflict', changed: ['name'] });
    expect(staleDiscard.body.current).toMatchObject({ working_copy: true });
    expect(staleDiscard.body.current.document.name.ru).toBe('Отброшенное имя');

    const dropped = await editor.request('POST', api(`/${id}/discard`), { version: saved.body.version });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    expect(dropped.body).toMatchObject({ working_copy: false, version: saved.body.version + 1 });
    expect(dropped.body.document.name.ru).toBe(shown);
    expect((await pub(`/api/attractions/${id}/`)).json().name).toBe(shown);
    const again = await editor.request('POST', api(`/${id}/discard`), { version: dropped.body.version });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('no_working_copy');
    const history = (await editor.request('GET', api(`/${id}/history`))).body.results;
    expect(history[0]).toMatchObject({ version: dropped.body.version, status: 'published' });
    expect(history[0].changes.name.old.ru).toBe('Отброшенное имя');
  });

  it('a bulk action (not the form) changes the published version and leaves the working copy waiting', async () => {
    const item = (await editor.request('GET', api(`/${id}`))).body;
    const waiting = 'Имя, что ждёт в рабочей копии';
    const saved = await editor.request('PUT', api(`/${id}`), {
      version: item.version,
      status: 'working',
      document: { ...item.document, name: { ...item.document.name, ru: waiting } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const types = (await pub('/api/tourism-type/')).json() as
      | { id: number }[]
      | { results: { id: number }[] };
    const type = (Array.isArray(types) ? types : types.results)
      .map((x) => x.id)
      .find((x) => !(item.document.tourism_type_ids as number[]).includes(x)) as number;
    expect(type).toBeDefined();
    const bulk = await editor.request('POST', '/api/admin/bulk/attractions', {
      ids: [id],
      action: 'add',
      field: 'tourism_type_ids',
      value: type,
    });
    expect(bulk.body).toEqual({ changed: 1, unchanged: 0 });
    const after = (await editor.request('GET', api(`/${id}`))).body;
    // the site: the type added, its name still the published one
    expect(after.published.document.tourism_type_ids).toContain(type);
    expect((await pub(`/api/attractions/${id}/`)).json().name).toBe(item.document.name.ru);
    // the editor's working copy as they left it
    expect(after).toMatchObject({ working_copy: true, version: saved.body.version + 1 });
    expect(after.document.name.ru).toBe(waiting);
    expect(after.document.tourism_type_ids).not.toContain(type);

    // dropped, so the next test starts from the published version
    const dropped = await editor.request('POST', api(`/${id}/discard`), { version: after.version });
    expect(dropped.status).toBe(200);
  });

  it('a draft has no working copy: 400 naming the state', async () => {
    const tr = (ru: string) => ({ ru, en: `${ru} (en)`, zh: `${ru}（中文）` });
    const draft = await editor.request('POST', '/api/admin/content/news', {
      status: 'draft',
      document: {
        ...unsetSearchFields,
        date: '2027-03-01',
        name: tr('Черновик без рабочей копии'),
        annotation: tr('Коротко'),
        description: tr('Подробно'),
        district_id: 1,
        images: [],
      },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const refused = await editor.request('PUT', `/api/admin/content/news/${draft.body.id}`, {
      version: draft.body.version,
      status: 'working',
      document: draft.body.document,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'not_published' });
  });
});
