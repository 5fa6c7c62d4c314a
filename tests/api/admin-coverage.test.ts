import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageFacts } from '../../common/coverage.js';
import { modules } from '../../common/section-modules.js';
import type { SectionModule } from '../../common/sections.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// The coverage table of the back office (GET /api/admin/coverage) and the list filters behind each
// of its numbers (`missing=hours|phone|price|accessibility|photo|translation_en|translation_zh`):
// a count is what its list lacks less, on the demo content and after an editor's change.

interface Row {
  section: string;
  total: number;
  facts: Partial<Record<(typeof coverageFacts)[number], number>>;
}

describe.each(databaseKinds)('the coverage of facts on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await makeStaff(t.database.db, 'coverage@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    await editor.signIn('coverage@lenobl.test');
  });
  afterAll(() => t?.close());

  const coverage = async () => {
    const r = await editor.request('GET', '/api/admin/coverage');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.sections as Row[];
  };
  const row = async (section: string) => (await coverage()).find((r) => r.section === section) as Row;
  const lacking = async (section: string, fact: string) => {
    const r = await editor.request(
      'GET',
      `/api/admin/content/${section}?status=published&missing=${fact}&per_page=100&sort=id&order=asc`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return {
      count: r.body.count as number,
      ids: r.body.results.map((x: { id: number }) => x.id) as number[],
    };
  };

  it('has a row per edited section, with the facts its fields can state, each the total less its list', async () => {
    const rows = await coverage();
    expect(rows.map((r) => r.section)).toEqual(
      (modules as readonly SectionModule[]).filter((s) => s.edit).map((s) => s.slug),
    );
    const attractions = rows.find((r) => r.section === 'attractions') as Row;
    expect(Object.keys(attractions.facts)).toEqual([...coverageFacts]);
    // the demo content: a third of the attractions have a schedule and a price, none a phone or a photo
    expect(attractions.total).toBe(157);
    expect(attractions.facts).toMatchObject({
      hours: 34,
      price: 33,
      phone: 0,
      photo: 0,
      translation_en: 157,
    });
    // events have no schedule, phone, price or accessibility fields: no such numbers, and no such filter
    const events = rows.find((r) => r.section === 'events') as Row;
    expect(Object.keys(events.facts)).toEqual(['photo', 'translation_en', 'translation_zh']);
    for (const r of rows) {
      for (const [fact, n] of Object.entries(r.facts)) {
        const list = await lacking(r.section, fact);
        expect(list.count, `${r.section} ${fact}`).toBe(r.total - (n as number));
      }
    }
  });

  it('counts a fact an editor adds or takes away, and the list follows', async () => {
    const before = await row('attractions');
    const withoutHours = await lacking('attractions', 'hours');
    const id = withoutHours.ids[0] as number;
    const item = (await editor.request('GET', `/api/admin/content/attractions/${id}`)).body;
    const saved = await editor.request('PUT', `/api/admin/content/attractions/${id}`, {
      version: item.version,
      status: 'published',
      document: {
        ...item.document,
        phone: '+7 813 000-00-00',
        accessibility: { step_free_entrance: false },
        opening_hours: { seasons: [{ hours: [{ days: [1, 2, 3, 4, 5], opens: '10:00', closes: '18:00' }] }] },
        name: { ...item.document.name, zh: '' },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await row('attractions');
    expect(after.facts.hours).toBe((before.facts.hours as number) + 1);
    expect(after.facts.phone).toBe((before.facts.phone as number) + 1);
    // a "no" is a known fact
    expect(after.facts.accessibility).toBe((before.facts.accessibility as number) + 1);
    expect(after.facts.translation_zh).toBe((before.facts.translation_zh as number) - 1);
    expect(after.facts.translation_en).toBe(before.facts.translation_en);
    expect((await lacking('attractions', 'hours')).ids).not.toContain(id);
    expect((await lacking('attractions', 'phone')).ids).not.toContain(id);
    expect((await lacking('attractions', 'translation_zh')).ids).toEqual([id]);
    // a blank phone is none
    const again = (await editor.request('GET', `/api/admin/content/attractions/${id}`)).body;
    await editor.request('PUT', `/api/admin/content/attractions/${id}`, {
      version: again.version,
      status: 'published',
      document: { ...again.document, phone: null, accessibility: {} },
    });
    expect((await row('attractions')).facts).toMatchObject({
      phone: before.facts.phone,
      accessibility: before.facts.accessibility,
    });
  });

  it('finds drafts lacking a fact too', async () => {
    const id = (await lacking('caterings', 'price')).ids[0] as number;
    const item = (await editor.request('GET', `/api/admin/content/caterings/${id}`)).body;
    const saved = await editor.request('PUT', `/api/admin/content/caterings/${id}`, {
      version: item.version,
      status: 'draft',
      document: item.document,
    });
    expect(saved.status).toBe(200);
    const r = await editor.request('GET', '/api/admin/content/caterings?status=draft&missing=price');
    expect(r.body.results.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await lacking('caterings', 'price')).ids).not.toContain(id);
  });

  it('refuses a fact a kind has no field for, and an unknown one, with a 400', async () => {
    for (const url of [
      '/api/admin/content/events?missing=hours',
      '/api/admin/content/news?missing=phone',
      '/api/admin/content/attractions?missing=wifi',
    ]) {
      const r = await editor.request('GET', url);
      expect(r.status, url).toBe(400);
      expect(r.body.message).toMatch(/missing/);
    }
  });

  it('is for the staff only', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/admin/coverage' });
    expect(r.statusCode).toBe(401);
  });

  it('is documented', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/admin/coverage']?.get).toBeDefined();
    const missing = doc.paths['/api/admin/content/attractions'].get.parameters.find(
      (p: { name: string }) => p.name === 'missing',
    );
    expect(JSON.stringify(missing)).toMatch(/translation_zh/);
  });
});
