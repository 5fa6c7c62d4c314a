import { type AppLoadContext, createRequestHandler } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRequest, RenderedPage } from '../../common/web-entry.js';
import { createPageReads } from '../../server/lib/page-reads.js';
import { loadWebBuild } from '../../server/web.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

// The server and the web app's entry talk through React Router's load context only: the server
// gives the entry what a page request needs (common/web-entry.ts), the loaders and the entry's
// handleRequest get it as their context, and a rendered page's HTML comes back in it. Needs the
// web build (npm run build).

const web = await loadWebBuild();

describe.skipIf(!web)('the web entry and the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, undefined, web);
  });
  afterAll(() => t?.close());

  it('exports nothing for the server but the load context', () => {
    expect(Object.keys(web?.entry.module ?? {}).sort()).toEqual([
      'createLoadContext',
      'default',
      'streamTimeout',
    ]);
  });

  it("hands a rendered page's HTML back in the load context, and the server sends that text", async () => {
    const entry = web?.entry.module as unknown as {
      createLoadContext(request: PageRequest): Promise<AppLoadContext>;
    };
    const url = new URL('/news/list', t.app.config.publicUrl);
    const page: RenderedPage = {};
    const context = await entry.createLoadContext({
      url,
      cookie: null,
      acceptLanguage: 'en',
      read: createPageReads(t.app.routeReads),
      translations: (lang) => t.app.localeFiles.bundles(lang),
      stringVersions: await t.app.localeFiles.versions(),
      publicUrl: t.app.config.publicUrl,
      badgeScriptUrl: t.app.config.badgeScriptUrl,
      page,
    });
    const response = await createRequestHandler(web as NonNullable<typeof web>, 'production')(
      new Request(url),
      context,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.body).toBeNull();
    expect(page.html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    const title = page.html?.match(/<title>[^<]+<\/title>/)?.[0];
    expect(title).toBeTruthy();

    const served = await t.app.inject({ url: '/news/list', headers: { 'accept-language': 'en' } });
    expect(served.statusCode).toBe(200);
    expect(served.body).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(served.body).toContain(title);
  });
});
