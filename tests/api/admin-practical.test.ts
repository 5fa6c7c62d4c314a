import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpeningHoursT } from '../../common/api.js';
import { openStatus } from '../../common/opening-hours.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// The back office edits a place's practical facts: the public detail, the filters (the schedule's
// rows follow the save) and the refusal of a bad schedule.

const hours: OpeningHoursT = {
  seasons: [
    { from: '05-01', to: '09-30', hours: [{ days: [2, 3, 4, 5, 6, 7], opens: '10:00', closes: '18:00' }] },
    { hours: [{ days: [1, 2, 3, 4, 5, 6, 7], opens: '00:00', closes: '24:00' }] },
  ],
  closed_monthly: [{ week: -1, day: 1 }],
};

describe.each(databaseKinds)('practical facts in the back office on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  const pub = (url: string) => t.app.inject({ url });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await makeStaff(t.database.db, 'ed@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    await editor.signIn('ed@lenobl.test');
  });
  afterAll(() => t?.close());

  it('saves the schedule, the price and the accessibility facts, and the site and its filters follow', async () => {
    const id = (await pub('/api/entertainment/?limit=1')).json().results[0].id as number;
    const item = (await editor.request('GET', `/api/admin/content/entertainment/${id}`)).body;
    // unknown until an editor says
    expect(item.document).toMatchObject({ opening_hours: null, admission: null, accessibility: {} });
    const stepFreeBefore = (await pub('/api/entertainment/?step_free=true&limit=1')).json().count as number;
    const saved = await editor.request('PUT', `/api/admin/content/entertainment/${id}`, {
      version: item.version,
      status: 'published',
      document: {
        ...item.document,
        opening_hours: hours,
        admission: { free: false, min: 300, max: 700 },
        accessibility: { step_free_entrance: true, induction_loop: false },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const detail = (await pub(`/api/entertainment/${id}/`)).json();
    expect(detail.opening_hours).toEqual(hours);
    expect(detail.admission).toEqual({ free: false, min: 300, max: 700 });
    expect(detail.accessibility).toEqual({ step_free_entrance: true, induction_loop: false });
    expect(detail.open_status).toEqual(openStatus(hours));
    expect((await pub('/api/entertainment/?step_free=true&limit=1')).json().count).toBe(stepFreeBefore + 1);
    const open = (await pub('/api/entertainment/?open_now=true&limit=100')).json();
    expect(open.results.some((r: { id: number }) => r.id === id)).toBe(openStatus(hours)?.open === true);
  });

  it('a list offers a practical filter by itself once an editor enters a fact that can pass it', async () => {
    const offer = async (query = '') => (await pub(`/api/practical-filters/${query}`)).json();
    // Nothing is known of any hotel's entrance in the demo content: the filter is not offered.
    expect((await offer()).residence).toEqual([]);
    const hotel = (await pub('/api/residence/?limit=1')).json().results[0];
    const item = (await editor.request('GET', `/api/admin/content/residence/${hotel.id}`)).body;
    const saved = await editor.request('PUT', `/api/admin/content/residence/${hotel.id}`, {
      version: item.version,
      status: 'published',
      document: { ...item.document, accessibility: { step_free_entrance: true } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The answer kept for the lists was dropped with the change.
    expect((await offer()).residence).toEqual(['step_free']);
    expect((await offer(`?district=${hotel.district.id}`)).residence).toEqual(['step_free']);
    const others = (await pub('/api/directory/district/')).json() as { id: number }[];
    const other = others.find((d) => d.id !== hotel.district.id) as { id: number };
    expect((await offer(`?district=${other.id}`)).residence).toEqual([]);
  });

  it('refuses a bad schedule or price with a 400 that names the field', async () => {
    const id = (await pub('/api/entertainment/?limit=1')).json().results[0].id as number;
    const item = (await editor.request('GET', `/api/admin/content/entertainment/${id}`)).body;
    const cases: [Record<string, unknown>, string][] = [
      [
        { opening_hours: { seasons: [{ hours: [{ days: [8], opens: '10:00', closes: '18:00' }] }] } },
        'opening_hours',
      ],
      [
        { opening_hours: { seasons: [{ hours: [{ days: [1], opens: '25:00', closes: '18:00' }] }] } },
        'opening_hours',
      ],
      [{ opening_hours: { seasons: [{ from: '05-01', hours: [] }] } }, 'opening_hours'],
      [{ admission: { free: false } }, 'admission'],
      [{ accessibility: { step_free_entrance: 'yes' } }, 'accessibility'],
    ];
    for (const [change, field] of cases) {
      const r = await editor.request('PUT', `/api/admin/content/entertainment/${id}`, {
        version: item.version,
        status: 'published',
        document: { ...item.document, ...change },
      });
      expect(r.status, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(r.body), JSON.stringify(change)).toContain(field);
    }
  });
});
