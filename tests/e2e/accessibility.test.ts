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
});
