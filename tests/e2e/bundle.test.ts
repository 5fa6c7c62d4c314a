import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { modules } from '../../common/section-modules.js';
import type { SectionModule } from '../../common/sections.js';
import { everySection } from '../../common/sections.js';
import { describeE2E, useBrowser } from './setup/browser.js';

// What the public pages' scripts leave out (decision 049): the sections' back-office parts (each
// module's `backOffice` export) are in no script of the public build, only in the back office's;
// and the home page starts without the section registry, which comes with the pages that list or
// show a section's items.

const root = path.resolve(import.meta.dirname, '../..');
const scripts = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => fs.readFileSync(path.join(root, dir, f), 'utf8'))
    .join('\n');

/** The back office's words for each section and each directory it owns: only its modules hold them. */
const backOfficeWords = (modules as readonly SectionModule[]).flatMap((m) => [
  ...(m.edit ? [m.edit.words.ru.empty, m.edit.words.en.empty] : []),
  ...Object.values(m.directories ?? {}).flatMap((d) => [d.ru.empty, d.en.empty]),
]);

describeE2E('the public scripts', () => {
  const b = useBrowser();

  it("carry none of the sections' back-office parts, which the back office's do", () => {
    expect(backOfficeWords.length).toBeGreaterThan(10);
    const publicScripts = scripts('dist/web/client');
    const adminScripts = scripts('dist/admin');
    for (const words of backOfficeWords) {
      expect(publicScripts.includes(JSON.stringify(words).slice(1, -1)), words).toBe(false);
      expect(adminScripts.includes(JSON.stringify(words).slice(1, -1)), words).toBe(true);
    }
  });

  it('start the home page without the section registry', async () => {
    const t = await b.page('phone');
    const loaded: Promise<string>[] = [];
    t.page.on('response', (r) => {
      if (r.request().resourceType() === 'script') loaded.push(r.text().catch(() => ''));
    });
    await t.goto('/');
    await t.page.waitForLoadState('networkidle');
    const home = (await Promise.all(loaded)).join('\n');
    expect(home).toContain('hydrateRoot');
    // Each map layer's glyph is written only in its section's description.
    for (const s of everySection) {
      if (s.map) expect(home.includes(s.map.glyph), s.slug).toBe(false);
    }
    // The registry comes with a list page.
    await t.goto('/attractions/list');
    await t.page.waitForLoadState('networkidle');
    const all = (await Promise.all(loaded)).join('\n');
    expect(everySection.filter((s) => s.map && all.includes(s.map.glyph)).length).toBeGreaterThan(0);
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
