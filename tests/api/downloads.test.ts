import { describe, expect, it } from 'vitest';
import { databaseKinds, useTestApp } from '../helpers/app.js';
import { parseXml, unfold } from '../helpers/files.js';
import { get } from '../helpers/http.js';

describe.each(databaseKinds)('downloads on %s', (kind) => {
  const ctx = useTestApp(kind);
  const app = () => ctx.t.app;

  describe('GET /api/routes/{id}/gpx/', () => {
    it('is a GPX 1.1 file with the line as a track and the objects as waypoints', async () => {
      const routes = (await get(app(), '/api/routes/')).body as { id: number }[];
      expect(routes.length).toBeGreaterThan(0);
      let withObjects = 0;
      for (const { id } of routes) {
        const detail = (await get(app(), `/api/routes/${id}/`)).body;
        const r = await get(app(), `/api/routes/${id}/gpx/`);
        expect(r.status).toBe(200);
        expect(r.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
        expect(r.headers['content-disposition']).toMatch(
          new RegExp(
            `^attachment; filename="route-${id}\\.gpx"; filename\\*=UTF-8''[A-Za-z0-9%._~!-]+\\.gpx$`,
          ),
        );
        const elements = parseXml(r.text);
        const root = elements[0];
        expect(root?.name).toBe('gpx');
        expect(root?.attrs.version).toBe('1.1');
        expect(root?.attrs.xmlns).toBe('http://www.topografix.com/GPX/1/1');
        const trkpts = elements.filter((e) => e.name === 'trkpt');
        const wpts = elements.filter((e) => e.name === 'wpt');
        expect(trkpts.length).toBe(detail.path.length);
        expect(trkpts.length).toBeGreaterThan(1);
        expect(wpts.length).toBe(detail.objects_along_the_way.length);
        withObjects += wpts.length > 0 ? 1 : 0;
        expect(Number(trkpts[0]?.attrs.lat)).toBeCloseTo(detail.path[0][0], 5);
        expect(Number(trkpts[0]?.attrs.lon)).toBeCloseTo(detail.path[0][1], 5);
        // The element order of the schema: metadata, then waypoints, then the track.
        const order = elements.filter((e) => ['metadata', 'wpt', 'trk'].includes(e.name)).map((e) => e.name);
        expect(order.join(' ')).toMatch(/^metadata (wpt )*trk$/);
        const names = elements.filter((e) => e.name === 'name').map((e) => e.text);
        expect(names[0]).toBe(detail.name);
        for (const [n, o] of detail.objects_along_the_way.entries()) {
          expect(names).toContain(`${n + 1}. ${o.name}`);
        }
      }
      expect(withObjects).toBeGreaterThan(0);
    });

    it('speaks the language of ?lng= or Accept-Language, and gives the same bytes twice', async () => {
      const ru = await get(app(), '/api/routes/1/gpx/');
      const en = await get(app(), '/api/routes/1/gpx/?lng=en');
      const zh = await get(app(), '/api/routes/1/gpx/', { 'accept-language': 'zh-CN,zh;q=0.9' });
      const enName = (await get(app(), '/api/routes/1/', { 'accept-language': 'en' })).body.name;
      const zhName = (await get(app(), '/api/routes/1/', { 'accept-language': 'zh' })).body.name;
      expect(en.text).toContain(`<name>${enName}</name>`);
      expect(en.headers['content-language']).toBe('en');
      expect(zh.text).toContain(`<name>${zhName}</name>`);
      expect(zh.headers['content-language']).toBe('zh');
      expect(ru.headers['content-language']).toBe('ru');
      expect(en.text).toContain('http://portal.test/routes/detail/1?lng=en');
      expect((await get(app(), '/api/routes/1/gpx/?lng=en')).text).toBe(en.text);
    });

    it('answers 404 JSON for an unknown route and 400 for a malformed id or language', async () => {
      const missing = await get(app(), '/api/routes/999999/gpx/');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
      expect((await get(app(), '/api/routes/abc/gpx/')).status).toBe(400);
      expect((await get(app(), '/api/routes/1/gpx/?lng=%3Cscript%3E')).status).toBe(400);
    });
  });

  describe('GET /api/events/{id}/ics/', () => {
    it('is an RFC 5545 calendar with one VEVENT, CRLF lines folded at 75 octets', async () => {
      const events = (await get(app(), '/api/events/?date_from=2000-01-01')).body as { id: number }[];
      expect(events.length).toBeGreaterThan(0);
      for (const { id } of events) {
        const detail = (await get(app(), `/api/events/${id}/`)).body;
        const r = await get(app(), `/api/events/${id}/ics/`);
        expect(r.status).toBe(200);
        expect(r.headers['content-type']).toBe('text/calendar; charset=utf-8');
        expect(r.headers['content-disposition']).toMatch(
          new RegExp(
            `^attachment; filename="event-${id}\\.ics"; filename\\*=UTF-8''[A-Za-z0-9%._~!-]+\\.ics$`,
          ),
        );
        expect(r.text.endsWith('\r\n')).toBe(true);
        // Every line break is CRLF and every physical line is at most 75 octets.
        expect(r.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
        for (const line of r.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
        const lines = unfold(r.text);
        expect(lines[0]).toBe('BEGIN:VCALENDAR');
        expect(lines).toContain('VERSION:2.0');
        expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
        expect(lines).toContain(`UID:event-${id}@portal.test`);
        expect(lines).toContain(`DTSTART;VALUE=DATE:${detail.start_date.replace(/-/g, '')}`);
        const end = new Date(`${detail.end_date}T00:00:00Z`);
        end.setUTCDate(end.getUTCDate() + 1);
        expect(lines).toContain(`DTEND;VALUE=DATE:${end.toISOString().slice(0, 10).replace(/-/g, '')}`);
        expect(lines.find((l) => l.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
        const summary = lines.find((l) => l.startsWith('SUMMARY;LANGUAGE=ru:'))?.slice(20);
        expect(summary).toBe(detail.name.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,'));
        expect(lines.at(-2)).toBe('END:VCALENDAR');
      }
    });

    it('escapes commas, semicolons, backslashes and line breaks in text values', async () => {
      const r = await get(app(), '/api/events/1/ics/');
      const description = unfold(r.text).find((l) => l.startsWith('DESCRIPTION;'));
      expect(description).toBeDefined();
      const value = (description as string).slice((description as string).indexOf(':') + 1);
      // A long text with paragraphs: line breaks are \n escapes, commas are escaped.
      expect(value).toContain('\\n\\n');
      expect(value).toMatch(/\\,/);
      expect(value.replace(/\\[\\;,nN]/g, '')).not.toMatch(/[\\;,]/);
      // Folding did not split a multi-byte character: the unfolded text is valid UTF-8 text.
      expect(r.text).not.toContain('\uFFFD');
    });

    it('is stable (same bytes), in the language of ?lng= or Accept-Language', async () => {
      const first = await get(app(), '/api/events/1/ics/?lng=en');
      const second = await get(app(), '/api/events/1/ics/', { 'accept-language': 'en-GB,en;q=0.8' });
      expect(second.text).toBe(first.text);
      const enName = (await get(app(), '/api/events/1/', { 'accept-language': 'en' })).body.name as string;
      expect(unfold(first.text)).toContain(
        `SUMMARY;LANGUAGE=en:${enName.replace(/;/g, '\\;').replace(/,/g, '\\,')}`,
      );
      const zh = await get(app(), '/api/events/1/ics/?lng=ch');
      expect(zh.headers['content-language']).toBe('zh');
      expect(unfold(zh.text).some((l) => l.startsWith('SUMMARY;LANGUAGE=zh:'))).toBe(true);
      // The UID does not depend on the language.
      const uid = (t: string) => unfold(t).find((l) => l.startsWith('UID:'));
      expect(uid(zh.text)).toBe(uid(first.text));
    });

    it('answers 404 JSON for an unknown event and 400 for a malformed id', async () => {
      const missing = await get(app(), '/api/events/999999/ics/');
      expect(missing.status).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^application\/json/);
      expect(missing.body).toMatchObject({ statusCode: 404 });
      expect((await get(app(), '/api/events/0/ics/')).status).toBe(400);
      expect((await get(app(), '/api/events/1.5/ics/')).status).toBe(400);
    });
  });
});

describe('download helpers', () => {
  it('fold lines at 75 octets without splitting characters and escape TEXT', async () => {
    const { foldLine, escapeText } = await import('../../server/lib/ics.js');
    const line = `DESCRIPTION:${'Ж'.repeat(100)}x${'中'.repeat(50)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('make safe file names', async () => {
    const { safeFileName } = await import('../../server/lib/download.js');
    expect(safeFileName('../../etc/passwd', 'x')).toBe('etc passwd');
    expect(safeFileName('«Ночь искусств»: Гатчина?', 'x')).toBe('«Ночь искусств» Гатчина');
    expect(safeFileName('\u0000\u202e', 'fallback')).toBe('fallback');
  });
});
