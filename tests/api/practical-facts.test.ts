import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpeningHoursT } from '../../common/api.js';
import { openStatus, regionClock } from '../../common/opening-hours.js';
import { openAt } from '../../server/lib/practical.js';
import { offerStatement } from '../../server/modules/practical/repository.js';
import { databaseKinds, useTestApp } from '../helpers/app.js';
import { get } from '../helpers/http.js';

type Card = { id: number; open_status?: { open: boolean } | null };
type Page = { count: number; results: Card[] };
type ErrorBody = { statusCode: number; message: string };

const everyDay = [1, 2, 3, 4, 5, 6, 7];
/** Schedules that exercise each rule, added to the demo content as entertainment venues. */
const fixtures: { key: string; hours: OpeningHoursT | null; admission?: object; accessibility?: object }[] = [
  {
    key: 'test-seasonal-museum',
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
      closed_monthly: [{ week: -1, day: 3 }],
    },
    admission: { free: false, min: 300, max: 700 },
    accessibility: { step_free_entrance: true, guide_dogs: false },
  },
  {
    key: 'test-night-bar',
    hours: { seasons: [{ hours: [{ days: [5, 6, 7], opens: '20:00', closes: '02:00' }] }] },
    accessibility: { step_free_entrance: false },
  },
  {
    key: 'test-winter-rink',
    hours: {
      seasons: [
        { from: '12-01', to: '02-28', hours: [{ days: everyDay, opens: '09:00', closes: '23:00' }] },
        { hours: [] },
      ],
    },
    admission: { free: true },
  },
  {
    key: 'test-split-day',
    hours: {
      seasons: [
        {
          hours: [
            { days: [1, 2, 3, 4, 5], opens: '09:00', closes: '13:00' },
            { days: [1, 2, 3, 4, 5], opens: '14:00', closes: '18:00' },
          ],
        },
      ],
      closed_monthly: [{ week: 1, day: 1 }],
    },
  },
  { key: 'test-unknown', hours: null },
];

// Moments around the rules' edges, in the region's time (UTC+3).
const moments = [
  '2026-11-29T23:59', // Sunday night
  '2026-11-30T00:00', // Monday, just past midnight
  '2026-11-30T01:59',
  '2026-11-30T02:00',
  '2026-12-02T12:00', // Wednesday
  '2026-11-25T12:00', // the last Wednesday of November
  '2026-12-31T12:00', // a closed date
  '2027-01-01T00:30', // the night after it
  '2026-06-02T17:30', // summer Tuesday
  '2026-10-06T11:00', // autumn Tuesday
  '2026-12-07T10:00', // the first Monday of December
  '2026-12-08T13:30', // a lunch break
  '2027-02-28T22:59',
  '2027-03-01T10:00',
].map((local) => new Date(`${local}:00+03:00`));

