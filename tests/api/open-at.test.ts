import { beforeAll, describe, expect, it } from 'vitest';
import type { OpeningHoursT } from '../../common/api.js';
import { askedMoment, openAtMoment } from '../../common/opening-hours.js';
import { databaseKinds, useTestApp } from '../helpers/app.js';
import { get } from '../helpers/http.js';

// `?open_at=` on the lists that offer "open now" and on the map: the places open at a moment of the
// region's clock (Europe/Moscow, written as it is: no zone is converted), or at some time of a day.

type Card = { id: number };
type ErrorBody = { statusCode: number; message: string };

const everyDay = [1, 2, 3, 4, 5, 6, 7];
const fixtures: { key: string; hours: OpeningHoursT | null }[] = [
  {
    // Tue–Sun 10–18 from May to September, Wed–Sun 10–17 otherwise; closed on 31 December
    key: 'at-seasonal-museum',
    hours: {
      seasons: [
        {
          from: '05-01',
          to: '09-30',
          hours: [{ days: [2, 3, 4, 5, 6, 7], opens: '10:00', closes: '18:00' }],
        },
        { hours: [{ days: [3, 4, 5, 6, 7], opens: '10:00', closes: '17:00' }] },
      ],
      closed_dates: ['2026-12-31'],
    },
  },
  // Fri–Sun from 20:00 until 02:00 the next morning
  {
    key: 'at-night-bar',
    hours: { seasons: [{ hours: [{ days: [5, 6, 7], opens: '20:00', closes: '02:00' }] }] },
  },
  {
    key: 'at-winter-rink',
    hours: {
      seasons: [
        { from: '12-01', to: '02-28', hours: [{ days: everyDay, opens: '09:00', closes: '23:00' }] },
        { hours: [] },
      ],
    },
  },
  { key: 'at-unknown', hours: null },
];

