import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addDays, regionToday } from '../../common/date-presets.js';
import { infoPageSlugs } from '../../common/pages.js';
import { databaseKinds, useTestApp } from '../helpers/app.js';
import { get } from '../helpers/http.js';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);

describe.each(databaseKinds)('robots.txt and sitemaps on %s', (kind) => {
  const ctx = useTestApp(kind);
  const app = () => ctx.t.app;

  it('robots.txt allows the site, keeps crawlers out of the API and search results, names the sitemap', async () => {
    const r = await get(app(), '/robots.txt');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.text).toMatch(/^User-agent: \*$/m);
    expect(r.text).toMatch(/^Disallow: \/api\/$/m);
    // /search covers both addresses of the results: /search?q= and /search/{query}
    expect(r.text).toMatch(/^Disallow: \/search$/m);
    expect(r.text).toMatch(/^Sitemap: http:\/\/portal\.test\/sitemap\.xml$/m);
  });

  it('the sitemap index lists the static pages and one file per kind of detail page', async () => {
    const r = await get(app(), '/sitemap.xml');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/xml/);
    expect(r.text).toContain('<sitemapindex');
    const files = locs(r.text);
    expect(files).toContain('http://portal.test/sitemaps/pages.xml');
    for (const kind of [
      'directions',
      'routes',
      'attractions',
      'events',
      'news',
      'tourism-type',
      'caterings',
    ]) {
      expect(files).toContain(`http://portal.test/sitemaps/${kind}-1.xml`);
    }
    for (const file of files) {
      const part = await get(app(), new URL(file).pathname);
      expect(part.status, file).toBe(200);
      expect(part.text).toContain('<urlset');
    }
  });

  it('every public page is listed in every language with hreflang alternates', async () => {
    const pages = (await get(app(), '/sitemaps/pages.xml')).text;
    const urls = locs(pages);
    for (const path of [
      '/',
      '/directions',
      '/map',
      '/attractions/list',
      '/news/list',
      ...infoPageSlugs.map((s) => `/${s}`),
    ]) {
      // Every language's address says its language: a crawler's Accept-Language changes nothing.
      expect(urls).toContain(`http://portal.test${path}?lng=ru`);
      expect(urls).not.toContain(`http://portal.test${path}`);
      expect(urls).toContain(`http://portal.test${path}?lng=en`);
      expect(urls).toContain(`http://portal.test${path}?lng=zh`);
    }
    const attractions = (await get(app(), '/sitemaps/attractions-1.xml')).text;
    expect(locs(attractions)).toHaveLength(ctx.c.attractions.length * 3);
    expect(attractions).toContain(
      '<xhtml:link rel="alternate" hreflang="zh-Hans" href="http://portal.test/attractions/detail/1?lng=zh"/>',
    );
    // The address without a language answers in the visitor's: the x-default.
    expect(attractions).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="http://portal.test/attractions/detail/1"/>',
    );
    const routes = locs((await get(app(), '/sitemaps/routes-1.xml')).text);
    expect(routes).toHaveLength(ctx.c.routes.length * 3);
  });

  it('gives every item page its last change as <lastmod>, and every file of the index the latest of its kind', async () => {
    const db = ctx.t.database.db;
    const entries = (xml: string) =>
      [...xml.matchAll(/<(url|sitemap)><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => ({
        loc: m[2] as string,
        lastmod: m[3],
      }));
    // An edit of one attraction and one news item.
    await sql`update places set updated_at = '2031-05-06T07:08:09.5Z' where section = 'attractions' and id = 2`.execute(
      db,
    );
    await sql`update news set updated_at = '2030-01-02T03:04:05Z' where id = 1`.execute(db);
    const loaded = await sql<{
      updated_at: Date;
    }>`select updated_at from places where section = 'attractions' and id = 1`.execute(db);
    const seeded = new Date(loaded.rows[0]?.updated_at ?? 0).toISOString().replace(/\.\d{3}Z$/, 'Z');

    const attractions = entries((await get(app(), '/sitemaps/attractions-1.xml')).text);
    expect(attractions).toHaveLength(ctx.c.attractions.length * 3);
    for (const e of attractions) expect(e.lastmod, e.loc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const at = (loc: string) => attractions.find((e) => e.loc === loc)?.lastmod;
    expect(at('http://portal.test/attractions/detail/2?lng=ru')).toBe('2031-05-06T07:08:09Z');
    expect(at('http://portal.test/attractions/detail/2?lng=zh')).toBe('2031-05-06T07:08:09Z');
    expect(at('http://portal.test/attractions/detail/1?lng=ru')).toBe(seeded);
    const news = entries((await get(app(), '/sitemaps/news-1.xml')).text);
    expect(news.find((e) => e.loc === 'http://portal.test/news/detail/1?lng=ru')?.lastmod).toBe(
      '2030-01-02T03:04:05Z',
    );

    const index = entries((await get(app(), '/sitemap.xml')).text);
    const file = (name: string) => index.find((e) => e.loc === `http://portal.test/sitemaps/${name}.xml`);
    expect(file('attractions-1')?.lastmod).toBe('2031-05-06T07:08:09Z');
    expect(file('news-1')?.lastmod).toBe('2030-01-02T03:04:05Z');
    expect(file('routes-1')?.lastmod).toMatch(/^\d{4}-/);

    // Information pages have a date of their own.
    const pages = entries((await get(app(), '/sitemaps/pages.xml')).text);
    expect(pages.find((e) => e.loc === 'http://portal.test/information?lng=ru')?.lastmod).toMatch(/^\d{4}-/);
  });

  it('gives the home page, the lists and the map the latest change of what they show, and pages.xml the latest of its pages', async () => {
    const db = ctx.t.database.db;
    // An edited route; a news item archived in the back office (it leaves its table, its save
    // stays in the history); an event whose last day was yesterday, which left the events to come
    // at the region's midnight; every other event unchanged since long ago.
    const today = regionToday();
    const yesterday = addDays(today, -1);
    await sql`update routes set updated_at = '2033-01-01T00:00:00Z' where id = 1`.execute(db);
    await sql`insert into content_history (section, item_id, version, status, changed_at, changes, document)
      values ('news', 1, 2, 'archived', '2034-02-02T00:00:00Z', '{}', '{}')`.execute(db);
    await sql`update events set updated_at = '2020-01-01T00:00:00Z'`.execute(db);
    await sql`update events set start_date = ${yesterday}, end_date = ${yesterday} where id = 1`.execute(db);
    // The region's time is UTC+3 all year.
    const regionMidnight = new Date(`${today}T00:00:00+03:00`).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const directions = await sql<{ at: Date }>`select max(updated_at) as at from directions`.execute(db);
    const directionsChanged = new Date(directions.rows[0]?.at ?? 0).toISOString().replace(/\.\d{3}Z$/, 'Z');

    const pages = (await get(app(), '/sitemaps/pages.xml')).text;
    const lastmod = (path: string) =>
      new RegExp(
        `<url><loc>${`http://portal.test${path}?lng=zh`.replace(/[.?]/g, '\\$&')}</loc><lastmod>([^<]+)</lastmod>`,
      ).exec(pages)?.[1];
    expect(lastmod('/routes/list')).toBe('2033-01-01T00:00:00Z');
    expect(lastmod('/news/list')).toBe('2034-02-02T00:00:00Z');
    expect(lastmod('/events/list')).toBe(regionMidnight);
    expect(lastmod('/map')).toBe('2033-01-01T00:00:00Z');
    expect(lastmod('/')).toBe('2034-02-02T00:00:00Z');
    expect(lastmod('/directions')).toBe(directionsChanged);
    for (const slug of ['attractions', 'popular-places', 'residence', 'tourism-type'])
      expect(lastmod(`/${slug}/list`), slug).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // Every page of the file has one, and the index gives the file the latest of them.
    expect(locs(pages).length).toBe([...pages.matchAll(/<lastmod>/g)].length);
    const index = (await get(app(), '/sitemap.xml')).text;
    expect(index).toContain(
      '<sitemap><loc>http://portal.test/sitemaps/pages.xml</loc><lastmod>2034-02-02T00:00:00Z</lastmod></sitemap>',
    );
  });

  it('describes the site search for browsers (OpenSearch) with the address the search form sends', async () => {
    for (const [lng, shortName] of [
      ['ru', 'Ленобласть'],
      ['en', 'Lenoblast'],
      ['zh', '列宁格勒州'],
    ] as const) {
      const r = await get(app(), `/opensearch.xml?lng=${lng}`);
      expect(r.status, lng).toBe(200);
      expect(r.headers['content-type']).toMatch(/^application\/opensearchdescription\+xml/);
      expect(r.headers['cache-control']).toMatch(/public/);
      expect(r.headers['set-cookie']).toBeUndefined();
      expect(r.text).toContain('<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">');
      expect(r.text).toContain(`<ShortName>${shortName}</ShortName>`);
      // OpenSearch's limit on the short name
      expect(shortName.length).toBeLessThanOrEqual(16);
      expect(r.text).toContain(
        `<Url type="text/html" template="http://portal.test/search?q={searchTerms}&amp;lng=${lng}"/>`,
      );
    }
    // Without a language: Russian, the site's default.
    expect((await get(app(), '/opensearch.xml')).text).toContain('<ShortName>Ленобласть</ShortName>');
    expect((await get(app(), '/opensearch.xml?lng=xx')).status).toBe(400);
  });

  it('answers 404 for sitemap files that do not exist', async () => {
    for (const path of ['/sitemaps/routes-2.xml', '/sitemaps/unknown-1.xml', '/sitemaps/routes-0.xml']) {
      expect((await get(app(), path)).status, path).toBe(404);
    }
    expect((await get(app(), '/sitemaps/..%2Fpackage.json')).status).toBe(400);
  });
});
