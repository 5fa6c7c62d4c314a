import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, useBrowser } from './setup/browser.js';

// A picture that cannot be loaded leaves its box to the fallback background: no broken-image icon
// and alt text drawn over it.

/** The pictures of the page's content: how many are in the page, and how many failed and still show. */
const pictures = (page: Page) =>
  page.evaluate(() => {
    const images = [...document.querySelectorAll<HTMLImageElement>('main img')];
    return {
      images: images.length,
      broken: images.filter(
        (img) => img.complete && img.naturalWidth === 0 && img.getClientRects().length > 0,
      ).length,
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
