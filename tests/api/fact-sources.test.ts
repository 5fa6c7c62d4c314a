import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpeningHoursT } from '../../common/api.js';
import { regionToday } from '../../common/date-presets.js';
import { factsWritten } from '../../content/schema.js';
import { getItem, updateItem } from '../../server/modules/admin/content/repository.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// Every fact of a place knows where it came from and when it was checked: the demo content's, the
// back office's save (staff, the venue, an import's provenance), the detail answer, and the list
// of facts that need checking.

const hours: OpeningHoursT = {
  seasons: [{ hours: [{ days: [2, 3, 4, 5, 6, 7], opens: '11:00', closes: '19:00' }] }],
};

describe.each(databaseKinds)('the sources of facts on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  let admin: StaffBrowser;
  let editorId: number;
  const pub = async (url: string) => (await t.app.inject({ url })).json();
  const item = async (section: string, id: number) =>
    (await editor.request('GET', `/api/admin/content/${section}/${id}`)).body;
  const save = async (
    section: string,
    id: number,
    change: (doc: Record<string, unknown>) => Record<string, unknown>,
  ) => {
    const it = await item(section, id);
    return editor.request('PUT', `/api/admin/content/${section}/${id}`, {
      version: it.version,
      status: it.status,
      document: change(it.document),
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    editorId = await makeStaff(t.database.db, 'src-ed@lenobl.test', 'editor');
    await makeStaff(t.database.db, 'src-admin@lenobl.test', 'admin');
    editor = new StaffBrowser(t.app);
    admin = new StaffBrowser(t.app);
    await editor.signIn('src-ed@lenobl.test');
    await admin.signIn('src-admin@lenobl.test');
  });
  afterAll(() => t?.close());

  it('the demo content’s facts are the authors’, dated the day they wrote them; unknown facts have no source', async () => {
    const r = await sql<{ section: string; id: number }>`select section, id from places
      where opening_hours is not null order by section, id`.execute(t.database.db);
    expect(r.rows.length).toBeGreaterThanOrEqual(34);
    for (const { section, id } of r.rows) {
      const detail = await pub(`/api/${section}/${id}/`);
      expect(detail.fact_sources.opening_hours).toEqual({
        source: 'staff',
        checked: factsWritten.opening_hours,
        note: 'demo content',
      });
      for (const fact of ['admission', 'phone', 'site'] as const)
        expect(detail.fact_sources[fact] === undefined).toBe(detail[fact] === null);
    }
    const unknown = await sql<{ n: number }>`select count(*)::int as n from places
      where opening_hours is null and fact_sources ? 'opening_hours'`.execute(t.database.db);
    expect(unknown.rows[0]?.n).toBe(0);
  });

  it('a save dates the facts it changes as entered by staff today, and leaves the others’ sources alone', async () => {
    const id = (await pub('/api/entertainment/?limit=1')).results[0].id as number;
    const before = await item('entertainment', id);
    const saved = await save('entertainment', id, (doc) => ({ ...doc, opening_hours: hours }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const detail = await pub(`/api/entertainment/${id}/`);
    expect(detail.fact_sources.opening_hours).toEqual({ source: 'staff', checked: regionToday() });
    expect(detail.fact_sources.phone).toEqual(before.document.fact_sources.phone);
    // a document without fact_sources (an older client) keeps the stored ones
    const again = await save('entertainment', id, (doc) => {
      const { fact_sources: _, ...rest } = doc;
      return { ...rest, opening_hours: hours };
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await pub(`/api/entertainment/${id}/`)).fact_sources.opening_hours.source).toBe('staff');
    // an unknown fact has no source
    await save('entertainment', id, (doc) => ({ ...doc, opening_hours: null }));
    expect((await pub(`/api/entertainment/${id}/`)).fact_sources.opening_hours).toBeUndefined();
  });

  it('an editor marks a fact as checked with the venue on a day; a day to come is refused', async () => {
    const id = (await pub('/api/entertainment/?limit=2')).results[1].id as number;
    const venue = { source: 'venue', checked: '2026-11-20' };
    const saved = await save('entertainment', id, (doc) => ({
      ...doc,
      opening_hours: hours,
      fact_sources: { ...(doc.fact_sources as object), opening_hours: venue },
    }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await pub(`/api/entertainment/${id}/`)).fact_sources.opening_hours).toEqual(venue);
    // checked again with the venue without a change of the hours
    const later = await save('entertainment', id, (doc) => ({
      ...doc,
      fact_sources: {
        ...(doc.fact_sources as object),
        opening_hours: { source: 'venue', checked: '2026-11-25' },
      },
    }));
    expect(later.status).toBe(200);
    expect((await pub(`/api/entertainment/${id}/`)).fact_sources.opening_hours.checked).toBe('2026-11-25');

    const future = await save('entertainment', id, (doc) => ({
      ...doc,
      fact_sources: { opening_hours: { source: 'venue', checked: '2999-01-01' } },
    }));
    expect(future.status).toBe(400);
    expect(future.body.code).toBe('fact_checked_future');
    const bad = await save('entertainment', id, (doc) => ({
      ...doc,
      fact_sources: { opening_hours: { source: 'rumour', checked: '2026-11-20' } },
    }));
    expect(bad.status).toBe(400);
  });

  it('a save given a provenance (an import) records it for the facts it changes', async () => {
    const id = (await pub('/api/caterings/?limit=1')).results[0].id as number;
    await t.database.db.transaction().execute(async (trx) => {
      const current = await getItem(trx, 'caterings', id, true);
      if (!current) throw new Error('no catering');
      await updateItem(
        trx,
        'caterings',
        id,
        current.version,
        {
          status: current.status,
          publish_at: current.publish_at,
          document: { ...current.document, phone: '+7 (813) 000-00-01' },
          provenance: { source: 'import', note: 'caterings-2026-11-29.xlsx' },
        },
        editorId,
      );
    });
    const detail = await pub(`/api/caterings/${id}/`);
    expect(detail.fact_sources.phone).toEqual({
      source: 'import',
      checked: regionToday(),
      note: 'caterings-2026-11-29.xlsx',
    });
  });

  it('a catering’s average bill is a fact with its source: dated by a save, checked with the venue, listed when undated', async () => {
    const [first, second] = (await pub('/api/caterings/?limit=2')).results as { id: number }[];
    if (!first || !second) throw new Error('two caterings expected');
    // the demo content has no bill (only a figure the place publishes), so no source for one
    expect((await item('caterings', first.id)).document.avg_bill).toBeNull();
    expect((await pub(`/api/caterings/${first.id}/`)).fact_sources.avg_bill).toBeUndefined();
    const saved = await save('caterings', first.id, (doc) => ({ ...doc, avg_bill: 1200 }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const detail = await pub(`/api/caterings/${first.id}/`);
    expect(detail.avg_bill).toBe(1200);
    expect(detail.fact_sources.avg_bill).toEqual({ source: 'staff', checked: regionToday() });
    // the menu's figure, as the place says it on a day
    const venue = { source: 'venue', checked: '2026-11-26' };
    const checked = await save('caterings', first.id, (doc) => ({
      ...doc,
      fact_sources: { ...(doc.fact_sources as object), avg_bill: venue },
    }));
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect((await pub(`/api/caterings/${first.id}/`)).fact_sources.avg_bill).toEqual(venue);
    // no bill, no source
    await save('caterings', first.id, (doc) => ({ ...doc, avg_bill: null }));
    expect((await pub(`/api/caterings/${first.id}/`)).fact_sources.avg_bill).toBeUndefined();
    // a bill written without a source (straight into the database) is due for checking
    await sql`update places set avg_bill = 700 where section = 'caterings' and id = ${second.id}`.execute(
      t.database.db,
    );
    const due = await editor.request('GET', '/api/admin/facts/stale?section=caterings&per_page=200');
    expect(due.status, JSON.stringify(due.body)).toBe(200);
    const row = due.body.results.find((r: { id: number }) => r.id === second.id);
    expect(row?.facts).toContainEqual({ fact: 'avg_bill', source: null, checked: null });
    // another section has no bill: one in its document is dropped as any unknown property, with no source
    const attraction = (await pub('/api/attractions/?limit=1')).results[0].id as number;
    const dropped = await save('attractions', attraction, (doc) => ({ ...doc, avg_bill: 500 }));
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    expect((await item('attractions', attraction)).document).not.toHaveProperty('avg_bill');
    const none = await sql<{ n: number }>`select count(*)::int as n from places
      where section <> 'caterings' and fact_sources ? 'avg_bill'`.execute(t.database.db);
    expect(none.rows[0]?.n).toBe(0);
  });

  it('lists the places whose facts are older than the setting or undated, linking to each', async () => {
    const stale = async (query = '') => {
      const r = await editor.request('GET', `/api/admin/facts/stale${query}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    // the demo content was checked days ago: none is older than a year
    const fresh = await stale();
    expect(fresh.stale_days).toBe(365);
    const undated = (await pub('/api/attractions/?limit=1')).results[0].id as number;
    await sql`update places set phone = '+7 (813) 111-11-11', fact_sources = '{}' where section = 'attractions' and id = ${undated}`.execute(
      t.database.db,
    );
    const one = await stale();
    expect(one.count).toBe(fresh.count + 1);
    expect(one.results[0]).toMatchObject({
      section: 'attractions',
      id: undated,
      facts: expect.arrayContaining([{ fact: 'phone', source: null, checked: null }]),
    });

    // a setting of a day: every fact the content's authors wrote is due
    expect((await admin.request('PATCH', '/api/admin/settings', { facts_stale_days: 1 })).status).toBe(200);
    const all = await stale('?section=attractions&per_page=5');
    expect(all.stale_days).toBe(1);
    expect(all.count).toBeGreaterThan(30);
    expect(all.results).toHaveLength(5);
    expect(all.results.every((r: { section: string }) => r.section === 'attractions')).toBe(true);
    const page2 = await stale('?section=attractions&per_page=5&page=2');
    expect(page2.count).toBe(all.count);
    expect(page2.results[0].id).not.toBe(all.results[0].id);
    // a fact just saved is not due
    const hoursOwner = all.results.find((r: { facts: { fact: string }[] }) =>
      r.facts.some((f) => f.fact === 'opening_hours'),
    );
    await save('attractions', hoursOwner.id, (doc) => ({ ...doc, opening_hours: hours }));
    const after = await stale('?section=attractions&per_page=200');
    const row = after.results.find((r: { id: number }) => r.id === hoursOwner.id);
    expect(row?.facts.some((f: { fact: string }) => f.fact === 'opening_hours') ?? false).toBe(false);

    expect((await admin.request('PATCH', '/api/admin/settings', { facts_stale_days: 0 })).status).toBe(400);
    expect((await editor.request('GET', '/api/admin/facts/stale?section=nowhere')).status).toBe(400);
    expect((await t.app.inject({ url: '/api/admin/facts/stale' })).statusCode).toBe(401);
  });
});
