import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OsmProposalT } from '../../common/admin-api.js';
import { regionToday } from '../../common/date-presets.js';
import { scheduleOfOsm } from '../../server/modules/admin/facts/osm-hours.js';
import {
  factsOfTags,
  matchPlace,
  namesMatch,
  normalName,
} from '../../server/modules/admin/facts/osm-match.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// Facts from OpenStreetMap through the review queue, against a recorded answer of the Overpass API
// in its own JSON format (tests/fixtures/overpass/attractions.json: real places of the demo content,
// tags as OpenStreetMap has them; never content) served by a local HTTP server.

const fixture = path.join(import.meta.dirname, '../fixtures/overpass/attractions.json');

describe('reading OpenStreetMap', () => {
  it('matches names whatever their case, ё, quotes and punctuation, and one contained in the other', () => {
    expect(normalName('Мемориал «Разорванное кольцо»')).toBe('мемориал разорванное кольцо');
    expect(namesMatch(normalName('Ёлочный Двор'), normalName('елочный двор'))).toBe('equal');
    expect(namesMatch('парк монрепо', 'монрепо')).toBe('contained');
    // a short common word alone names nothing
    expect(namesMatch('парк монрепо', 'парк')).toBeNull();
    // words must stand together, in order
    expect(namesMatch('старый город выборга', 'старый выборг')).toBeNull();
  });

  it('a match within 150 m is sure, within 600 m doubtful, farther none; an equal name wins', () => {
    const element = (id: number, lat: number, name: string) =>
      ({ type: 'node', id, lat, lon: 30, tags: { name } }) as const;
    const place = {
      id: 1,
      names: ['Усадьба Приютино', 'Priyutino Estate'],
      point: [60, 30] as [number, number],
    };
    // 0.001° of latitude is about 111 m
    expect(matchPlace(place, [element(1, 60.001, 'Усадьба Приютино')])?.confidence).toBe('sure');
    expect(matchPlace(place, [element(2, 60.004, 'Усадьба Приютино')])?.confidence).toBe('doubtful');
    expect(matchPlace(place, [element(3, 60.006, 'Усадьба Приютино')])).toBeNull();
    expect(matchPlace(place, [element(4, 60.0001, 'Приютино, кафе у дороги')])).toBeNull();
    const both = [element(5, 60.0002, 'Приютино'), element(6, 60.0005, 'Priyutino Estate')];
    expect(matchPlace(place, both)?.element.id).toBe(6);
  });

  it('reads opening_hours into the portal’s schedule where it can be said, and refuses the rest', () => {
    expect(scheduleOfOsm('Tu-Su 10:00-18:00', '2026-11-29')).toEqual({
      seasons: [{ hours: [{ days: [2, 3, 4, 5, 6, 7], opens: '10:00', closes: '18:00' }] }],
    });
    expect(scheduleOfOsm('May-Sep: Mo-Su 10:00-20:00; Oct-Apr: Mo-Su 10:00-18:00', '2026-11-29')).toEqual({
      seasons: [
        {
          from: '05-01',
          to: '09-30',
          hours: [{ days: [1, 2, 3, 4, 5, 6, 7], opens: '10:00', closes: '20:00' }],
        },
        { hours: [{ days: [1, 2, 3, 4, 5, 6, 7], opens: '10:00', closes: '18:00' }] },
      ],
    });
    expect(scheduleOfOsm('Fr-Sa 20:00-02:00', '2026-11-29')).toEqual({
      seasons: [{ hours: [{ days: [5, 6], opens: '20:00', closes: '02:00' }] }],
    });
    // public holidays of the coming year (Russia's, from the library) become closed dates
    const holidays = scheduleOfOsm('Mo-Fr 09:00-18:00; PH off', '2026-11-29');
    expect(holidays?.closed_dates).toContain('2027-01-04');
    expect(holidays?.seasons).toHaveLength(1);
    for (const cannot of [
      'Mo-Fr 10:00-18:00 "по записи"',
      'sunrise-sunset',
      'Mo-Fr 10:00-18:00; Sa unknown',
      'nonsense 25:00',
    ])
      expect(scheduleOfOsm(cannot, '2026-11-29'), cannot).toBeNull();
  });

  it('reads phones, sites, wheelchair and fee tags; what cannot be stored is kept raw with no value', () => {
    const facts = factsOfTags(
      {
        phone: '+7 81378 24694;+7 81378 24695',
        website: 'https://aalto-library.example.org/',
        wheelchair: 'yes',
        'toilets:wheelchair': 'no',
        fee: 'yes',
      },
      '2026-11-29',
    );
    expect(facts).toEqual([
      { fact: 'phone', proposed: '+7 81378 24694', raw: '+7 81378 24694;+7 81378 24695' },
      {
        fact: 'site',
        proposed: 'https://aalto-library.example.org/',
        raw: 'https://aalto-library.example.org/',
      },
      {
        fact: 'accessibility',
        proposed: { step_free_entrance: true, accessible_toilet: false },
        raw: 'wheelchair=yes; toilets:wheelchair=no',
      },
      { fact: 'admission', proposed: null, raw: 'fee=yes' },
    ]);
    expect(factsOfTags({ wheelchair: 'limited', fee: 'no' }, '2026-11-29')).toEqual([
      { fact: 'accessibility', proposed: null, raw: 'wheelchair=limited' },
      { fact: 'admission', proposed: { free: true }, raw: 'fee=no' },
    ]);
  });
});

