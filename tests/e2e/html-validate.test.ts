import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { beforeAll, expect, it } from 'vitest';
import { searchSections } from '../../common/api.js';
import { baseUrl, describeE2E } from './setup/browser.js';

// The server-rendered HTML of a representative set of pages, checked by html-validate with the
// project's .htmlvalidate.json (what a crawler, an assistive technology before hydration and a
// browser without JavaScript get). Plain HTTP, no browser: a few seconds.

const root = path.resolve(import.meta.dirname, '../..');
const validator = new HtmlValidate(new FileSystemConfigLoader());

async function firstId(section: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/${section}/?limit=1`);
  const body = (await res.json()) as { results: { id: number }[] };
  const first = body.results[0];
  if (!first) throw new Error(`no ${section} in the demo content`);
  return first.id;
}

describeE2E('server-rendered HTML passes html-validate', () => {
  const pages = [
    '/',
    '/directions',
    '/directions/detail/5',
    '/directions/detail/5?tab=2',
    '/attractions/list?district__in=5&tourism_type__in=1',
    '/events/list',
    `/search/${encodeURIComponent('озеро')}`,
    '/map',
    '/information',
    '/no-such-page',
    '/unsubscribe',
    '/unsubscribe?token=0123456789abcdefghijklmnopqrstuvwxyzABCDEFG',
    '/subscribe/confirm?token=0123456789abcdefghijklmnopqrstuvwxyzABCDEFG',
  ];
  beforeAll(async () => {
    const detailSections = searchSections.filter((s) => s !== 'directions');
    for (const section of detailSections) pages.push(`/${section}/detail/${await firstId(section)}`);
  });

  for (const lng of ['ru', 'en']) {
    it(`every page has no error (${lng})`, async () => {
      const errors: string[] = [];
      for (const page of pages) {
        const url = lng === 'ru' ? page : `${page}${page.includes('?') ? '&' : '?'}lng=${lng}`;
        const res = await fetch(`${baseUrl()}${url}`);
        expect([200, 404], url).toContain(res.status);
        const report = await validator.validateString(await res.text(), path.join(root, 'page.html'));
        for (const result of report.results)
          for (const m of result.messages)
            errors.push(`${url} ${m.ruleId}: ${m.message} (${m.selector ?? `line ${m.line}`})`);
      }
      expect(errors).toEqual([]);
    });
  }
});