describe.each(databaseKinds)('open at a moment, on %s', (kind) => {
  const ctx = useTestApp(kind);
  const app = () => ctx.t.app;
  const db = () => ctx.t.database.db;
  const ids = new Map<string, number>();
  const mine = (cards: Card[]) =>
    [...ids].filter(([, id]) => cards.some((c) => c.id === id)).map(([key]) => key);
  const list = async (query: string) => {
    const r = await get<Card[]>(app(), `/api/entertainment/?${query}`);
    expect(r.status, `${query}: ${JSON.stringify(r.body)}`).toBe(200);
    return mine(r.body);
  };

  beforeAll(async () => {
    const base = await db()
      .selectFrom('places')
      .select((eb) => eb.fn.max('id').as('max'))
      .where('section', '=', 'entertainment')
      .executeTakeFirstOrThrow();
    let id = Number(base.max);
    for (const f of fixtures) {
      id += 1;
      ids.set(f.key, id);
      const text = JSON.stringify({ ru: f.key, en: f.key });
      await db()
        .insertInto('places')
        .values({
          section: 'entertainment',
          id,
          key: f.key,
          name: text,
          annotation: text,
          description: text,
          district_id: 1,
          lat: 59.9,
          lon: 30.3,
          images: [],
          tourism_type_ids: [],
          kitchen_type_ids: [],
          popular: false,
          opening_hours: f.hours === null ? null : JSON.stringify(f.hours),
          accessibility: '{}',
        })
        .execute();
    }
  });

  it('finds the places open at a moment around opening and closing, by the region’s clock', async () => {
    // Saturday 5 December 2026 (winter season of the museum, the rink's season)
    expect(await list('open_at=2026-12-05T09:59')).toEqual(['at-winter-rink']);
    expect(await list('open_at=2026-12-05T10:00')).toEqual(['at-seasonal-museum', 'at-winter-rink']);
    expect(await list('open_at=2026-12-05T16:59')).toEqual(['at-seasonal-museum', 'at-winter-rink']);
    // the museum closes at 17:00 in winter: 17:00 is past its last minute
    expect(await list('open_at=2026-12-05T17:00')).toEqual(['at-winter-rink']);
    expect(await list('open_at=2026-12-05T20:00')).toEqual(['at-night-bar', 'at-winter-rink']);
    expect(await list('open_at=2026-12-05T23:00')).toEqual(['at-night-bar']);
  });

  it('follows the seasons and closed dates', async () => {
    // a summer Tuesday: the museum's summer hours, the rink closed for the season
    expect(await list('open_at=2026-06-02T17:30')).toEqual(['at-seasonal-museum']);
    // an autumn Tuesday: the museum is closed on Tuesdays out of summer
    expect(await list('open_at=2026-10-06T11:00')).toEqual([]);
    // 31 December, a Thursday: the museum's closed date
    expect(await list('open_at=2026-12-31T12:00')).toEqual(['at-winter-rink']);
    // the rink's last day, 28 February 2027, and the Wednesday after
    expect(await list('open_at=2027-02-28T22:59')).toContain('at-winter-rink');
    expect(await list('open_at=2027-03-03T10:00')).toEqual(['at-seasonal-museum']);
  });

  it('keeps a night past midnight with the evening it began', async () => {
    // Sunday night's hours run into Monday morning; Thursday night has none
    expect(await list('open_at=2026-12-07T01:59')).toEqual(['at-night-bar']);
    expect(await list('open_at=2026-12-07T02:00')).toEqual([]);
    expect(await list('open_at=2026-12-04T01:00')).toEqual([]);
    // a date alone: open at some time of that day, not counting the night before past midnight
    expect(await list('open_at=2026-12-07')).toEqual(['at-winter-rink']);
    expect(await list('open_at=2026-12-06')).toEqual([
      'at-seasonal-museum',
      'at-night-bar',
      'at-winter-rink',
    ]);
    expect(await list('open_at=2026-10-06')).toEqual([]);
  });

  it('answers as the schedule rules do for every place, at moments and on days', async () => {
    const rows = await db()
      .selectFrom('places')
      .select(['id', 'opening_hours'])
      .where('section', '=', 'entertainment')
      .execute();
    for (const asked of [
      '2026-12-05T11:00',
      '2026-12-07T00:30',
      '2027-07-14T19:45',
      '2026-12-05',
      '2027-01-01',
    ]) {
      const moment = askedMoment(asked);
      if (!moment) throw new Error(asked);
      const r = await get<Card[]>(app(), `/api/entertainment/?open_at=${asked}`);
      const expected = rows
        .filter((p) => p.opening_hours && openAtMoment(p.opening_hours, moment))
        .map((p) => p.id)
        .sort((a, b) => a - b);
      expect(
        r.body.map((c) => c.id).sort((a, b) => a - b),
        asked,
      ).toEqual(expected);
    }
  });

  it('is a moment of the region whatever the server’s zone: 10:00 is the museum’s opening', async () => {
    // Read as UTC, 10:00 would be 13:00 in the region and 07:00 would open it; read as the region's, it is not
    expect(await list('open_at=2026-12-05T07:00')).toEqual([]);
    // a moment with an offset is not what the parameter takes
    const r = await get<ErrorBody>(app(), '/api/entertainment/?open_at=2026-12-05T10:00%2B03:00');
    expect(r.status).toBe(400);
  });

  it('filters the map the same way: only places', async () => {
    const r = await get(app(), '/api/map/points/?open_at=2026-12-05T20:00&section=entertainment,events');
    expect(r.status).toBe(200);
    const sections: string[] = r.body.sections;
    const keys = r.body.points.id.map(
      (id: number, i: number) => `${sections[r.body.points.section[i]]}.${id}`,
    );
    expect(keys).toContain(`entertainment.${ids.get('at-night-bar')}`);
    expect(keys).not.toContain(`entertainment.${ids.get('at-seasonal-museum')}`);
    expect(keys.every((k: string) => k.startsWith('entertainment.'))).toBe(true);
    const bad = await get<ErrorBody>(app(), '/api/map/points/?open_at=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('open_at');
  });

  it('refuses what is no day or time with a 400 naming the parameter', async () => {
    for (const value of [
      '2026-02-30',
      '2026-12-05T24:00',
      '2026-12-05T10:60',
      'tomorrow',
      '2026-12-05T1100',
      '',
    ]) {
      const r = await get<ErrorBody>(app(), `/api/attractions/?open_at=${encodeURIComponent(value)}`);
      if (value === '') {
        expect(r.status).toBe(200);
        continue;
      }
      expect(r.status, value).toBe(400);
      expect(r.body.message, value).toContain('open_at');
    }
    // a section without "open now" has no such parameter: it is ignored as any unknown one
    expect((await get(app(), '/api/residence/?open_at=2026-12-05T11:00')).status).toBe(200);
  });

  it('documents the parameter where "open now" is', async () => {
    const doc = (await app().inject({ url: '/api/docs/json' })).json();
    const names = (path: string) => (doc.paths[path].get.parameters as { name: string }[]).map((p) => p.name);
    expect(names('/api/attractions/')).toContain('open_at');
    expect(names('/api/map/points/')).toContain('open_at');
    expect(names('/api/residence/')).not.toContain('open_at');
  });
});
