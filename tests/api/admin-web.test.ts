import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServerPath, isStaffPath } from '../../server/lib/request-url.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// The back office's page under /admin (server/admin-web.ts), served from a build folder, and the
// one-account read its edit form uses. A stand-in build: the server serves whatever Vite wrote.

const page =
  '<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>x</title></head>' +
  '<body><div id="root"></div><script type="module" src="/admin/assets/index-Ab12Cd34.js"></script></body></html>';

describe('the back office page', () => {
  let t: TestApp;
  let build: string;
  beforeAll(async () => {
    build = await fs.mkdtemp(path.join(os.tmpdir(), 'admin-build-'));
    await fs.mkdir(path.join(build, 'assets'));
    await fs.writeFile(path.join(build, 'index.html'), page);
    await fs.writeFile(path.join(build, 'assets/index-Ab12Cd34.js'), 'console.log("admin");');
    t = await createTestApp('pglite', { RESPONSE_CACHE_SECONDS: '30' }, build);
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(build, { recursive: true, force: true });
  });

  it('answers every /admin path with its page: not stored, its own CSP, no Referer, not indexed', async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/login',
      '/admin/link?token=abc',
      '/admin/accounts/3/show',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
      expect(res.body).toContain('/admin/assets/index-Ab12Cd34.js');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toMatch(/noindex/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data:");
      // of the public site's outside hosts only the map tiles' (the forms' maps), not the badge's
      expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org;/);
      expect(csp.replace('https://tile.openstreetmap.org', '')).not.toMatch(/https?:\/\//);
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/admin' })).statusCode).toBe(200);
  });

  it('serves its hashed assets for a year, and a missing one as a 404, not the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/admin/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/admin/assets/index-Old00000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().statusCode).toBe(404);
  });

  it('answers a write to the page as no route: a JSON 404', async () => {
    const post = await t.app.inject({ method: 'POST', url: '/admin/login' });
    expect(post.statusCode).toBe(404);
    expect(post.json().statusCode).toBe(404);
  });

  it('keeps the /admin paths away from the public pages and out of the response cache', () => {
    for (const url of ['/admin', '/admin/', '/admin/link?token=x', '/api/admin/auth/me']) {
      expect(isServerPath(url), url).toBe(true);
      expect(isStaffPath(url), url).toBe(true);
    }
    for (const url of ['/', '/administration', '/attractions/list', '/api/places/']) {
      expect(isStaffPath(url), url).toBe(false);
    }
  });

  it('gives each member of staff their own answer, never another one’s kept one', async () => {
    await makeStaff(t.database.db, 'web-admin@lenobl.test', 'admin');
    await makeStaff(t.database.db, 'web-editor@lenobl.test', 'editor');
    const a = new StaffBrowser(t.app);
    const e = new StaffBrowser(t.app);
    await a.signIn('web-admin@lenobl.test');
    await e.signIn('web-editor@lenobl.test');
    const meA = await a.request('GET', '/api/admin/auth/me');
    const meE = await e.request('GET', '/api/admin/auth/me');
    expect(meA.body.email).toBe('web-admin@lenobl.test');
    expect(meE.body.email).toBe('web-editor@lenobl.test');
    expect(String(meA.headers['cache-control'] ?? '')).not.toMatch(/public/);
    const anonymous = new StaffBrowser(t.app);
    expect((await anonymous.request('GET', '/api/admin/auth/me')).status).toBe(401);
  });

  it('reads one account for the admins’ edit form; a 404 for none; editors are refused', async () => {
    const adminId = await makeStaff(t.database.db, 'one-admin@lenobl.test', 'admin');
    await makeStaff(t.database.db, 'one-editor@lenobl.test', 'editor');
    const a = new StaffBrowser(t.app);
    await a.signIn('one-admin@lenobl.test');
    const one = await a.request('GET', `/api/admin/accounts/${adminId}`);
    expect(one.status).toBe(200);
    const list = await a.request('GET', '/api/admin/accounts');
    expect(one.body).toEqual(list.body.results.find((r: { id: number }) => r.id === adminId));
    expect((await a.request('GET', '/api/admin/accounts/999999')).status).toBe(404);
    expect((await a.request('GET', '/api/admin/accounts/0')).status).toBe(400);
    const e = new StaffBrowser(t.app);
    await e.signIn('one-editor@lenobl.test');
    expect((await e.request('GET', `/api/admin/accounts/${adminId}`)).status).toBe(403);
  });
});
