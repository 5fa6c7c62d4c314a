import { expect, it } from 'vitest';
import { type Lang, languages } from '../../common/languages.js';
import { baseUrl, describeE2E, useBrowser } from './setup/browser.js';

// A crawler keeps no cookies and sends no Accept-Language of the page it reads: it reaches the
// English and Chinese sites only if every link of their pages names the language. This one starts
// at a language's home page, reads the server-rendered HTML (no JavaScript) and follows the
// internal links, a few pages of each kind (the path with its ids blanked and the names of its
// query parameters), sending the Accept-Language of another language, so that a link without the
// language would land on a page in the wrong one.

/** The language tag of each language, in <html lang> and hreflang alike (Chinese: simplified script). */
const langTag = (lang: string) => ({ ru: 'ru', en: 'en', zh: 'zh-Hans' })[lang];

/** Pages of one kind read at most, and pages read at most from one start. */
const perKind = 2;
const maxPages = 260;

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<');

/** The value of an attribute in a start tag (React writes them double-quoted). */
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? null;

/** The path of a URL with its ids blanked, and the names of its query parameters but lng. */
function kindOf(url: URL): string {
  const keys = [...new Set([...url.searchParams.keys()].filter((k) => k !== 'lng'))].sort();
  return `${url.pathname.replace(/\/\d+/g, '/:id')}?${keys.join('&')}`;
}

interface Page {
  url: string;
  status: number;
  html: string;
}

async function read(path: string, acceptLanguage: string): Promise<Page> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': acceptLanguage } });
  return { url: res.url, status: res.status, html: await res.text() };
}

