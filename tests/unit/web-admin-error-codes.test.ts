import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminErrorCodes } from '../../common/admin-errors';
import { editableSections } from '../../common/editorial';
import { en } from '../../web/admin/i18n/en';
import { i18nProvider } from '../../web/admin/i18n/i18n-provider';
import { ru } from '../../web/admin/i18n/ru';
import { errorText } from '../../web/admin/providers/error-text';
import { ApiError } from '../../web/admin/providers/http';

// Everything an editor reads in the back office is in its language: the API's refusals come with a
// code (common/admin-errors.ts) that each of the back office's languages words, the admin API
// refuses nothing without one, and every list has its own sentence for being empty.

const root = path.resolve(import.meta.dirname, '../..');
const catalogues = { ru, en };

/** Every .ts file under a folder of the project. */
function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts'))
    .map((f) => path.join(f.parentPath, f.name));
}

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe('the back office’s words for the API’s refusals', () => {
  it('has a text for every code in every language, with the same placeholders', () => {
    for (const code of adminErrorCodes) {
      const texts = Object.entries(catalogues).map(([lang, c]) => {
        const text = (c.admin.errors.codes as Record<string, string | undefined>)[code];
        expect(text?.trim(), `${lang}: admin.errors.codes.${code}`).toBeTruthy();
        return text as string;
      });
      const [first, ...others] = texts.map(placeholders);
      for (const other of others) expect(other, code).toEqual(first);
    }
    // and nothing for a code the server does not give
    for (const c of Object.values(catalogues)) {
      expect(Object.keys(c.admin.errors.codes).sort()).toEqual([...adminErrorCodes].sort());
    }
  });

  it('words every code the admin API gives, and the admin API refuses nothing without a code', () => {
    const given = new Set<string>();
    const uncoded: string[] = [];
    for (const file of sources('server/modules/admin')) {
      // the helper that puts the code in; the preview, a page in the public site's language and look
      if (file.endsWith(path.join('admin', 'errors.ts')) || file.endsWith('preview.ts')) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/staffError\(\s*\d+,\s*'([a-z_]+)'/g)) given.add(m[1] as string);
      for (const m of text.matchAll(/code: '([a-z_]+)'/g)) given.add(m[1] as string);
      // a code made in a template: the sign-in's wait, per address or per account
      if (/`sign_in_throttled_\$\{which\}`/.test(text)) {
        given.add('sign_in_throttled_address');
        given.add('sign_in_throttled_account');
      }
      // a 500 is a bug of the server's own, not a refusal an editor can act on
      for (const m of text.matchAll(/new HttpError\((?!500)[^)]*|\bnotFound\(/g)) {
        uncoded.push(`${path.relative(root, file)}: ${m[0].slice(0, 60)}`);
      }
    }
    expect(uncoded).toEqual([]);
    expect(given.size).toBeGreaterThan(40);
    const known = new Set<string>(adminErrorCodes);
    expect([...given].filter((code) => !known.has(code))).toEqual([]);
  });

  it('words a parameter that is a word, not a name: a file whose encoding is not recognised', async () => {
    const notUtf8 = (encoding: string) =>
      new ApiError('not UTF-8', 400, { code: 'import_not_utf8', params: { encoding } } as never);
    const translate = i18nProvider.translate;
    await i18nProvider.changeLocale('ru');
    expect(errorText(translate, notUtf8('unknown'))).toBe(
      'Файл не в кодировке UTF-8 (не распознана): сохраните его как «CSV UTF-8» и загрузите снова.',
    );
    expect(errorText(translate, notUtf8('Windows-1251'))).toContain('(Windows-1251)');
    await i18nProvider.changeLocale('en');
    expect(errorText(translate, notUtf8('unknown'))).toContain('not in UTF-8 (not recognised)');
    await i18nProvider.changeLocale('ru');
  });

  it('gives every list its own sentence for being empty', () => {
    const resources = [
      'accounts',
      'feedback',
      'subscribers',
      'newsletter/issues',
      'media',
      ...editableSections.map((s) => `content/${s}`),
    ];
    for (const [lang, c] of Object.entries(catalogues)) {
      const defined = c.resources as Record<string, { empty?: string }>;
      expect(Object.keys(defined).sort(), lang).toEqual([...resources].sort());
      for (const name of resources) expect(defined[name]?.empty, `${lang}: ${name}`).toMatch(/\S/);
    }
  });
});
