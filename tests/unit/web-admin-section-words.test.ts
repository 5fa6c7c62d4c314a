import { describe, expect, it } from 'vitest';
import { editableSections } from '../../common/editorial';
import { en } from '../../web/admin/i18n/en';
import { ru } from '../../web/admin/i18n/ru';

// The back office names every kind it edits, in its menu and as a resource (one |||| many, and
// what its empty list says); a section's words and its directories' come from its module
// (common/sections/<slug>.ts), the others from the back office's own strings.

describe.each([
  ['ru', ru],
  ['en', en],
] as const)('the back office in %s', (_lang, messages) => {
  it('has a menu entry, a name and an empty list for every editable kind', () => {
    const menu = messages.admin.content.sections as Record<string, string>;
    const resources = messages.resources as Record<string, { name: string; empty: string }>;
    for (const kind of editableSections) {
      expect(menu[kind], kind).toEqual(expect.any(String));
      expect(resources[`content/${kind}`]?.name, kind).toMatch(/^.+ \|\|\|\| .+$/);
      expect(resources[`content/${kind}`]?.name.split(' |||| ')[1], kind).toBe(menu[kind]);
      expect(resources[`content/${kind}`]?.empty, kind).toEqual(expect.any(String));
    }
  });
});
