import { describe, expect, it } from 'vitest';
import type { TripAnswerT } from '../../common/api.js';
import { encodePlan } from '../../common/trip-link.js';
import { databaseKinds, useTestApp } from '../helpers/app.js';
import { parseXml, unfold } from '../helpers/files.js';
import { get } from '../helpers/http.js';

// The trip plan's endpoints: its items in one call, and its GPX and .ics files. Every answer is
// checked against the OpenAPI document by the test app.

describe.each(databaseKinds)('trip plan API on %s', (kind) => {
  const ctx = useTestApp(kind);
  const app = () => ctx.t.app;
  const firstId = async (path: string) =>
    ((await get(app(), path)).body as { id: number }[])[0]?.id as number;

  async function someKeys() {
    const attraction = await firstId('/api/attractions/');
    const route = await firstId('/api/routes/');
    const event = await firstId('/api/events/?date_from=2000-01-01');
    const catering = await firstId('/api/caterings/');
    return [`attractions.${attraction}`, `routes.${route}`, `events.${event}`, `caterings.${catering}`];
  }

  describe('GET /api/trip/', () => {
    it('answers the items in the order asked, with what the plan shows of each', async () => {
      const keys = await someKeys();
      const asked = [keys[2], keys[0], keys[3], keys[1]] as string[];
      const r = await get<TripAnswerT>(app(), `/api/trip/?items=${asked.join(',')}`);
      expect(r.status).toBe(200);
      expect(r.body.missing).toEqual([]);
      expect(r.body.items.map((i) => i.key)).toEqual(asked);
      const [event, attraction, catering, route] = r.body.items;
      const detail = (await get(app(), `/api/attractions/${attraction?.id}/`)).body;
      expect(attraction).toMatchObject({
        section: 'attractions',
        name: detail.name,
        address: detail.address,
        lat: detail.lat,
        lon: detail.lon,
        phone: detail.phone,
        hours: detail.hours,
        // the content's road distance, as its page shows it
        distance_from_spb: detail.distance_from_spb,
        line: [],
      });
      expect(detail.distance_from_spb).toEqual(expect.any(Number));
      expect(route?.distance_from_spb).toBeNull();
      expect(event?.distance_from_spb).toBeNull();
      expect(event?.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(event?.end_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(catering?.section).toBe('caterings');
      expect(route?.length).toBeGreaterThan(0);
      expect(route?.line.length).toBeGreaterThan(1);
    });

    it('speaks the language asked for', async () => {
      const [key] = await someKeys();
      const id = key?.split('.')[1];
      const en = await get<TripAnswerT>(app(), `/api/trip/?items=${key}`, { 'accept-language': 'en' });
      const detail = (await get(app(), `/api/attractions/${id}/`, { 'accept-language': 'en' })).body;
      expect(en.body.items[0]?.name).toBe(detail.name);
    });

    it('lists unknown items as missing, not as an error', async () => {
      const [key] = await someKeys();
      const r = await get<TripAnswerT>(
        app(),
        `/api/trip/?items=${key},attractions.999999,events.888888,${key}`,
      );
      expect(r.status).toBe(200);
      expect(r.body.items.map((i) => i.key)).toEqual([key]);
      expect(r.body.missing).toEqual(['attractions.999999', 'events.888888']);
      // a place asked for under another section than its own is not that section's
      const residence = new Set(
        ((await get(app(), '/api/residence/')).body as { id: number }[]).map((r) => r.id),
      );
      const attractions = ((await get(app(), '/api/attractions/')).body as { id: number }[]).map((a) => a.id);
      const id = attractions.find((a) => !residence.has(a));
      expect(id).toBeDefined();
      const wrong = await get<TripAnswerT>(app(), `/api/trip/?items=residence.${id},attractions.${id}`);
      expect(wrong.body.items.map((i) => i.key)).toEqual([`attractions.${id}`]);
      expect(wrong.body.missing).toEqual([`residence.${id}`]);
      expect((await get<TripAnswerT>(app(), '/api/trip/?items=')).body).toEqual({ items: [], missing: [] });
    });

    it('answers 400 naming the parameter for a malformed list', async () => {
      for (const bad of [
        'news.1',
        'attractions',
        'attractions.abc',
        'attractions.0',
        'attractions.1;drop',
        'x'.repeat(3000),
      ]) {
        const r = await get(app(), `/api/trip/?items=${encodeURIComponent(bad)}`);
        expect(r.status, bad).toBe(400);
        expect(r.body.message, bad).toMatch(/items/);
      }
      const none = await get(app(), '/api/trip/');
      expect(none.status).toBe(400);
      expect(none.body.message).toMatch(/items/);
      const many = Array.from({ length: 101 }, (_, n) => `attractions.${n + 1}`).join(',');
      const tooMany = await get(app(), `/api/trip/?items=${many}`);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toMatch(/items names 101 items; at most 100/);
    });
  });

  describe('GET /api/trip/gpx/ and /api/trip/ics/', () => {
    it('makes a GPX of the plan: a waypoint per item named by day and order, a track per route', async () => {
      const [attraction, route, event, catering] = (await someKeys()) as string[];
      const plan = encodePlan({
        unplanned: [],
        days: [
          [{ key: attraction as string, note: 'Билеты <заранее> & кофе' }, { key: route as string }],
          [{ key: event as string }, { key: catering as string }, { key: 'attractions.999999' }],
        ],
      });
      const r = await get(app(), `/api/trip/gpx/?plan=${plan}&lng=en`);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
      expect(r.headers['content-disposition']).toMatch(/^attachment; filename="trip\.gpx"/);
      const elements = parseXml(r.text);
      expect(elements[0]?.name).toBe('gpx');
      const wpts = elements.filter((e) => e.name === 'wpt');
      expect(wpts).toHaveLength(4);
      const names = elements.filter((e) => e.name === 'name').map((e) => e.text);
      const items = (
        await get<TripAnswerT>(app(), `/api/trip/?items=${attraction},${event}`, { 'accept-language': 'en' })
      ).body.items;
      expect(names).toContain(`Day 1 · 1. ${items[0]?.name}`);
      expect(names).toContain(`Day 2 · 1. ${items[1]?.name}`);
      expect(elements.find((e) => e.name === 'desc' && e.text.includes('кофе'))?.text).toBe(
        'Билеты <заранее> & кофе',
      );
      const tracks = elements.filter((e) => e.name === 'trk');
      expect(tracks).toHaveLength(1);
      expect(elements.filter((e) => e.name === 'trkpt').length).toBeGreaterThan(1);
      const order = elements.filter((e) => ['metadata', 'wpt', 'trk'].includes(e.name)).map((e) => e.name);
      expect(order.join(' ')).toMatch(/^metadata (wpt )+trk$/);
      // items= too: one list, numbered
      const plain = await get(app(), `/api/trip/gpx/?items=${attraction},${catering}`);
      expect(parseXml(plain.text).filter((e) => e.name === 'wpt')).toHaveLength(2);
    });

    it("makes one calendar of the plan's events", async () => {
      const events = ((await get(app(), '/api/events/?date_from=2000-01-01')).body as { id: number }[]).slice(
        0,
        2,
      );
      expect(events).toHaveLength(2);
      const [attraction] = await someKeys();
      const items = [attraction, ...events.map((e) => `events.${e.id}`)].join(',');
      const r = await get(app(), `/api/trip/ics/?items=${items}`);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const lines = unfold(r.text);
      expect(lines[0]).toBe('BEGIN:VCALENDAR');
      expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
      expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(2);
      for (const e of events) {
        const single = unfold((await get(app(), `/api/events/${e.id}/ics/`)).text);
        const uid = single.find((l) => l.startsWith('UID:'));
        expect(lines).toContain(uid);
        expect(lines).toContain(single.find((l) => l.startsWith('DTSTART')));
      }
      expect(lines.at(-2)).toBe('END:VCALENDAR');
    });

    it('answers 400 for a malformed plan or items, or neither', async () => {
      for (const url of [
        '/api/trip/gpx/',
        '/api/trip/ics/',
        '/api/trip/gpx/?plan=2*a1',
        '/api/trip/gpx/?plan=garbage',
        '/api/trip/ics/?items=news.1',
        '/api/trip/gpx/?plan=1*a1&lng=%3Cx%3E',
      ]) {
        const r = await get(app(), url);
        expect(r.status, url).toBe(400);
        expect(r.body.message, url).toMatch(/plan|items|lng/);
      }
    });
  });
});
