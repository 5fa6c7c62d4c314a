import { describe, expect, it } from 'vitest';
import { addDays } from '../../common/date-presets.js';
import { regionToday } from '../../server/lib/today.js';
import { databaseKinds, useTestApp } from '../helpers/app.js';
import { get } from '../helpers/http.js';

type Item = { id: number; start_date: string; end_date: string };
type Page = { count: number; next: string | null; results: Item[] };
type ErrorBody = { statusCode: number; message: string };

describe.each(databaseKinds)('events by date on %s', (kind) => {
  const ctx = useTestApp(kind);
  const app = () => ctx.t.app;

  it('hides past events by default and lists only them, newest first, with past=true', async () => {
    const today = regionToday();
    const over = ctx.c.events.filter((e) => e.end_date < today);
    const upcoming = await get<Page>(app(), '/api/events/?limit=100');
    expect(upcoming.body.count).toBe(ctx.c.events.length - over.length);
    expect(upcoming.body.results.every((e) => e.end_date >= today)).toBe(true);
    const starts = upcoming.body.results.map((e) => e.start_date);
    expect(starts).toEqual([...starts].sort());

    const past = await get<Page>(app(), '/api/events/?past=true&limit=100');
    expect(past.status).toBe(200);
    expect(past.body.count).toBe(over.length);
    expect(past.body.results.every((e) => e.end_date < today)).toBe(true);
    const ends = past.body.results.map((e) => e.end_date);
    expect(ends).toEqual([...ends].sort().reverse());
    // past=false is the default list.
    expect((await get<Page>(app(), '/api/events/?past=false&limit=100')).body.count).toBe(
      upcoming.body.count,
    );
  });

  it('pages the archive and keeps the count', async () => {
    const today = regionToday();
    const over = ctx.c.events.filter((e) => e.end_date < today).length;
    const first = await get<Page>(app(), '/api/events/?past=true&limit=1');
    expect(first.body.count).toBe(over);
    if (over > 1) {
      expect(first.body.next).toContain('past=true');
      const second = await get<Page>(app(), '/api/events/?past=true&limit=1&offset=1');
      const [a, b] = [first.body.results[0]?.end_date ?? '', second.body.results[0]?.end_date ?? ''];
      expect(b <= a).toBe(true);
    }
  });

  it('lists the events that overlap a range of dates', async () => {
    const from = regionToday();
    const to = addDays(from, 366);
    const range = await get<Item[]>(app(), `/api/events/?date_from=${from}&date_to=${to}`);
    expect(range.status).toBe(200);
    const expected = ctx.c.events.filter((e) => e.start_date <= to && e.end_date >= from);
    expect(range.body).toHaveLength(expected.length);
    for (const e of range.body) expect(e.start_date <= to && e.end_date >= from).toBe(true);
  });

  it('answers 400 naming the parameter for a bad range or date', async () => {
    const cases: [string, RegExp][] = [
      ['date_from=2027-01-01&date_to=2028-01-03', /date_to.*366 days/],
      ['date_from=2027-01-01&date_to=2026-12-31', /date_to must not be before date_from/],
      ['date_from=2027-02-30', /date_from/],
      ['date_to=27.01.2027', /date_to/],
      ['date_from=tomorrow', /date_from/],
      ['past=yes', /past/],
    ];
    for (const [query, message] of cases) {
      const r = await get<ErrorBody>(app(), `/api/events/?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.message, query).toMatch(message);
    }
    // A leap year's 366 days are allowed.
    expect((await get(app(), '/api/events/?date_from=2028-01-01&date_to=2029-01-01')).status).toBe(200);
  });
});