describe.each(databaseKinds)('facts from OpenStreetMap on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  let admin: StaffBrowser;
  let server: http.Server;
  let base = '';
  const queries: string[] = [];
  const pub = async (url: string) => (await t.app.inject({ url })).json();

  beforeAll(async () => {
    const answer = await fs.readFile(fixture);
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        if (req.url === '/api/interpreter') {
          queries.push(new URLSearchParams(body).get('data') ?? '');
          res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
        } else if (req.url === '/busy')
          res.writeHead(504, { 'content-type': 'text/html' }).end('<html>Gateway Timeout</html>');
        else if (req.url === '/html')
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>');
        // '/slow' never answers
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp(kind, { OVERPASS_URL: `${base}/api/interpreter`, OVERPASS_TIMEOUT_MS: '1500' });
    await makeStaff(t.database.db, 'osm-ed@lenobl.test', 'editor');
    await makeStaff(t.database.db, 'osm-admin@lenobl.test', 'admin');
    editor = new StaffBrowser(t.app);
    admin = new StaffBrowser(t.app);
    await editor.signIn('osm-ed@lenobl.test');
    await admin.signIn('osm-admin@lenobl.test');
  });
  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await t?.close();
  });

  const idOf = async (name: string) => {
    const r = await sql<{
      id: number;
    }>`select id from places where section = 'attractions' and name ->> 'ru' = ${name}`.execute(
      t.database.db,
    );
    return Number(r.rows[0]?.id);
  };
  const waiting = async () =>
    (await editor.request('GET', '/api/admin/facts/osm/attractions/proposals')).body
      .results as OsmProposalT[];
  const find = (list: OsmProposalT[], place: number, fact: string) =>
    list.find((p) => p.place_id === place && p.fact === fact) as OsmProposalT;

  it('asks Overpass around the section’s places and queues what differs, sure and doubtful', async () => {
    const found = await editor.request('POST', '/api/admin/facts/osm/attractions/search');
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body).toEqual({
      places: expect.any(Number),
      elements: 11,
      sure: 8,
      doubtful: 1,
      proposals: 16,
      same: 2,
    });
    // one query in Overpass QL: JSON, the section's bounding box, around each place
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/^\[out:json\]\[timeout:\d+\]\[bbox:[\d.]+,[\d.]+,[\d.]+,[\d.]+\];/);
    expect(queries[0]).toContain('nwr(around:600,60.715700,28.728700)[name]');
    expect(queries[0]?.match(/around:600/g)).toHaveLength(found.body.places);

    const list = await waiting();
    expect(list).toHaveLength(16);
    const castle = await idOf('Выборгский замок');
    const hours = find(list, castle, 'opening_hours');
    expect(hours).toMatchObject({
      place_name: 'Выборгский замок',
      proposed: { seasons: [{ hours: [{ days: [2, 3, 4, 5, 6, 7], opens: '10:00', closes: '18:00' }] }] },
      raw: 'Tu-Su 10:00-18:00',
      current: null,
      osm_ref: 'way/38710552',
      osm_url: 'https://www.openstreetmap.org/way/38710552',
      osm_name: 'Выборгский замок',
      confidence: 'sure',
      status: 'pending',
    });
    expect(hours.distance_m).toBeLessThan(50);
    // wheelchair=limited: shown to staff, not applicable
    expect(find(list, castle, 'accessibility')).toMatchObject({ proposed: null, raw: 'wheelchair=limited' });
    // the park's relation is named "Монрепо" and lies about 470 m from the portal's point
    const park = find(list, await idOf('Парк Монрепо'), 'opening_hours');
    expect(park.confidence).toBe('doubtful');
    expect(park.distance_m).toBeGreaterThan(150);
    expect(park.osm_ref).toBe('relation/1614519');
    // the memorial's hours and free entry are what the portal already says: nothing to review
    expect(list.some((p) => p.place_id === 0 || p.place_name.includes('Разорванное кольцо'))).toBe(false);
    // the restaurant "Старый Выборг" near the old town is not the old town
    expect(list.some((p) => p.osm_name === 'Старый Выборг')).toBe(false);

    // a new search replaces what waits, it does not add to it
    await editor.request('POST', '/api/admin/facts/osm/attractions/search');
    expect(await waiting()).toHaveLength(16);
  });

  it('an accepted fact is saved to its place with source osm, the object and today, and keeps it through later saves', async () => {
    const castle = await idOf('Выборгский замок');
    const hours = find(await waiting(), castle, 'opening_hours');
    const accepted = await editor.request('POST', `/api/admin/facts/osm/proposals/${hours.id}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const detail = await pub(`/api/attractions/${castle}/`);
    expect(detail.opening_hours).toEqual(hours.proposed);
    expect(detail.fact_sources.opening_hours).toEqual({
      source: 'osm',
      checked: regionToday(),
      ref: 'way/38710552',
    });
    // the save is the back office's: recorded in the item's history
    const history = await editor.request('GET', `/api/admin/content/attractions/${castle}/history`);
    expect(Object.keys(history.body.results[0].changes)).toEqual(
      expect.arrayContaining(['opening_hours', 'fact_sources']),
    );
    // decided once
    const again = await editor.request('POST', `/api/admin/facts/osm/proposals/${hours.id}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('osm_decided');

    // a later save of the place that leaves its hours alone keeps their source
    const item = (await editor.request('GET', `/api/admin/content/attractions/${castle}`)).body;
    const saved = await editor.request('PUT', `/api/admin/content/attractions/${castle}`, {
      version: item.version,
      status: 'published',
      document: {
        ...item.document,
        annotation: { ...item.document.annotation, en: 'A Swedish castle on an island.' },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await pub(`/api/attractions/${castle}/`)).fact_sources.opening_hours.source).toBe('osm');
  });

  it('a value that cannot be stored is not applied; a rejected fact leaves the place as it was', async () => {
    const list = await waiting();
    const tower = find(list, await idOf('Круглая башня'), 'opening_hours');
    expect(tower.proposed).toBeNull();
    expect(tower.raw).toBe('Mo-Fr 10:00-18:00 "по записи"');
    const refused = await editor.request('POST', `/api/admin/facts/osm/proposals/${tower.id}/accept`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('osm_not_applicable');

    const parkId = await idOf('Парк Монрепо');
    const park = find(list, parkId, 'opening_hours');
    const rejected = await editor.request('POST', `/api/admin/facts/osm/proposals/${park.id}/reject`);
    expect(rejected.status).toBe(200);
    expect((await pub(`/api/attractions/${parkId}/`)).opening_hours).toBeNull();
    expect(find(await waiting(), parkId, 'opening_hours')).toBeUndefined();
    const gone = await editor.request('GET', '/api/admin/facts/osm/attractions/proposals?status=rejected');
    expect(gone.body.results.map((p: OsmProposalT) => p.id)).toEqual([park.id]);
  });

  it('accepts every sure fact that can be stored at once, and leaves the doubtful ones to staff', async () => {
    const done = await editor.request('POST', '/api/admin/facts/osm/attractions/accept-sure');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // castle phone and site; clock tower price and access; library hours, phone, site, access; lighthouse site; fortress and church hours
    expect(done.body).toEqual({ accepted: 11, skipped: 0 });
    const left = await waiting();
    expect(left.every((p) => p.proposed === null || p.confidence === 'doubtful')).toBe(true);

    const library = await pub(`/api/attractions/${await idOf('Библиотека Алвара Аалто')}/`);
    expect(library.phone).toBe('+7 81378 24694');
    expect(library.accessibility).toEqual({ step_free_entrance: true, accessible_toilet: true });
    for (const fact of ['opening_hours', 'phone', 'site', 'accessibility'])
      expect(library.fact_sources[fact]).toEqual({
        source: 'osm',
        checked: regionToday(),
        ref: 'way/96113378',
      });
    const fortress = await pub(`/api/attractions/${await idOf('Староладожская крепость')}/`);
    expect(fortress.opening_hours.closed_dates.length).toBeGreaterThan(0);
    const clock = await pub(`/api/attractions/${await idOf('Часовая башня')}/`);
    expect(clock.admission).toEqual({ free: true });
    expect(clock.accessibility).toEqual({ step_free_entrance: false });
  });

  it('an Overpass that fails gives a clear 502 or 503, never a 500 or a hang', async () => {
    const tryWith = async (url: string) => {
      const set = await admin.request('PATCH', '/api/admin/settings', { overpass_url: url });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      return editor.request('POST', '/api/admin/facts/osm/attractions/search');
    };
    const busy = await tryWith(`${base}/busy`);
    expect([busy.status, busy.body.code]).toEqual([502, 'osm_failed']);
    expect(busy.body.message).toContain('504');
    const html = await tryWith(`${base}/html`);
    expect([html.status, html.body.code]).toEqual([502, 'osm_failed']);
    const started = Date.now();
    const slow = await tryWith(`${base}/slow`);
    expect([slow.status, slow.body.code]).toEqual([503, 'osm_unavailable']);
    expect(Date.now() - started).toBeLessThan(10_000);
    // nobody listens there
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await tryWith(`http://127.0.0.1:${port}/api/interpreter`);
    expect([down.status, down.body.code]).toEqual([503, 'osm_unavailable']);
    // what waited is still there
    expect((await waiting()).length).toBeGreaterThan(0);
    await admin.request('PATCH', '/api/admin/settings', { overpass_url: null });
  });

  it('only staff may ask, and a section that is not one of places is a 400', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/admin/facts/osm/attractions/search' });
    expect(anon.statusCode).toBeGreaterThanOrEqual(400);
    expect(anon.statusCode).toBeLessThan(500);
    const bad = await editor.request('POST', '/api/admin/facts/osm/nowhere/search');
    expect(bad.status).toBe(400);
    expect((await editor.request('POST', '/api/admin/facts/osm/proposals/999999/accept')).status).toBe(404);
  });
});
