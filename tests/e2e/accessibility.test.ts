import { expect, it } from 'vitest';
import { describeE2E, seriousViolations, useBrowser } from './setup/browser.js';

const screens = [
  '/',
  '/directions',
  '/directions/detail/5',
  '/directions/detail/5?tab=2',
  '/attractions/list',
  '/no-such-page',
];

/** Contrast of an element's text colour with the first opaque background colour of it or an ancestor. */
function backgroundContrast(element: Element): number {
  const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
    const [lr, lg, lb] = [r, g, b].map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
  };
  let node: Element | null = element;
  let background = [255, 255, 255];
  while (node) {
    const parts = rgb(getComputedStyle(node).backgroundColor);
    if (parts.length === 3 || (parts[3] ?? 0) > 0) {
      background = parts;
      break;
    }
    node = node.parentElement;
  }
  const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

describeE2E('accessibility (axe, WCAG 2.2 AA)', () => {
  const b = useBrowser();
  for (const viewport of ['phone', 'desktop'] as const) {
    it.each(screens)(`%s has no serious or critical violation (${viewport})`, async (path) => {
      const t = await b.page(viewport);
      await t.goto(path);
      expect(await seriousViolations(t.page)).toEqual([]);
      await t.close();
    });
  }

  it.each(['/attractions/list', '/tourism-type/list'])(
    'a card of %s is one link named by its visible title, clickable anywhere, ringed when focused',
    async (path) => {
      const t = await b.page('desktop');
      await t.goto(path);
      const card = t.page.locator('main ul > li').first();
      const links = card.getByRole('link');
      expect(await links.count()).toBe(1);
      const title = (await card.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
      expect(title).not.toBe('');
      // The link's accessible name is the title it shows, and nothing else is folded into it.
      const link = card.getByRole('link', { name: title, exact: true });
      expect(await link.count()).toBe(1);
      expect(await link.getAttribute('aria-labelledby')).toBeNull();
      expect(await link.getAttribute('aria-describedby')).toBeNull();
      const href = await link.getAttribute('href');
      // Contrast checkers that cannot see pictures (HTML CodeSniffer) read the title's colour
      // against the first background colour behind it: that pair passes AA too.
      expect(await link.evaluate(backgroundContrast)).toBeGreaterThanOrEqual(4.5);

      // The keyboard focus draws a visible ring around the whole card.
      await link.focus();
      await t.page.keyboard.press('Shift+Tab');
      await t.page.keyboard.press('Tab');
      expect(await link.evaluate((a) => a === document.activeElement)).toBe(true);
      const ring = await card.evaluate((li) => {
        const style = getComputedStyle(li.firstElementChild as Element);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
      expect(ring).toBe('solid 3px');

      // A click on the picture (far from the title) opens the item.
      const picture = await card.locator('img').boundingBox();
      if (!picture) throw new Error('the card has no picture');
      await t.page.mouse.click(picture.x + picture.width / 2, picture.y + 10);
      await expect.poll(() => `${new URL(t.page.url()).pathname}${new URL(t.page.url()).search}`).toBe(href);
      expect(t.errors).toEqual([]);
      await t.close();
    },
  );
});
