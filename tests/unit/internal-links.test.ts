import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every internal link of a page names the page's language (web/lib/links.tsx): a link written
// another way reaches the English or Chinese site's visitors, and crawlers, in Russian. The
// end-to-end crawl (tests/e2e/page-language.test.ts) finds such a link on the pages it reads; this
// finds it in the source, where a page the crawl does not reach may hold it.

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The public site's screens: web/ but the back office (its own app) and the helpers themselves. */
function screenFiles(dir = join(root, 'web')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'admin' ? [] : screenFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = screenFiles()
  .map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }))
  .filter(({ path }) => path !== 'web/lib/links.tsx');

/** Internal addresses written straight into an <a>, and why each may stay so. */
const allowedHrefs: Record<string, string> = {
  // The last-resort error page has no strings and no language: the address without one answers
  // in the visitor's.
  'web/root.tsx': 'href="/"',
};

describe('internal links keep the page language', () => {
  it('the screens take Link, NavLink and useNavigate from web/lib/links.tsx, not from react-router', () => {
    const found = files.flatMap(({ path, text }) =>
      [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-router'/g)].flatMap(([, names]) =>
        (names as string)
          .split(',')
          .map((n) => n.trim())
          .filter((n) => ['Link', 'NavLink', 'Navigate', 'useNavigate', 'Form'].includes(n))
          // The language switch goes to another language on purpose.
          .filter(() => path !== 'web/features/layout/use-language-switch.ts')
          .map((n) => `${path}: ${n}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('no <a> is written with an internal address of its own (langHref gives one in the language)', () => {
    const found = files.flatMap(({ path, text }) =>
      [...text.matchAll(/<a\s[^>]*?\b(href=(?:"\/(?!\/)|\{\s*[`'"]\/(?!\/))[^\s>]*)/g)]
        .map(([, match]) => match as string)
        // The API's files (GPX, iCalendar) are not pages.
        .filter((match) => !/^href=\{?\s*[`'"]\/api\//.test(match))
        .filter((match) => !allowedHrefs[path] || !match.startsWith(allowedHrefs[path] as string))
        .map((match) => `${path}: ${match}`),
    );
    expect(found).toEqual([]);
  });

  it('every form sent with GET carries the language in a <LangField />', () => {
    const found = files.flatMap(({ path, text }) => {
      const forms = (text.match(/<form\b[^>]*method="get"/gs) ?? []).length;
      const fields = (text.match(/<LangField\s*\/>/g) ?? []).length;
      return forms > fields ? [`${path}: ${forms} GET forms, ${fields} language fields`] : [];
    });
    expect(found).toEqual([]);
  });
});
