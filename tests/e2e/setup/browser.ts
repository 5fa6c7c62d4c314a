import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { chromiumArgs } from './chromium.js';

export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof viewports;

export const baseUrl = () => inject('baseUrl');

/** A describe block that runs only when Chromium is there (see tests/setup/global-setup.ts). */
export const describeE2E = (name: string, fn: () => void) =>
  inject('chromium') ? describe(name, fn) : describe.skip(`${name} (no Chromium)`, fn);

export interface BrowserHandle {
  browser: Browser;
  /** A fresh context (no cookies or storage) at a viewport, with console errors collected. */
  page(
    viewport?: ViewportName,
    options?: {
      locale?: string;
      javaScript?: boolean;
      serviceWorkers?: 'allow' | 'block';
      /** Lets a test run a module of the app's source in the page (offline.test.ts). */
      bypassCSP?: boolean;
    },
  ): Promise<TestPage>;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
  goto(path: string): Promise<number>;
  close(): Promise<void>;
}

/** Launches Chromium once for a test file and closes it after. */
export function useBrowser(): BrowserHandle {
  const handle = {} as BrowserHandle;
  beforeAll(async () => {
    handle.browser = await chromium.launch({
      executablePath: inject('chromium') ?? undefined,
      headless: true,
      args: chromiumArgs,
    });
    handle.page = async (viewport = 'desktop', options = {}) => {
      const context = await handle.browser.newContext({
        viewport: viewports[viewport],
        locale: options.locale ?? 'ru-RU',
        javaScriptEnabled: options.javaScript ?? true,
        isMobile: viewport === 'phone',
        hasTouch: viewport === 'phone',
        // The portal's service worker answers requests from its caches, where page.route() and
        // context.route() do not see them: blocked unless a test is about it (offline.test.ts).
        serviceWorkers: options.serviceWorkers ?? 'block',
        bypassCSP: options.bypassCSP ?? false,
      });
      // The badge widget may come from an external host: the tests never leave the machine.
      await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        // A picture not rendered yet while the machine is busy is a 503 by design (the renderer
        // sheds load, the page shows its fallback: picture-fallback.test.ts): not a fault of the page.
        if (
          /status of 503/.test(m.text()) &&
          new URL(m.location().url || baseUrl()).pathname.startsWith('/media/')
        )
          return;
        errors.push(`console: ${m.text()}`);
      });
      return {
        page,
        context,
        errors,
        async goto(path: string) {
          // The load event, not a quiet network (which waits 500 ms more on every page): what a
          // test reads after that is either server-rendered or waited for with expect.poll.
          const res = await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load' });
          // The app starts after the first paint: wait for it before using its controls.
          if (options.javaScript ?? true) {
            await page.waitForFunction(() => document.documentElement.dataset.app === 'started', null, {
              timeout: 15_000,
            });
          }
          return res?.status() ?? 0;
        },
        close: () => context.close(),
      };
    };
  });
  afterAll(async () => {
    await handle.browser?.close();
  });
  return handle;
}

/** Serious and critical accessibility violations found by axe on the current page. */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  // Colours read mid-transition are neither state's (a button enabled again fades from the disabled
  // grey for 250 ms): the finite transitions and animations running now end first (at most 2 s).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const selector of exclude) builder = builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join('; ')}`,
    );
}

/**
 * Scrolls to the footer and waits until its code runs: it loads as the footer comes near the screen
 * (web/shell/site-footer.tsx), and until then the footer is its server HTML (its buttons do
 * nothing, its links load whole pages), as for a visitor who has not scrolled to it yet.
 */
export async function footerReady(page: Page): Promise<void> {
  await page.locator('#site-footer').scrollIntoViewIfNeeded();
  await page.locator('#site-footer[data-hydrated]').waitFor();
}
