import { describe, expect, it } from 'vitest';
import type { Lang } from '../../common/languages.js';
import { infoPageSlugs } from '../../common/pages.js';
import { isReadFailure, type ReadApi } from '../../common/read-api.js';
import { createPageReads } from '../../server/lib/page-reads.js';
import { databaseKinds, useTestApp } from '../helpers/app.js';
import { get } from '../helpers/http.js';

// The page loaders read the API in-process (server/lib/page-reads.ts, common/read-api.ts): each
// read must give what the HTTP answer of its endpoint says, value for value, and fail with the
// same status and body. The browser's reads GET the same endpoints (tests/unit/web-api-client.test.ts).

const sections = [
  'attractions',
  'residence',
  'caterings',
  'entertainment',
  'tourist-information-centers',
  'routes',
  'events',
  'news',
  'tourism-type',
] as const;

type Call = (read: ReadApi, lang: Lang) => Promise<unknown>;

describe.each(databaseKinds)('in-process reads on %s', (kind) => {
  const ctx = useTestApp(kind);
  const app = () => ctx.t.app;
  const reads = () => createPageReads(app().routeReads);

  /** The read's answer beside the HTTP answer of `path`; the status. */
  async function same(call: Call, path: string, lang: Lang): Promise<number> {
    const http = await get(app(), path, { 'accept-language': lang });
    const read = await call(reads(), lang).then(
      (data) => ({ ok: true, data }),
      (error: unknown) => {
        if (!isReadFailure(error)) throw error;
        return { ok: false, status: error.status, body: error.body };
      },
    );
    if (http.status === 200) expect(read, `${path} (${lang})`).toEqual({ ok: true, data: http.body });
    else expect(read, `${path} (${lang})`).toEqual({ ok: false, status: http.status, body: http.body });
    return http.status;
  }

  it("the loaders' reads: the same objects as the JSON answers, in every language", async () => {
    const slug = infoPageSlugs[0] as string;
    const calls: [Call, string][] = [
      [(r, l) => r.navList(l), '/api/directions/nav-list/'],
      [(r, l) => r.mainPage(l), '/api/pages/main-page/1/'],
      [(r, l) => r.footerContent(l), '/api/footer-content/'],
      [(r, l) => r.contacts(l), '/api/contacts/'],
      [(r, l) => r.infoPages(l), '/api/pages/'],
      [(r, l) => r.infoPage(l, slug), `/api/pages/${slug}/`],
      [(r, l) => r.directions(l), '/api/directions/'],
      [(r, l) => r.direction(l, 1), '/api/directions/1/'],
      [(r, l) => r.tourismTypes(l), '/api/tourism-type/'],
      [(r, l) => r.directory(l, 'district'), '/api/directory/district/'],
      [(r, l) => r.directory(l, 'city'), '/api/directory/city/'],
      [(r, l) => r.directory(l, 'object-type'), '/api/directory/object-type/'],
      [(r, l) => r.list(l, 'popular-places', { limit: 6 }), '/api/attractions/popular/?limit=6'],
      [
        (r, l) => r.list(l, 'attractions', { limit: 9, offset: 9, district__in: '1,2,3,4,5,6' }),
        '/api/attractions/?limit=9&offset=9&district__in=1,2,3,4,5,6',
      ],
      [
        (r, l) => r.list(l, 'routes', { limit: 9, way_to_travel: [1, 2] }),
        '/api/routes/?limit=9&way_to_travel=1&way_to_travel=2',
      ],
      [
        (r, l) => r.list(l, 'events', { limit: 9, date_from: '2020-01-01' }),
        '/api/events/?limit=9&date_from=2020-01-01',
      ],
      [
        (r, l) => r.list(l, 'news', { limit: 3, search: 'усадьба' }),
        `/api/news/?limit=3&search=${encodeURIComponent('усадьба')}`,
      ],
      [
        (r, l) => r.search(l, { q: 'крепость', limit: 4 }),
        `/api/search/?q=${encodeURIComponent('крепость')}&limit=4`,
      ],
      [(r, l) => r.subscribeToggle(l), '/api/auth/subscribe/toggle/'],
      [(r, l) => r.practicalOffer(l, {}), '/api/practical-filters/'],
      [(r, l) => r.practicalOffer(l, { district: 1 }), '/api/practical-filters/?district=1'],
    ];
    for (const section of sections) {
      const list = await get<{ results: { id: number }[] }>(app(), `/api/${section}/?limit=2`);
      for (const item of list.body.results)
        calls.push([(r, l) => r.detail(l, section, item.id), `/api/${section}/${item.id}/`]);
    }
    const trip = await get<{ results: { id: number }[] }>(app(), '/api/attractions/?limit=2');
    const items = trip.body.results.map((i) => `attractions.${i.id}`).join(',');
    calls.push([(r, l) => r.trip(l, { items }), `/api/trip/?items=${items}`]);
    for (const lang of ['ru', 'en', 'zh'] as const) {
      for (const [call, path] of calls) expect(await same(call, path, lang), path).toBe(200);
    }
  });

  it('the same 400 for a bad value and the same 404 for a missing item or an unknown directory', async () => {
    const failures: [Call, string, number][] = [
      [(r, l) => r.detail(l, 'attractions', 99999999), '/api/attractions/99999999/', 404],
      [(r, l) => r.detail(l, 'news', 0), '/api/news/0/', 400],
      [(r, l) => r.detail(l, 'routes', 'abc' as unknown as number), '/api/routes/abc/', 400],
      [(r, l) => r.list(l, 'attractions', { limit: 0 }), '/api/attractions/?limit=0', 400],
      [
        (r, l) => r.list(l, 'attractions', { limit: 10, offset: -1 }),
        '/api/attractions/?limit=10&offset=-1',
        400,
      ],
      [
        (r, l) => r.list(l, 'attractions', { district__in: '1,x' }),
        '/api/attractions/?district__in=1,x',
        400,
      ],
      [(r, l) => r.list(l, 'routes', { way_to_travel: 'a' }), '/api/routes/?way_to_travel=a', 400],
      [(r, l) => r.list(l, 'attractions', { limit: '1e309' }), '/api/attractions/?limit=1e309', 400],
      [(r, l) => r.list(l, 'attractions', { search: 'a\0b' }), '/api/attractions/?search=a%00b', 400],
      [
        (r, l) => r.list(l, 'events', { date_from: '2026-02-01', date_to: '2026-01-01' }),
        '/api/events/?date_from=2026-02-01&date_to=2026-01-01',
        400,
      ],
      [(r, l) => r.list(l, 'events', { date_from: 'yesterday' }), '/api/events/?date_from=yesterday', 400],
      [(r, l) => r.search(l, { q: 'a', limit: 4 }), '/api/search/?q=a&limit=4', 400],
      [(r, l) => r.infoPage(l, 'Not_A_Slug'), '/api/pages/Not_A_Slug/', 400],
      [(r, l) => r.infoPage(l, 'no-such-page'), '/api/pages/no-such-page/', 404],
      [(r, l) => r.directory(l, 'nothing-here'), '/api/directory/nothing-here/', 404],
    ];
    for (const [call, path, status] of failures) expect(await same(call, path, 'en'), path).toBe(status);
  });

  it('answers with the object itself: no JSON on the way', async () => {
    const direction = await reads().direction('en', 1);
    expect(typeof direction).toBe('object');
    expect(direction.id).toBe(1);
  });
});