describe.each(databaseKinds)('practical facts on %s', (kind) => {
  const ctx = useTestApp(kind);
  const app = () => ctx.t.app;
  const db = () => ctx.t.database.db;
  const ids = new Map<string, number>();

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
          admission: f.admission ? JSON.stringify(f.admission) : null,
          accessibility: JSON.stringify(f.accessibility ?? {}),
        })
        .execute();
    }
  });

  it('the database says "open" exactly when the schedule rules do, at every edge', async () => {
    const rows = await db()
      .selectFrom('places')
      .select(['section', 'id', 'opening_hours'])
      .where('opening_hours', 'is not', null)
      .execute();
    expect(rows.length).toBeGreaterThan(fixtures.length);
    for (const at of moments) {
      const open = await db()
        .selectFrom('places')
        .select(['section', 'id'])
        .where(openAt(regionClock(at)))
        .execute();
      const fromSql = open.map((r) => `${r.section}.${r.id}`).sort();
      const fromRules = rows
        .filter((r) => openStatus(r.opening_hours, at)?.open)
        .map((r) => `${r.section}.${r.id}`)
        .sort();
      expect(fromSql, at.toISOString()).toEqual(fromRules);
    }
  });

  it('keeps the schedule rows in step with the schedule when it changes or goes', async () => {
    const id = ids.get('test-night-bar') as number;
    const rows = () =>
      db()
        .selectFrom('place_hours')
        .select(['weekday', 'opens', 'closes', 'spill'])
        .where('section', '=', 'entertainment')
        .where('place_id', '=', id)
        .orderBy('weekday')
        .orderBy('opens')
        .execute();
    // a marker for its season, Fri/Sat/Sun from 20:00, and Sat/Sun/Mon until 02:00
    expect((await rows()).length).toBe(7);
    expect((await rows()).filter((r) => r.spill).map((r) => r.weekday)).toEqual([1, 6, 7]);
    await db()
      .updateTable('places')
      .set({ opening_hours: JSON.stringify({ seasons: [{ hours: [] }] }) })
      .where('section', '=', 'entertainment')
      .where('id', '=', id)
      .execute();
    expect(await rows()).toEqual([{ weekday: 0, opens: 0, closes: 0, spill: false }]);
    await db()
      .updateTable('places')
      .set({ opening_hours: JSON.stringify(fixtures[1]?.hours) })
      .where('section', '=', 'entertainment')
      .where('id', '=', id)
      .execute();
    expect((await rows()).length).toBe(7);
  });

  it('answers the detail with the facts, and unknown as null or absent', async () => {
    const museum = await get(app(), `/api/entertainment/${ids.get('test-seasonal-museum')}/`);
    expect(museum.status).toBe(200);
    expect(museum.body.opening_hours).toEqual(fixtures[0]?.hours);
    expect(museum.body.admission).toEqual({ free: false, min: 300, max: 700 });
    expect(museum.body.accessibility).toEqual({ step_free_entrance: true, guide_dogs: false });
    expect(museum.body.open_status).toEqual(openStatus(fixtures[0]?.hours ?? null));
    // the answer says what is true now: caches keep it until the minute ends
    const maxAge = Number(/max-age=(\d+)/.exec(String(museum.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(60);

    const unknown = await get(app(), `/api/entertainment/${ids.get('test-unknown')}/`);
    expect(unknown.body).toMatchObject({
      opening_hours: null,
      open_status: null,
      admission: null,
      accessibility: {},
    });

    // a demo place whose facts are known: an open-air memorial, free and open at every hour
    const index = ctx.c.attractions.findIndex((a) => a.key === 'broken-ring-memorial');
    const memorial = await get(app(), `/api/attractions/${index + 1}/`);
    expect(memorial.body.admission).toEqual({ free: true });
    expect(memorial.body.open_status).toEqual({ open: true, until: null });
  });

  it('filters free and step-free places', async () => {
    const free = await get<Page>(app(), '/api/attractions/?free=true&limit=100');
    expect(free.status).toBe(200);
    const expected = ctx.c.attractions
      .map((a, i) => ({ a, id: i + 1 }))
      .filter(({ a }) => a.admission?.free === true)
      .map(({ id }) => id);
    expect(expected.length).toBeGreaterThan(5);
    expect(free.body.count).toBe(expected.length);
    expect(free.body.results.map((r) => r.id).sort((x, y) => x - y)).toEqual(expected);
    expect((await get<Page>(app(), '/api/attractions/?free=false&limit=1')).body.count).toBe(
      ctx.c.attractions.length,
    );

    const free2 = await get<Card[]>(app(), '/api/entertainment/?free=true');
    expect(free2.body.map((r) => r.id)).toEqual([ids.get('test-winter-rink')]);
    const stepFree = await get<Card[]>(app(), '/api/entertainment/?step_free=true');
    expect(stepFree.body.map((r) => r.id)).toEqual([ids.get('test-seasonal-museum')]);
    // with another filter
    const both = await get<Card[]>(app(), '/api/entertainment/?step_free=true&free=true');
    expect(both.body).toEqual([]);
  });

  it('filters the places open now, as the cards say', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = regionClock();
      const open = await get<Page>(app(), '/api/entertainment/?open_now=true&limit=100');
      const all = await get<Card[]>(app(), '/api/entertainment/');
      // asked across a minute's end: ask again
      if (regionClock().minute !== before.minute) continue;
      expect(open.status).toBe(200);
      expect(open.body.results.every((r) => r.open_status?.open === true)).toBe(true);
      expect(open.body.count).toBe(all.body.filter((r) => r.open_status?.open === true).length);
      return;
    }
    throw new Error('every attempt crossed a minute');
  });

  it('answers 400 naming the parameter for a bad value', async () => {
    for (const [query, name] of [
      ['free=maybe', 'free'],
      ['open_now=yes', 'open_now'],
      ['step_free=2', 'step_free'],
    ]) {
      const list = await get<ErrorBody>(app(), `/api/attractions/?${query}`);
      expect(list.status, query).toBe(400);
      expect(list.body.message, query).toContain(name);
      const map = await get<ErrorBody>(app(), `/api/map/points/?${query}`);
      expect(map.status, query).toBe(400);
      expect(map.body.message, query).toContain(name);
    }
    // residence offers only step_free: the others are not its parameters
    expect((await get(app(), '/api/residence/?step_free=true')).status).toBe(200);
  });

  it('filters the map: only places, and only those that match', async () => {
    const all = await get(app(), '/api/map/points/');
    const free = await get(app(), '/api/map/points/?free=true');
    expect(free.status).toBe(200);
    const sections: string[] = free.body.sections;
    const keys = free.body.points.id.map(
      (id: number, i: number) => `${sections[free.body.points.section[i]]}.${id}`,
    ) as string[];
    expect(keys.length).toBeGreaterThan(5);
    expect(keys.length).toBeLessThan(all.body.points.id.length);
    expect(keys.every((k) => k.startsWith('attractions.') || k.startsWith('entertainment.'))).toBe(true);
    expect(free.body.routes).toEqual([]);
    const openNow = await get(app(), '/api/map/points/?open_now=true&section=attractions');
    const maxAge = Number(/max-age=(\d+)/.exec(String(openNow.headers['cache-control']))?.[1]);
    expect(maxAge).toBeLessThanOrEqual(60);
  });

  it('offers a practical filter only on the lists where some place can pass it', async () => {
    const offer = await get(app(), '/api/practical-filters/');
    expect(offer.status).toBe(200);
    // The demo content: free attractions and attractions with opening times, nothing known of a
    // step-free entrance, nothing at all of the hotels and restaurants; the fixtures above are
    // entertainment venues in district 1 (free, a step-free entrance, opening times).
    expect(offer.body).toEqual({
      attractions: ['free', 'open_now'],
      residence: [],
      caterings: [],
      entertainment: ['free', 'open_now', 'step_free'],
      'tourist-information-centers': expect.any(Array),
    });
    // What each list offers finds something now (open now: some time of the week).
    for (const [section, filters] of Object.entries(offer.body as Record<string, string[]>))
      for (const f of filters.filter((x) => x !== 'open_now'))
        expect(
          (await get(app(), `/api/${section}/?limit=1&${f}=true`)).body.count,
          `${section} ${f}`,
        ).toBeGreaterThan(0);
    // A direction's tabs: only the places of its district.
    const inOne = await get(app(), '/api/practical-filters/?district=1');
    expect(inOne.body.entertainment).toEqual(['free', 'open_now', 'step_free']);
    const districts = await db().selectFrom('districts').select('id').where('id', '!=', 1).execute();
    for (const { id } of districts) {
      const other = await get(app(), `/api/practical-filters/?district=${id}`);
      expect(other.body.entertainment, `district ${id}`).toEqual([]);
    }
    expect((await get(app(), '/api/practical-filters/?district=0')).status).toBe(400);
    expect((await get(app(), '/api/practical-filters/?district=x')).status).toBe(400);
  });

  it('finds the places with such facts through their own index, not by reading every place', async () => {
    // With sequential scans ruled out, a plan that could not use the partial index (its condition
    // not implied by the statement's) would still read the whole table, by another index.
    const { sql: text, parameters } = offerStatement().compile(db());
    expect(parameters).toEqual([]);
    const plan = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await sql.raw<Record<string, string>>(`explain ${text}`).execute(trx);
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    expect(plan).toContain('places_practical_facts');
  });

  it('documents the parameters in the OpenAPI document', async () => {
    const doc = await get(app(), '/api/docs/json');
    const names = (path: string) =>
      (doc.body.paths[path].get.parameters as { name: string }[]).map((p) => p.name);
    expect(names('/api/attractions/')).toEqual(expect.arrayContaining(['free', 'open_now', 'step_free']));
    expect(names('/api/map/points/')).toEqual(expect.arrayContaining(['free', 'open_now', 'step_free']));
    expect(names('/api/residence/')).toContain('step_free');
    expect(names('/api/residence/')).not.toContain('open_now');
  });
});
