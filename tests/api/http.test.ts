import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFormats, imageWidths } from '../../common/media.js';
import { docPictures, richTranslatedOf } from '../../common/rich-text.js';
import type { Content } from '../../content/load.js';
import { contentPictures } from '../../server/modules/media/content-pictures.js';
import { createMediaPipeline } from '../../server/modules/media/pipeline.js';
import { createTestApp, demoContent, type TestApp } from '../helpers/app.js';
import { get } from '../helpers/http.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('bad input, languages, caching and service routes', () => {
  let t: TestApp;
  let c: Content;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    c = await demoContent();
  });
  afterAll(() => t?.close());

  it.each([
    ['/api/attractions/?limit=abc', /limit must be integer/],
    ['/api/attractions/?limit=-1', /limit must be >= 1/],
    ['/api/attractions/?limit=0', /limit must be >= 1/],
    ['/api/attractions/?limit=101', /limit must be <= 100/],
    ['/api/news/?limit=8&offset=-5', /offset must be >= 0/],
    ['/api/news/?limit=8&offset=1.5', /offset must be integer/],
    ['/api/attractions/?district__in=1,,2', /district__in must be a comma-separated list of ids/],
    ['/api/attractions/?district__in=abc', /district__in must be a comma-separated list of ids/],
    ['/api/attractions/?type__in=1;drop table places', /type__in must be a comma-separated list of ids/],
    ['/api/routes/?way_to_travel=car', /way_to_travel/],
    [`/api/attractions/?search=${'я'.repeat(10_000)}`, /search must NOT have more than 200 characters/],
    ['/api/attractions/abc/', /id must be integer/],
    ['/api/attractions/0/', /id must be >= 1/],
    ['/api/attractions/99999999999/', /id must be <= 2147483647/],
    ['/api/events/?date_to=31.12.2026', /date_to must match format "date"/],
  ])('%s is a 400 with a clear JSON message', async (url, message) => {
    const r = await get(t.app, url);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(r.body.message).toMatch(message);
  });

  it('unknown paths under /api are 404 JSON', async () => {
    for (const url of ['/api/nope/', '/api/attractions/1/extra/', '/api']) {
      const r = await get(t.app, url);
      expect(r.status, url).toBe(404);
      expect(r.body.statusCode, url).toBe(404);
    }
    const post = await t.app.inject({ method: 'DELETE', url: '/api/news/nope/1/' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error).toBe('Not Found');
  });

  it('answers in the language of Accept-language, ch meaning zh, falling back to ru', async () => {
    const name = async (lang: string) =>
      (await get(t.app, '/api/attractions/1/', lang ? { 'accept-language': lang } : {})).body.name;
    const a = c.attractions[0];
    expect(await name('')).toBe(a?.name.ru);
    expect(await name('en')).toBe(a?.name.en);
    expect(await name('en-GB,en;q=0.9')).toBe(a?.name.en);
    expect(await name('zh')).toBe(a?.name.zh);
    expect(await name('ch')).toBe(a?.name.zh);
    expect(await name('zh-CN')).toBe(a?.name.zh);
    expect(await name('fr')).toBe(a?.name.ru);
    expect(await name('fr, en;q=0.5, zh;q=0.8')).toBe(a?.name.zh);
    expect(await name(';;;,,q=abc')).toBe(a?.name.ru);
  });

  it('falls back to ru field by field where a translation is missing', async () => {
    await t.database.db
      .updateTable('news')
      .set({ annotation: JSON.stringify({ ru: 'Только по-русски' }) })
      .where('id', '=', 1)
      .execute();
    const r = await get(t.app, '/api/news/1/', { 'accept-language': 'en' });
    expect(r.body.annotation).toBe('Только по-русски');
    expect(r.body.name).toBe(c.news[0]?.name.en);
  });

  it('sends ETag, Cache-Control and Vary, and 304 for a matching If-None-Match', async () => {
    const r = await get(t.app, '/api/directions/');
    expect(r.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(String(r.headers.vary)).toMatch(/Accept-Language/);
    expect(r.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      url: '/api/directions/',
      headers: { 'if-none-match': String(r.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const en = await get(t.app, '/api/directions/', { 'accept-language': 'en' });
    expect(en.headers.etag).not.toBe(r.headers.etag);
  });

  it('compresses when the client accepts it', async () => {
    const r = await t.app.inject({ url: '/api/attractions/', headers: { 'accept-encoding': 'gzip' } });
    expect(r.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(zlib.gunzipSync(r.rawPayload).toString('utf8'));
    expect(body).toHaveLength(c.attractions.length);
  });

  it('serves the UI translations, ch meaning zh', async () => {
    const ru = await get(t.app, '/locales/ru/translation.json');
    expect(ru.status).toBe(200);
    expect(typeof ru.body).toBe('object');
    const ch = await get(t.app, '/locales/ch/translation.json');
    const zh = await get(t.app, '/locales/zh/translation.json');
    expect(ch.body).toEqual(zh.body);
    expect((await get(t.app, '/locales/xx/translation.json')).status).toBe(404);
    expect((await get(t.app, '/locales/en/nope.json')).status).toBe(404);
    expect((await get(t.app, '/locales/en/..%2F..%2Fpackage.json')).status).toBeGreaterThanOrEqual(400);
  });

  it('the translations at their current version may be kept for good, any other for five minutes', async () => {
    const versions = await t.app.localeFiles.versions();
    expect(versions.translation).toMatch(/^[0-9a-f]{10}$/);
    const current = await get(t.app, `/locales/en/translation.json?v=${versions.translation}`);
    expect(current.status).toBe(200);
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(current.body).toEqual((await get(t.app, '/locales/en/translation.json')).body);
    for (const url of ['/locales/en/translation.json', '/locales/en/translation.json?v=0123456789'])
      expect((await get(t.app, url)).headers['cache-control']).toBe('public, max-age=300');
    // Another namespace's version is not this one's.
    expect(versions.layout).not.toBe(versions.translation);
    const other = await get(t.app, `/locales/en/translation.json?v=${versions.layout}`);
    expect(other.headers['cache-control']).toBe('public, max-age=300');
    const bad = await get(t.app, '/locales/en/translation.json?v=not-a-version');
    expect(bad.status).toBe(400);
    expect(bad.body.detail ?? bad.body.message ?? JSON.stringify(bad.body)).toMatch(/v/);
  });

  it('renders pictures in the listed widths and formats, and caches them', async () => {
    const img = (await get(t.app, '/api/attractions/1/')).body.img as string;
    for (const [url, type] of [
      [img, 'image/jpeg'],
      [img.replace('640.jpg', '320.webp'), 'image/webp'],
      [img.replace('640.jpg', '480.avif'), 'image/avif'],
    ] as const) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toBe(type);
      expect(r.headers['cache-control']).toContain('immutable');
      expect(r.rawPayload.length).toBeGreaterThan(500);
    }
    const cached = await t.app.inject({ url: img });
    expect(cached.rawPayload.equals((await t.app.inject({ url: img })).rawPayload)).toBe(true);
    expect((await t.app.inject({ url: img.replace('640.jpg', '641.jpg') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: img.replace('640.jpg', '640.gif') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/unknown-category.x-1/640.jpg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/..%2F..%2Fetc.passwd/640.jpg' })).statusCode).toBe(404);
    const logo = (await get(t.app, '/api/footer-content/')).body.partners[0].logo;
    expect((await t.app.inject({ url: logo })).statusCode).toBe(200);
  });

  it('renders a rendition once however many ask for it at the same time', async () => {
    const before = t.app.media.stats.rendered;
    const url = '/media/lake.single-flight-1/480.webp';
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.app.inject({ url })));
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.headers['cache-control']).toContain('immutable');
      expect(a.rawPayload.equals(answers[0]?.rawPayload as Buffer)).toBe(true);
    }
    expect(t.app.media.stats.rendered - before).toBe(1);
  });

  it('a photo stored in the media table is rendered in every width and format once announced', async () => {
    const id = 'photo.added-1';
    const photo = await sharp({
      create: { width: 1800, height: 1200, channels: 3, background: { r: 40, g: 110, b: 160 } },
    })
      .png()
      .toBuffer();
    await t.database.db.insertInto('media').values({ id, content_type: 'image/png', data: photo }).execute();
    t.app.media.pictureAdded(id);
    const deadline = Date.now() + 60_000;
    while (!t.app.media.stats.idle && Date.now() < deadline) await sleep(50);
    const files = (await fs.readdir(path.join(t.dataDir, 'media-cache', id))).sort();
    expect(files).toEqual(imageWidths.flatMap((w) => imageFormats.map((f) => `${w}.${f}`)).sort());
    // Asked for now, each is read from disk.
    const rendered = t.app.media.stats.rendered;
    const r = await t.app.inject({ url: `/media/${id}/1600.avif` });
    expect([r.statusCode, r.headers['content-type']]).toEqual([200, 'image/avif']);
    expect((await sharp(r.rawPayload).metadata()).width).toBe(1600);
    expect(t.app.media.stats.rendered).toBe(rendered);
  });

  it('while a rendition waits for its turn, a rendered one of the same picture stands in, or 503 says when', async () => {
    const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-media-'));
    // No wait at all: nothing is rendered on request, what is on disk stands in.
    const pipeline = createMediaPipeline(t.database.readDb, {
      cacheDir,
      log: pino({ level: 'silent' }),
      concurrency: 1,
      maxWaitMs: 0,
    });
    try {
      const id = 'forest.stand-in-1';
      expect(await pipeline.get(id, 960, 'avif')).toEqual({ kind: 'later', retryAfterSeconds: 1 });
      expect(await pipeline.get('nope.stand-in-1', 960, 'avif')).toEqual({ kind: 'missing' });
      await fs.mkdir(path.join(cacheDir, id));
      const blank = sharp({ create: { width: 640, height: 400, channels: 3, background: '#888' } });
      await fs.writeFile(path.join(cacheDir, id, '640.jpg'), await blank.clone().jpeg().toBuffer());
      await fs.writeFile(
        path.join(cacheDir, id, '320.webp'),
        await blank.clone().resize({ width: 320 }).webp().toBuffer(),
      );
      const standIn = async (width: number, format: 'jpg' | 'webp' | 'avif') => {
        const p = await pipeline.get(id, width, format);
        return p.kind === 'stand-in' ? `${p.width}.${p.format}` : p.kind;
      };
      // the nearest width, rather larger than smaller, in a format the asker takes
      expect(await standIn(960, 'avif')).toBe('640.jpg');
      expect(await standIn(480, 'webp')).toBe('640.jpg');
      expect(await standIn(320, 'avif')).toBe('320.webp');
      expect(await standIn(320, 'jpg')).toBe('640.jpg');
      expect(await standIn(1600, 'avif')).toBe('640.jpg');
      expect((await pipeline.get(id, 640, 'jpg')).kind).toBe('rendition');
      expect((await pipeline.get(id, 320, 'webp')).kind).toBe('rendition');
    } finally {
      await pipeline.close();
      await fs.rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('lists every picture of the content to render ahead, each once, the home page first', async () => {
    const ids = await contentPictures(t.database.readDb);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/\.main-hero-0$/);
    const wanted = [
      ...c.attractions.flatMap((a) => a.pictures.map((p, i) => `${p}.attractions-${a.key}-${i}`)),
      ...c.partners.map((p) => `logo.partner-${p.key}`),
      'photo.added-1',
    ];
    expect(ids).toEqual(expect.arrayContaining(wanted));
    // a page's body as stored (blocks, or documents once saved): its pictures are among them
    const bodies = (await t.database.readDb.selectFrom('pages').select('blocks').execute()).map((p) =>
      richTranslatedOf(p.blocks),
    );
    const inBodies = bodies.flatMap((b) => docPictures(b?.ru ?? { type: 'doc', content: [] }));
    expect(inBodies.length).toBeGreaterThan(0);
    expect(ids).toEqual(expect.arrayContaining(inBodies));
  });

  it('publishes an OpenAPI document and a browsable UI', async () => {
    const doc = await get(t.app, '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/attractions/',
      '/api/routes/{id}/',
      '/api/directory/kitchen-type/',
      '/api/pages/main-page/{id}/',
    ]) {
      expect(Object.keys(doc.body.paths), path).toContain(path);
    }
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('<html');
  });
});
