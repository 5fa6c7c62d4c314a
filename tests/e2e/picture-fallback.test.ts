import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, useBrowser, viewports } from './setup/browser.js';

// A picture that cannot be loaded leaves its box to the fallback background: no broken-image icon
// and alt text drawn over it.

/**
 * The pictures of the page's content in sight: how many, and how many failed and still show. The
 * home page's sections below the first screen start as they come into sight (their pictures are
 * dealt with then), so only what the visitor can see counts.
 */
const pictures = (page: Page) =>
  page.evaluate(() => {
    const images = [...document.querySelectorAll<HTMLImageElement>('main img')].filter((img) => {
      const rect = img.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight;
    });
    return {
      images: images.length,
      broken: images.filter((img) => img.complete && img.naturalWidth === 0).length,
    };
  });

/** The fallback boxes of the page's content that are in sight, and those with no picture over them. */
const fallbacks = (page: Page) =>
  page.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>('main .picture-fallback')].filter((box) => {
      const rect = box.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && rect.top < innerHeight;
    });
    return {
      shown: boxes.length,
      bare: boxes.filter(
        (box) => !box.querySelector('img') && getComputedStyle(box).backgroundImage.includes('gradient'),
      ).length,
    };
  });

describeE2E('pictures that fail to load', () => {
  const b = useBrowser();

  it.each([
    ['desktop', '/directions'],
    ['phone', '/tourist-information-centers/list'],
    ['phone', '/'],
  ] as const)('%s %s: the fallback shows, with no broken picture over it', async (viewport, path) => {
    const t = await b.page(viewport);
    await t.context.route(/\/media\//, (route) => route.abort());
    await t.goto(path);
    await expect.poll(() => pictures(t.page), { timeout: 10_000 }).toMatchObject({ broken: 0 });
    const seen = await fallbacks(t.page);
    expect(seen.shown).toBeGreaterThan(0);
    expect(seen.bare).toBe(seen.shown);
    // Down the page a screen at a time, as a visitor reads it: no broken picture comes into sight.
    const height = await t.page.evaluate(() => document.documentElement.scrollHeight);
    const screen = viewports[viewport].height;
    for (let y = screen; y < height; y += screen) {
      await t.page.evaluate((top) => window.scrollTo(0, top), y);
      await expect.poll(() => pictures(t.page), { timeout: 10_000 }).toMatchObject({ broken: 0 });
    }
    await t.close();
  });

  it('a picture that loads stays', async () => {
    const t = await b.page('desktop');
    await t.goto('/directions');
    const picture = t.page.locator('main article img').first();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(await picture.isVisible()).toBe(true);
    await t.close();
  });
});
