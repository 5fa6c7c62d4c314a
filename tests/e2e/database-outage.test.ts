// The pages while the database is down: a portal of its own on PostgreSQL behind a TCP proxy that
// the test freezes and restores (the shared server is never touched), seen with fetch (status,
// headers, time) and in Chromium (the page a visitor sees, and the way back once it returns).

import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  outageKinds,
  outageLogMessages,
  type PortalProcess,
  startPortalProcess,
} from '../helpers/portal-process.js';
import { type DatabaseBehindProxy, seededDatabaseBehindProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { describeE2E, viewports } from './setup/browser.js';
import { chromiumArgs } from './setup/chromium.js';

const headings = {
  ru: 'Сайт временно недоступен',
  en: 'The site is temporarily unavailable',
  zh: '网站暂时无法访问',
};
const skipLinks = { ru: 'Перейти к основному содержанию', en: 'Skip to main content', zh: '跳到主要内容' };

/** PostgreSQL (TEST_DATABASE_URL) is what the proxy stands in front of: PGlite cannot hang. */
const describeOutage = (name: string, fn: () => void) =>
  process.env.TEST_DATABASE_URL
    ? describeE2E(name, fn)
    : describe.skip(`${name} (needs TEST_DATABASE_URL)`, fn);

describeOutage('pages while the database is down', () => {
  let behind: DatabaseBehindProxy;
  let proxy: TcpProxy;
  let portal: PortalProcess;

  beforeAll(async () => {
    behind = await seededDatabaseBehindProxy();
    proxy = behind.proxy;
    portal = await startPortalProcess({
      DATABASE_URL: proxy.url,
      DATA_DIR: behind.dataDir,
      WEB_BUILD_DIR: '',
      LOG_LEVEL: 'warn',
      DATABASE_CONNECT_TIMEOUT_MS: '800',
      DATABASE_QUERY_TIMEOUT_MS: '1000',
      RESPONSE_CACHE_SECONDS: '30',
    });
  });
  afterAll(async () => {
    portal?.child.kill('SIGTERM');
    await portal?.exited;
    await behind?.close();
  });

  async function page(url: string) {
    const started = performance.now();
    const res = await fetch(`${portal.base}${url}`);
    return { res, html: await res.text(), ms: performance.now() - started };
  }

  it('a page whose data cannot load is a branded, translated 503 with Retry-After within 2 s, never cached', async () => {
    const logged = portal.output().length;
    await proxy.set('blackhole');
    try {
      for (const [lang, heading] of Object.entries(headings) as [keyof typeof headings, string][]) {
        // the root's own data (menu, contacts) cannot load either: nothing is cached yet
        const { res, html, ms } = await page(`/news/list?lng=${lang}`);
        expect(res.status, html.slice(0, 500)).toBe(503);
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(ms).toBeLessThan(2000);
        expect(html).toContain(`<html lang="${lang === 'zh' ? 'zh-Hans' : lang}"`);
        expect(html).toContain(`<h1>${heading}</h1>`);
        expect(html).toMatch(new RegExp(`<title>${heading}`));
        expect(html).toContain(skipLinks[lang]);
        expect(html).toContain('<footer');
        expect(html).not.toContain('<h1>Unexpected Application Error');
      }
      // The outage is in the log once per kind, not once per page or per API call behind it.
      const log = portal.output().slice(logged);
      expect(log).not.toMatch(/failed with status|\n\s+at /);
      const messages = outageLogMessages(log);
      expect(messages.length, log).toBeLessThanOrEqual(outageKinds);
      expect(new Set(messages).size, log).toBe(messages.length);
    } finally {
      await proxy.set('forward');
    }
    // The same address answers with the page once the database is back: the 503 was not kept.
    const back = await page('/news/list');
    expect(back.res.status).toBe(200);
    expect(back.html).not.toContain(`<h1>${headings.ru}`);

    // With the layout's data still in the response cache, only the page's own data fails.
    expect((await page('/')).res.status).toBe(200);
    await proxy.set('blackhole');
    try {
      const { res, html, ms } = await page('/events/list');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(ms).toBeLessThan(2000);
      expect(html).toContain(`<h1>${headings.ru}</h1>`);
    } finally {
      await proxy.set('forward');
    }
  });

  it('in the browser: the page shows in the site layout, and "Try again" brings the page once the database is back', async () => {
    const browser = await chromium.launch({
      executablePath: inject('chromium') ?? undefined,
      headless: true,
      args: chromiumArgs,
    });
    try {
      for (const [name, viewport] of Object.entries(viewports)) {
        // No service worker: what a visitor sees is the server's answer during the outage.
        const context = await browser.newContext({ viewport, locale: 'en-GB', serviceWorkers: 'block' });
        const tab = await context.newPage();
        const errors: string[] = [];
        tab.on('pageerror', (e) => errors.push(e.message));
        // A page of its own per viewport: the one brought back by "Try again" is in the response
        // cache, which would rightly serve it during the next outage.
        const list = name === 'phone' ? '/routes/list' : '/news/list';
        await proxy.set('down');
        try {
          const res = await tab.goto(`${portal.base}${list}?lng=en`, { waitUntil: 'networkidle' });
          expect(res?.status()).toBe(503);
          await expect.poll(() => tab.getByRole('heading', { level: 1 }).textContent()).toBe(headings.en);
          await expect.poll(() => tab.getByRole('banner').isVisible()).toBe(true);
          await tab.screenshot({
            path: path.join(os.tmpdir(), `reliability-503-${name}.png`),
            fullPage: true,
          });
        } finally {
          await proxy.set('forward');
        }
        await tab.getByRole('link', { name: 'Try again' }).click();
        await expect.poll(() => tab.getByRole('heading', { level: 1 }).textContent()).not.toBe(headings.en);
        expect(new URL(tab.url()).pathname).toBe(list);
        expect(errors).toEqual([]);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });
});
