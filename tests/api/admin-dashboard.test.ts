import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// What the back office's counts say (server/modules/admin/dashboard, the sections' summaries and
// list filters): a generated illustration is not a photo, and every number of the dashboard has the
// list that shows its items.

describe.each(databaseKinds)('the back office’s counts on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await makeStaff(t.database.db, 'counts@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    await editor.signIn('counts@lenobl.test');
  });
  afterAll(() => t?.close());

  const summary = async () => (await editor.request('GET', '/api/admin/content/attractions/summary')).body;
  const ids = async (query: string) => {
    const r = await editor.request('GET', `/api/admin/content/attractions?per_page=100&${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return {
      count: r.body.count as number,
      ids: r.body.results.map((x: { id: number }) => x.id) as number[],
    };
  };

  it('counts the items without a real photo: a generated illustration is none, a photo under any id is one', async () => {
    const before = await summary();
    // the demo content shows generated illustrations only
    expect(before.without_photo).toBe(before.published);
    expect((await ids('photo=with')).count).toBe(0);

    // A real photo stored as the README says (an original in the media table under an id of its
    // own), and one from the media library: both items have a photo now.
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    await t.database.db
      .insertInto('media')
      .values({ id: 'museum.real-estate-photo', content_type: 'image/jpeg', data: jpeg })
      .execute();
    const [first, second] = (await ids('sort=id&order=asc')).ids;
    await t.database.db
      .updateTable('places')
      .set({ images: ['museum.real-estate-photo', 'museum.attractions-x-1'] })
      .where('id', '=', first as number)
      .execute();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media?name=lake.jpg',
      headers: {
        cookie: editor.cookie,
        'x-xsrf-token': editor.jar.get('XSRF-TOKEN') ?? '',
        'content-type': 'image/jpeg',
      },
      payload: jpeg,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await t.database.db
      .updateTable('places')
      .set({ images: [uploaded.json().id] })
      .where('id', '=', second as number)
      .execute();
    // a partner's drawn logo is an original too, but no photo
    await t.database.db
      .updateTable('places')
      .set({ images: ['logo.partner-lenobl-government'] })
      .where('id', '=', 3)
      .execute();

    const after = await summary();
    expect(after.without_photo).toBe(before.published - 2);
    const withPhoto = await ids('photo=with');
    expect(withPhoto.ids.sort()).toEqual([first, second].sort());
    const without = await ids('photo=without');
    expect(without.count).toBe(after.without_photo);
    // the dashboard says the same
    const board = (await editor.request('GET', '/api/admin/dashboard')).body;
    expect(board.sections.find((s: { section: string }) => s.section === 'attractions').without_photo).toBe(
      after.without_photo,
    );
    // a kind without pictures has no such filter: a clear 400, not a 500
    const refused = await editor.request('GET', '/api/admin/content/partners?photo=without');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/photo/);
  });

  it('a draft with a photo is found by the same filter', async () => {
    const item = (await editor.request('GET', '/api/admin/content/attractions/5')).body;
    const photo = (await ids('photo=with')).count;
    const library = await editor.request('GET', '/api/admin/media?per_page=1');
    const id = library.body.results[0].id as string;
    await editor.request('PATCH', `/api/admin/media/${id}`, { alt: { ru: 'Озеро', en: 'A lake', zh: '湖' } });
    const saved = await editor.request('PUT', '/api/admin/content/attractions/5', {
      version: item.version,
      status: 'draft',
      document: { ...item.document, images: [id] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const drafts = await ids('photo=with&status=draft');
    expect(drafts.ids).toEqual([5]);
    expect((await ids('photo=with')).count).toBe(photo + 1);
  });

  it('names the item of each recent change, and who made it', async () => {
    const page = (await editor.request('GET', '/api/admin/content/pages?per_page=1')).body.results[0];
    const item = (await editor.request('GET', `/api/admin/content/pages/${page.id}`)).body;
    await editor.request('PUT', `/api/admin/content/pages/${page.id}`, {
      version: item.version,
      status: 'published',
      document: { ...item.document, title: { ...item.document.title, en: 'About the region, edited' } },
    });
    const board = (await editor.request('GET', '/api/admin/dashboard')).body;
    expect(board.recent[0]).toMatchObject({
      section: 'pages',
      id: page.id,
      name: item.document.title.ru,
      fields: ['title'],
      staff: 'counts',
    });
    expect(board.recent[1]).toMatchObject({ section: 'attractions', id: 5, status: 'draft' });
    expect(board.recent[1].name).toBeTruthy();
  });
});
