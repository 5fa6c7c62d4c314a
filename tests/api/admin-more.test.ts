import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textToDoc } from '../../common/rich-text.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// Editing the content besides the sections (common/editorial.ts): directions, types of tourism,
// information pages, the main page, partners and the directories. Each: who may, a save on the
// public API at once, bad input naming its field, a stale save refused, history and restore, and a
// directory entry still in use that cannot be deleted.

const tr = (ru: string, en = `${ru} (en)`, zh = `${ru}（中文）`) => ({ ru, en, zh });

describe.each(databaseKinds)('the rest of the content in the back office on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  let admin: StaffBrowser;
  const pub = (url: string, lang = 'ru') => t.app.inject({ url, headers: { 'accept-language': lang } });

  beforeAll(async () => {
    // the response cache on, as in production: every change must reach visitors through it
    t = await createTestApp(kind, { RESPONSE_CACHE_SECONDS: '60' });
    await makeStaff(t.database.db, 'ed@lenobl.test', 'editor');
    await makeStaff(t.database.db, 'boss@lenobl.test', 'admin');
    editor = new StaffBrowser(t.app);
    admin = new StaffBrowser(t.app);
    await editor.signIn('ed@lenobl.test');
    await admin.signIn('boss@lenobl.test');
  });
  afterAll(() => t?.close());

  /** Opens an item, changes its document, saves it; returns the save's answer and the item opened. */
  async function edit(
    who: StaffBrowser,
    kind: string,
    id: number,
    change: (doc: Record<string, any>) => Record<string, any>,
  ) {
    const item = (await who.request('GET', `/api/admin/content/${kind}/${id}`)).body;
    const saved = await who.request('PUT', `/api/admin/content/${kind}/${id}`, {
      version: item.version,
      status: 'published',
      document: change(structuredClone(item.document)),
    });
    return { item, saved };
  }

  it('anonymous calls are 401; editors edit content, only admins the directories and the main page', async () => {
    const anonymous = new StaffBrowser(t.app);
    for (const kind of [
      'directions',
      'tourism-type',
      'pages',
      'main-page',
      'partners',
      'district',
      'vehicle',
    ])
      expect((await anonymous.request('GET', `/api/admin/content/${kind}`)).status, kind).toBe(401);
    for (const kind of ['directions', 'tourism-type', 'pages', 'partners'])
      expect((await editor.request('GET', `/api/admin/content/${kind}`)).status, kind).toBe(200);
    for (const kind of ['main-page', 'district', 'city', 'vehicle', 'kitchen-type']) {
      expect((await editor.request('GET', `/api/admin/content/${kind}`)).status, kind).toBe(403);
      expect((await admin.request('GET', `/api/admin/content/${kind}`)).status, kind).toBe(200);
    }
    const put = await editor.request('PUT', '/api/admin/content/main-page/1', {
      version: 1,
      status: 'published',
      document: {},
    });
    expect(put.status).toBe(403);
  });

  it('lists with search and paging, and counts what each item lacks', async () => {
    const page = await editor.request(
      'GET',
      '/api/admin/content/directions?per_page=5&page=2&sort=name&order=asc',
    );
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(18);
    expect(page.body.results).toHaveLength(5);
    const found = await editor.request(
      'GET',
      `/api/admin/content/directions?q=${encodeURIComponent('выборг')}`,
    );
    expect(found.body.count).toBe(1);
    expect(found.body.results[0].name).toMatch(/Выборг/);
    const pages = await editor.request(
      'GET',
      `/api/admin/content/pages?q=${encodeURIComponent('ленинградск')}`,
    );
    expect(pages.body.count).toBeGreaterThan(0);
    const vehicles = await admin.request('GET', '/api/admin/content/vehicle?per_page=100');
    const publicVehicles = (await pub('/api/directory/vehicle/')).json() as unknown[];
    expect(vehicles.body.count).toBe(publicVehicles.length);

    // a page's body is a rich text, its stored blocks read as a document per language (decision
    // 052); one saved without its Chinese document counts as lacking Chinese, in the list too
    const id = pages.body.results[0].id as number;
    const { item, saved } = await edit(editor, 'pages', id, (doc) => {
      const { zh: _, ...others } = doc.blocks as Record<string, unknown>;
      doc.blocks = others;
      return doc;
    });
    expect(Object.keys(item.document.blocks)).toEqual(['ru', 'en', 'zh']);
    expect(item.document.blocks.ru.type).toBe('doc');
    expect(item.missing).toEqual([]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.missing).toEqual(['zh']);
    expect(Object.keys(saved.body.document.blocks)).toEqual(['ru', 'en']);
    const lacking = await editor.request('GET', '/api/admin/content/pages?missing=zh');
    expect(lacking.body.results.map((r: { id: number }) => r.id)).toContain(id);
    const summary = await editor.request('GET', '/api/admin/content/pages/summary');
    expect(summary.body.missing.zh).toBeGreaterThanOrEqual(1);
  });

  it('a direction saved in English is on the public API at once; a stale save is a 409; history and restore', async () => {
    const id = 3;
    const before = (await pub(`/api/directions/${id}/`, 'en')).json();
    const { item, saved } = await edit(editor, 'directions', id, (doc) => ({
      ...doc,
      annotation: { ...doc.annotation, en: 'A new English annotation' },
    }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await pub(`/api/directions/${id}/`, 'en')).json().annotation).toBe('A new English annotation');
    expect((await pub(`/api/directions/${id}/`, 'en')).json().name).toBe(before.name);

    const stale = await editor.request('PUT', `/api/admin/content/directions/${id}`, {
      version: item.version,
      status: 'published',
      document: { ...item.document, population: 1234 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.changed).toEqual(['annotation']);

    const draft = await editor.request('PUT', `/api/admin/content/directions/${id}`, {
      version: saved.body.version,
      status: 'draft',
      document: item.document,
    });
    expect(draft.status).toBe(400);
    expect(draft.body.message).toMatch(/status/);

    const history = await editor.request('GET', `/api/admin/content/directions/${id}/history`);
    expect(history.body.results[0]).toMatchObject({
      version: item.version + 1,
      staff: { email: 'ed@lenobl.test' },
    });
    // another change, then the version with the English annotation put back
    const again = await edit(editor, 'directions', id, (doc) => ({ ...doc, area_km2: 4321 }));
    expect(again.saved.status).toBe(200);
    const back = await editor.request('POST', `/api/admin/content/directions/${id}/restore`, {
      version: again.saved.body.version,
      restore: saved.body.version,
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.document.area_km2).toBe(item.document.area_km2);
    expect(back.body.document.annotation.en).toBe('A new English annotation');
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const direction = (await editor.request('GET', '/api/admin/content/directions/1')).body;
    const cases: [StaffBrowser, string, number, Record<string, unknown>, string][] = [
      [editor, 'directions', 1, { ...direction.document, population: 0 }, 'population'],
      [editor, 'directions', 1, { ...direction.document, admin_center_id: 999_999 }, 'admin_center_id'],
      [editor, 'directions', 1, { ...direction.document, name: { en: 'No Russian' } }, 'name'],
    ];
    const type = (await editor.request('GET', '/api/admin/content/tourism-type/1')).body;
    cases.push(
      [editor, 'tourism-type', 1, { ...type.document, icon: 'rocket' }, 'icon'],
      [editor, 'tourism-type', 1, { ...type.document, key: 'Not A Key' }, 'key'],
    );
    const other = (await editor.request('GET', '/api/admin/content/tourism-type/2')).body;
    cases.push([editor, 'tourism-type', 1, { ...type.document, key: other.document.key }, 'key']);
    const page = (await editor.request('GET', '/api/admin/content/pages/1')).body;
    cases.push(
      // the blocks of before are no longer a body; an empty Russian body is none
      [editor, 'pages', 1, { ...page.document, blocks: [{ h: tr('Заголовок') }] }, 'blocks'],
      [editor, 'pages', 1, { ...page.document, blocks: { ru: '' } }, 'blocks'],
      [editor, 'pages', 1, { ...page.document, blocks: { ru: { type: 'doc', content: [] } } }, 'blocks'],
      [editor, 'pages', 1, { ...page.document, slug: 'no-such-page' }, 'slug'],
    );
    const main = (await admin.request('GET', '/api/admin/content/main-page/1')).body;
    cases.push(
      [admin, 'main-page', 1, { ...main.document, email: 'nobody' }, 'email'],
      [admin, 'main-page', 1, { ...main.document, button_link: 'https://elsewhere.example' }, 'button_link'],
    );
    const city = (await admin.request('GET', '/api/admin/content/city/1')).body;
    cases.push(
      [admin, 'city', 1, { ...city.document, lat: 55.75, lon: 37.61 }, 'lat'],
      [admin, 'district', 1, { key: 'x', name: tr('Район'), lat: 59.9 }, 'lon'],
    );
    for (const [who, kind, id, document, field] of cases) {
      const item = (await who.request('GET', `/api/admin/content/${kind}/${id}`)).body;
      const r = await who.request('PUT', `/api/admin/content/${kind}/${id}`, {
        version: item.version,
        status: 'published',
        document,
      });
      expect(r.status, `${kind} ${field}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.message, kind).toContain(field);
    }
  });

  it('a type of tourism, a page and the main page: saved, public at once, history and restore', async () => {
    const type = await edit(editor, 'tourism-type', 2, (doc) => ({ ...doc, name: tr('Новый вид туризма') }));
    expect(type.saved.status, JSON.stringify(type.saved.body)).toBe(200);
    expect((await pub('/api/tourism-type/2/')).json().name).toBe('Новый вид туризма');
    expect((await pub('/api/tourism-type/2/', 'zh')).json().name).toBe('Новый вид туризма（中文）');
    const history = await editor.request('GET', '/api/admin/content/tourism-type/2/history');
    expect(history.body.results).toHaveLength(1);
    const restored = await editor.request('POST', '/api/admin/content/tourism-type/2/restore', {
      version: type.saved.body.version,
      restore: type.saved.body.version,
    });
    expect(restored.status).toBe(200);

    // a body sent as the readable text form is stored as its documents; the page shows them
    const page = await edit(editor, 'pages', 2, (doc) => ({
      ...doc,
      title: tr('Новый заголовок страницы'),
      blocks: tr('## Раздел\n\nАбзац со [ссылкой](/routes/list).\n\n- Пункт'),
    }));
    expect(page.saved.status, JSON.stringify(page.saved.body)).toBe(200);
    expect(page.saved.body.document.blocks.en).toEqual(
      textToDoc('## Раздел\n\nАбзац со [ссылкой](/routes/list).\n\n- Пункт (en)'),
    );
    const slug = page.item.document.slug as string;
    const shown = (await pub(`/api/pages/${slug}/`, 'en')).json();
    expect(shown.title).toBe('Новый заголовок страницы (en)');
    expect(shown.body).toBe('## Раздел\n\nАбзац со [ссылкой](/routes/list).\n\n- Пункт (en)');
    expect(shown.body_doc.content.map((n: { type: string }) => n.type)).toEqual([
      'heading',
      'paragraph',
      'bulletList',
    ]);

    const main = await edit(admin, 'main-page', 1, (doc) => ({ ...doc, button_label: tr('Поехали') }));
    expect(main.saved.status, JSON.stringify(main.saved.body)).toBe(200);
    expect((await pub('/api/pages/main-page/1/')).json().button_label).toBe('Поехали');
    // the phone it had none of stays empty, not made up
    expect(main.saved.body.document.phone).toBe(main.item.document.phone);
    const mainList = await admin.request('GET', '/api/admin/content/main-page');
    expect(mainList.body.count).toBe(1);
    // one main page: nothing to create
    expect((await admin.request('POST', '/api/admin/content/main-page', {})).status).toBe(405);
  });

  it('partners: created, shown in the footer at once, deleted', async () => {
    const created = await editor.request('POST', '/api/admin/content/partners', {
      status: 'published',
      document: { name: tr('Новый партнёр'), link: 'https://partner.example', logo: 'logo.partner-new' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const footer = () => pub('/api/footer-content/').then((r) => r.json().partners as { name: string }[]);
    expect((await footer()).map((p) => p.name)).toContain('Новый партнёр');
    const badLink = await editor.request('PUT', `/api/admin/content/partners/${id}`, {
      version: created.body.version,
      status: 'published',
      document: { ...created.body.document, link: 'partner.example' },
    });
    expect(badLink.status).toBe(400);
    expect(badLink.body.message).toContain('link');
    // a delete from a form opened before another save is refused too
    const stale = await editor.request(
      'DELETE',
      `/api/admin/content/partners/${id}?version=${created.body.version + 1}`,
    );
    expect(stale.status).toBe(409);
    const deleted = await editor.request(
      'DELETE',
      `/api/admin/content/partners/${id}?version=${created.body.version}`,
    );
    expect(deleted.status).toBe(204);
    expect((await footer()).map((p) => p.name)).not.toContain('Новый партнёр');
  });

  it('directories: a new entry is a filter choice at once; one still in use cannot be deleted', async () => {
    const created = await admin.request('POST', '/api/admin/content/vehicle', {
      status: 'published',
      document: { key: 'kayak', name: tr('Байдарка', 'Kayak', '皮划艇') },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const vehicles = (await pub('/api/directory/vehicle/', 'en')).json() as { id: number; name: string }[];
    expect(vehicles).toContainEqual(expect.objectContaining({ id: created.body.id, name: 'Kayak' }));
    expect((await editor.request('DELETE', `/api/admin/content/vehicle/${created.body.id}`)).status).toBe(
      403,
    );
    expect((await admin.request('DELETE', `/api/admin/content/vehicle/${created.body.id}`)).status).toBe(204);
    expect(
      ((await pub('/api/directory/vehicle/')).json() as { id: number }[]).map((v) => v.id),
    ).not.toContain(created.body.id);

    // a vehicle the routes use, a district and a town the content uses
    const route = (await editor.request('GET', '/api/admin/content/routes?per_page=1')).body.results[0];
    const used = (await editor.request('GET', `/api/admin/content/routes/${route.id}`)).body.document;
    const vehicle = used.way_ids[0] as number;
    const refused = await admin.request('DELETE', `/api/admin/content/vehicle/${vehicle}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/used by \d+ item/);
    expect(refused.body.uses).toBeGreaterThanOrEqual(1);
    const district = await admin.request('DELETE', `/api/admin/content/district/${used.district_id}`);
    expect(district.status).toBe(409);
    expect(district.body.uses).toBeGreaterThan(1);
    const type = await editor.request('DELETE', '/api/admin/content/tourism-type/1');
    expect(type.status).toBe(409);
    expect(type.body.message).toMatch(/used by/);

    // a town renamed and moved on the map: the public directory has it at once
    const city = await edit(admin, 'city', 1, (doc) => ({
      ...doc,
      name: tr('Новгородок'),
      lat: 60.1,
      lon: 30.2,
    }));
    expect(city.saved.status, JSON.stringify(city.saved.body)).toBe(200);
    expect((await pub('/api/directory/city/')).json()).toContainEqual(
      expect.objectContaining({ id: 1, name: 'Новгородок', lat: 60.1, lon: 30.2 }),
    );
    const stale = await admin.request('PUT', '/api/admin/content/city/1', {
      version: city.item.version,
      status: 'published',
      document: city.item.document,
    });
    expect(stale.status).toBe(409);
    const history = await admin.request('GET', '/api/admin/content/city/1/history');
    expect(history.body.results[0].changes).toHaveProperty('name');
  });
});
