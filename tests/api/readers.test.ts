import { describe, expect, it } from 'vitest';
import type { Lang } from '../../common/languages.js';
import { infoPageSlugs } from '../../common/pages.js';
import { databaseKinds, useTestApp } from '../helpers/app.js';
import { get } from '../helpers/http.js';

// The page loaders read the API in-process (server/lib/readers.ts): for every path they call, the
// reader must give what the HTTP answer says, value for value, and fail with the same status and body.

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

describe.each(databaseKinds)('in-process reads on %s', (kind) => {
  const ctx = useTestApp(kind);
  const app = () => ctx.t.app;

  async function same(path: string, lang: Lang): Promise<number> {
    const http = await get(app(), path, { 'accept-language': lang });
    const read = await app().readers.read(path, lang);
    if (http.status === 200) {
      expect(read, `${path} (${lang})`).toEqual({ ok: true, data: http.body });
    } else {
      expect(read, `${path} (${lang})`).toEqual({ ok: false, status: http.status, body: http.body });
    }
    return http.status;
  }

  it("the loaders' paths: the same objects as the JSON answers, in every language", async () => {
    const slug = infoPageSlugs[0];
    const paths = [
      '/api/directions/nav-list/',
      '/api/pages/main-page/1/',
      '/api/footer-content/',
      '/api/contacts/',
      '/api/pages/',
      `/api/pages/${slug}/`,
      '/api/directions/',
      '/api/directions/1/',
      '/api/tourism-type/',
      '/api/directory/district/',
      '/api/directory/city/',
      '/api/directory/object-type/',
      '/api/attractions/popular/?limit=6',
      '/api/attractions/?limit=9&offset=9&district__in=1,2,3,4,5,6',
      '/api/routes/?limit=9&way_to_travel=1&way_to_travel=2',
      '/api/events/?limit=9&date_from=2020-01-01',
      `/api/news/?limit=3&search=${encodeURIComponent('усадьба')}`,
      `/api/search/?q=${encodeURIComponent('крепость')}&limit=4`,
      '/api/auth/subscribe/toggle/',
    ];
    for (const section of sections) {
      const list = await get<{ results: { id: number }[] }>(app(), `/api/${section}/?limit=2`);
      for (const item of list.body.results) paths.push(`/api/${section}/${item.id}/`);
    }
    for (const lang of ['ru', 'en', 'zh'] as const) {
      for (const path of paths) expect(await same(path, lang), path).toBe(200);
    }
  });

  it('the same 400 for a bad value and the same 404 for a missing item or an unknown path', async () => {
    const failures: [string, number][] = [
      ['/api/attractions/99999999/', 404],
      ['/api/news/0/', 400],
      ['/api/routes/abc/', 400],
      ['/api/attractions/?limit=0', 400],
      ['/api/attractions/?limit=10&offset=-1', 400],
      ['/api/attractions/?district__in=1,x', 400],
      ['/api/routes/?way_to_travel=a', 400],
      ['/api/attractions/?limit=1e309', 400],
      ['/api/attractions/?search=a%00b', 400],
      ['/api/events/?date_from=2026-02-01&date_to=2026-01-01', 400],
      ['/api/events/?date_from=yesterday', 400],
      ['/api/search/?q=a', 400],
      ['/api/pages/Not_A_Slug/', 400],
      ['/api/pages/no-such-page/', 404],
      ['/api/nothing-here/', 404],
    ];
    for (const [path, status] of failures) expect(await same(path, 'en'), path).toBe(status);
  });

  it('answers with the object itself: no JSON on the way', async () => {
    const read = await app().readers.read('/api/directions/1/', 'en');
    expect(read.ok && typeof read.data).toBe('object');
    // A GET of a path that serves only other methods is no read either.
    expect(await app().readers.read('/api/auth/feedback/', 'en')).toMatchObject({ ok: false, status: 404 });
  });
});