/** What is wrong with a page read in `lang`: its language, its links, its forms. */
function problemsOf(page: Page, lang: Lang): { problems: string[]; next: string[] } {
  const problems: string[] = [];
  const next: string[] = [];
  const where = new URL(page.url).pathname + new URL(page.url).search;
  const { html } = page;
  if (new URL(page.url).searchParams.get('lng') !== lang) problems.push(`${where}: answered at ${page.url}`);
  const htmlLang = /<html\b[^>]*\slang="([^"]*)"/.exec(html)?.[1];
  if (htmlLang !== langTag(lang)) problems.push(`${where}: <html lang="${htmlLang}">`);
  for (const [tag] of html.matchAll(/<a\b[^>]*>/g)) {
    const raw = attr(tag, 'href');
    if (raw === null) continue;
    const href = decode(raw);
    if (/^(#|mailto:|tel:)/.test(href)) continue;
    const url = new URL(href, page.url);
    if (url.origin !== new URL(baseUrl()).origin) continue;
    // The files of the API and the pictures are not pages.
    if (/^\/(api|media)\//.test(url.pathname)) continue;
    // The language switch names the language it leads to.
    const other = attr(tag, 'hreflang');
    if (other !== null) {
      const switchTo = url.searchParams.get('lng');
      if (!switchTo || langTag(switchTo) !== other) problems.push(`${where}: switch ${tag}`);
      continue;
    }
    if (url.searchParams.get('lng') !== lang) problems.push(`${where}: link ${href}`);
    else next.push(url.pathname + url.search);
  }
  // A form sent with GET replaces the query of its action: the language goes in a field of its own.
  for (const [form, start, body] of html.matchAll(/(<form\b[^>]*>)([\s\S]*?)<\/form>/g)) {
    if ((attr(start as string, 'method') ?? 'get').toLowerCase() !== 'get') continue;
    const fields = [...(body as string).matchAll(/<input\b[^>]*>/g)].map(([input]) => input);
    const kept = fields.some((f) => attr(f, 'name') === 'lng' && attr(f, 'value') === lang);
    if (!kept) problems.push(`${where}: form without lng=${lang}: ${form.slice(0, 120)}`);
  }
  return { problems, next };
}

describeE2E('every page keeps its language in its links', () => {
  const b = useBrowser();

  it.each(languages)(
    'a crawler without cookies that starts at /?lng=%s reaches every kind of page in that language',
    async (lang) => {
      const other = lang === 'ru' ? 'en-US,en;q=0.9' : 'ru-RU,ru;q=0.9';
      // The pages no link leads to: search results and a missing page.
      const queue = ['/', '/search?q=%D0%BB%D0%B0%D0%B4%D0%BE%D0%B3%D0%B0', '/no-such-page'].map(
        (p) => `${p}${p.includes('?') ? '&' : '?'}lng=${lang}`,
      );
      const seen = new Set(queue);
      const kinds = new Map(queue.map((path) => [kindOf(new URL(path, baseUrl())), 1]));
      const problems: string[] = [];
      let pagesRead = 0;
      while (queue.length && pagesRead < maxPages) {
        const batch = queue.splice(0, 4);
        const pages = await Promise.all(batch.map((path) => read(path, other)));
        pagesRead += pages.length;
        for (const page of pages) {
          if (page.status >= 500) problems.push(`${page.url}: ${page.status}`);
          const found = problemsOf(page, lang);
          problems.push(...found.problems);
          for (const path of found.next) {
            if (seen.has(path)) continue;
            seen.add(path);
            const kind = kindOf(new URL(path, baseUrl()));
            const count = kinds.get(kind) ?? 0;
            if (count >= perKind) continue;
            kinds.set(kind, count + 1);
            queue.push(path);
          }
        }
      }
      console.log(
        `crawl from /?lng=${lang}: ${pagesRead} pages of ${kinds.size} kinds, ${seen.size} addresses seen`,
      );
      expect([...new Set(problems)].slice(0, 30)).toEqual([]);
      // Every kind of page was reached through links.
      const reached = [...kinds.keys()].map((k) => k.split('?')[0]);
      for (const kind of [
        '/',
        '/directions',
        '/directions/detail/:id',
        '/attractions/list',
        '/attractions/detail/:id',
        '/routes/detail/:id',
        '/events/detail/:id',
        '/news/detail/:id',
        '/map',
        '/trip',
        '/help-information',
        '/information',
      ]) {
        expect(reached, kind).toContain(kind);
      }
      expect(pagesRead).toBeGreaterThan(60);
    },
    120_000,
  );

  it('in the app, a navigation keeps the page language, and a switch puts the new one in the address and every link', async () => {
    // A Russian browser on the English site.
    const t = await b.page('desktop', { locale: 'ru-RU' });
    await t.goto('/attractions/list?lng=en');
    await t.page.locator('main .card-link').first().click();
    await t.page.waitForURL((url) => /^\/attractions\/detail\/\d+$/.test(url.pathname));
    expect(new URL(t.page.url()).searchParams.get('lng')).toBe('en');
    await expect.poll(() => t.page.evaluate(() => document.documentElement.lang)).toBe('en');
    const crumbs = t.page.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await crumbs.getByRole('link').nth(1).getAttribute('href')).toBe('/attractions/list?lng=en');
    await t.page.getByRole('group', { name: 'Site language' }).getByRole('link', { name: /中文/ }).click();
    await expect.poll(() => new URL(t.page.url()).searchParams.get('lng')).toBe('zh');
    await expect.poll(() => t.page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');
    const hrefs = await t.page
      .locator('main a[href^="/"], footer a[href^="/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(5);
    expect(hrefs.filter((href) => new URL(href, 'http://x').searchParams.get('lng') !== 'zh')).toEqual([]);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the language of <html> is the hreflang of the page’s own address, and the sitemap says the same', async () => {
    for (const lang of languages) {
      for (const path of ['/', '/attractions/list', '/routes/detail/1', '/help-information']) {
        const { html } = await read(`${path}?lng=${lang}`, 'ru');
        const htmlLang = /<html\b[^>]*\slang="([^"]*)"/.exec(html)?.[1];
        const own = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].find(
          ([, , href]) => decode(href as string) === `${baseUrl()}${path}?lng=${lang}`,
        );
        expect(own, `${path}?lng=${lang}`).toBeDefined();
        expect(htmlLang, `${path}?lng=${lang}`).toBe(own?.[1]);
      }
    }
    const sitemap = await (await fetch(`${baseUrl()}/sitemaps/pages.xml`)).text();
    const zh = [...sitemap.matchAll(/hreflang="([^"]+)" href="[^"]*\?lng=zh"/g)].map(([, tag]) => tag);
    expect(zh.length).toBeGreaterThan(0);
    const page = await read('/?lng=zh', 'ru');
    const htmlLang = /<html\b[^>]*\slang="([^"]*)"/.exec(page.html)?.[1];
    expect(new Set(zh)).toEqual(new Set([htmlLang]));
  });
});
