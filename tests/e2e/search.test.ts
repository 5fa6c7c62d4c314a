import { expect, it } from 'vitest';
import type { SearchResultT } from '../../common/api.js';
import { baseUrl, describeE2E, seriousViolations, useBrowser } from './setup/browser.js';

const api = async (q: string, lang: string): Promise<SearchResultT> =>
  (
    await fetch(`${baseUrl()}/api/search/?q=${encodeURIComponent(q)}&limit=4`, {
      headers: { 'accept-language': lang },
    })
  ).json();

describeE2E('site search', () => {
  const b = useBrowser();

  it.each([
    ['ru', '/', 'крепости', /^крепост/i],
    ['en', '/?lng=en', 'castle', /^castle/i],
    ['zh', '/?lng=zh', '维堡', /^维堡$/],
  ] as const)(
    'searching from the header in %s lands on grouped, highlighted results',
    async (lang, home, q, mark) => {
      const t = await b.page('desktop');
      expect(await t.goto(home)).toBe(200);
      const box = t.page.locator('header input[type="search"]').first();
      await box.fill(q);
      await box.press('Enter');
      await t.page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === q);
      await t.page.locator('main mark').first().waitFor();
      expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toContain(q);
      expect(await t.page.locator('html').getAttribute('lang')).toBe(lang === 'zh' ? 'zh-Hans' : lang);

      const result = await api(q, lang);
      expect(result.total).toBeGreaterThan(0);
      // Every group of the API is there, with its count, and the first hit's name.
      for (const g of result.groups) {
        const heading = t.page.locator(`#results-${g.section}`);
        expect(await heading.textContent(), g.section).toContain(String(g.count));
        const first = g.results[0];
        if (first) {
          const link = t.page.locator(`a[href="/${g.section}/detail/${first.id}?lng=${lang}"]`).first();
          expect(await link.textContent()).toBe(first.name);
        }
      }
      const marks = await t.page.locator('main mark').allTextContents();
      expect(marks.length).toBeGreaterThan(3);
      for (const m of marks) expect(m).toMatch(mark);
      expect(await t.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await seriousViolations(t.page)).toEqual([]);
      expect(t.errors).toEqual([]);
      await t.close();
    },
  );

  it('is server-rendered with its title, the query in its own form and a link to all results', async () => {
    const q = 'крепости';
    const html = await (await fetch(`${baseUrl()}/search/${encodeURIComponent(q)}`)).text();
    expect(html).toMatch(/<title>Поиск: «крепости»/);
    expect(html).toContain('<mark>');
    expect(html).toMatch(/<meta name="robots" content="noindex"/);

    const t = await b.page('phone');
    expect(await t.goto(`/search/${encodeURIComponent(q)}`)).toBe(200);
    expect(await t.page.locator('main input[type="search"]').inputValue()).toBe(q);
    const result = await api(q, 'ru');
    const attractions = result.groups.find((g) => g.section === 'attractions');
    expect(attractions?.count).toBeGreaterThan(4);
    const all = t.page
      .locator('#results-attractions')
      .locator('xpath=../..')
      .getByRole('link', {
        name: new RegExp(`${attractions?.count}`),
      });
    expect(await all.getAttribute('href')).toBe(`/attractions/list?search=${encodeURIComponent(q)}&lng=ru`);
    await all.click();
    await t.page.waitForURL(/\/attractions\/list\?search=/);
    expect(new URL(t.page.url()).searchParams.get('search')).toBe(q);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('searching again from the page form, then a query with no result suggests popular places', async () => {
    const t = await b.page('desktop');
    await t.goto(`/search/${encodeURIComponent('выбрг')}`);
    expect(await t.page.locator('main mark').count()).toBeGreaterThan(0);
    const form = t.page.locator('main input[type="search"]');
    await form.fill('щщщзззжжж');
    await form.press('Enter');
    await t.page.waitForURL(/\/search\?q=%D1%89/);
    await t.page.getByText('ничего не нашлось').waitFor();
    expect(await t.page.locator('main mark').count()).toBe(0);
    expect(await t.page.getByRole('heading', { name: 'Популярные места' }).count()).toBe(1);
    expect(await t.page.locator('main a[href^="/attractions/detail/"]').count()).toBeGreaterThan(0);
    expect(await seriousViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('a name typed in another alphabet is found, and the name that matched is shown and marked', async () => {
    const t = await b.page('phone');
    expect(await t.goto('/search/Vyborg')).toBe(200);
    expect(await t.page.locator('html').getAttribute('lang')).toBe('ru');
    const hit = t.page.locator('li', { has: t.page.getByRole('link', { name: 'Выборгский замок' }) });
    const also = hit.locator('span[lang="en"]').last();
    expect(await also.textContent()).toBe('Vyborg Castle');
    expect(await also.locator('mark').allTextContents()).toEqual(['Vyborg']);
    // Its language is named for screen readers, shown as a code.
    expect(await hit.getByText('EN', { exact: true }).isVisible()).toBe(true);
    expect(await seriousViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('a section with more than 100 matches says "100+", its list counts on', async () => {
    const q = 'на';
    const result = await api(q, 'ru');
    const attractions = result.groups.find((g) => g.section === 'attractions');
    expect(attractions).toMatchObject({ count: 100, capped: true });
    const list = await (
      await fetch(`${baseUrl()}/api/attractions/?limit=1&search=${encodeURIComponent(q)}`)
    ).json();
    expect(list.count).toBeGreaterThan(100);
    const t = await b.page('desktop');
    expect(await t.goto(`/search/${encodeURIComponent(q)}`)).toBe(200);
    expect(await t.page.locator('#results-attractions').textContent()).toMatch(/100\+$/);
    const all = t.page.getByRole('link', {
      name: /Все результаты в разделе «Достопримечательности»: больше 100/,
    });
    expect(await all.getAttribute('href')).toBe(`/attractions/list?search=${encodeURIComponent(q)}&lng=ru`);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('/search?q= and /search/{query} both show the results in the server HTML, with /search?q= as canonical', async () => {
    const q = 'музей';
    const canonical = `${baseUrl()}/search?q=${encodeURIComponent(q)}`;
    const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    for (const path of [`/search?q=${encodeURIComponent(q)}`, `/search/${encodeURIComponent(q)}`]) {
      const r = await fetch(`${baseUrl()}${path}`);
      expect(r.status, path).toBe(200);
      const html = await r.text();
      expect(html, path).toMatch(/<title>Поиск: «музей»/);
      expect(html, path).toContain('<mark>');
      expect(html, path).toMatch(/<input[^>]*type="search"[^>]*name="q"[^>]*value="музей"/);
      expect(canonicalOf(html), path).toBe(canonical);
    }
    // In a chosen language, the canonical address keeps both the query and the language.
    const en = await (await fetch(`${baseUrl()}/search?q=castle&lng=en`)).text();
    expect(canonicalOf(en)).toBe(`${baseUrl()}/search?q=castle&amp;lng=en`);
    expect(en).toContain('<mark>');
  });

  it.each(['phone', 'desktop'] as const)(
    "without JavaScript the search forms work (%s): the header's or the menu's, then the results page's",
    async (viewport) => {
      const t = await b.page(viewport, { javaScript: false });
      // The header's field on a desktop; a phone's is in the menu, which opens without JavaScript too.
      expect(await t.goto('/')).toBe(200);
      if (viewport === 'phone') await t.page.locator('header summary[aria-controls]').click();
      const box = t.page.locator('header input[type="search"]').filter({ visible: true });
      await box.fill('музей');
      await box.press('Enter');
      // The form carries the page's language in a field of its own.
      await t.page.waitForURL(
        (url) =>
          url.pathname === '/search' &&
          url.searchParams.get('q') === 'музей' &&
          url.searchParams.get('lng') === 'ru',
      );
      expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toContain('музей');
      expect(await t.page.locator('main mark').count()).toBeGreaterThan(0);
      // Searching again from the results page's own form.
      const form = t.page.locator('main input[type="search"]');
      expect(await form.inputValue()).toBe('музей');
      await form.fill('крепость');
      await form.press('Enter');
      await t.page.waitForURL((url) => url.searchParams.get('q') === 'крепость');
      expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toContain('крепость');
      expect(await t.page.locator('main mark').count()).toBeGreaterThan(0);
      await t.close();
    },
  );

  it("a browser's search-engine entry: the page names an OpenSearch description whose address shows results", async () => {
    const t = await b.page('desktop');
    expect(await t.goto('/?lng=en')).toBe(200);
    const link = t.page.locator('link[rel="search"][type="application/opensearchdescription+xml"]');
    expect(await link.getAttribute('title')).toBe('Lenoblast');
    const href = (await link.getAttribute('href')) ?? '';
    const description = await (await fetch(new URL(href, baseUrl()))).text();
    const template = /<Url type="text\/html" template="([^"]+)"/.exec(description)?.[1];
    expect(template).toBeDefined();
    const results = (template ?? '')
      .replaceAll('&amp;', '&')
      .replace('{searchTerms}', encodeURIComponent('castle'));
    expect(new URL(results).origin).toBe(baseUrl());
    expect(await t.goto(new URL(results).pathname + new URL(results).search)).toBe(200);
    expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toContain('castle');
    expect(await t.page.locator('html').getAttribute('lang')).toBe('en');
    await t.page.locator('main mark').first().waitFor();
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('a one-letter query says it is too short instead of failing', async () => {
    const t = await b.page('phone');
    expect(await t.goto('/search/a')).toBe(200);
    await t.page.getByText('слишком короткий').waitFor();
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
