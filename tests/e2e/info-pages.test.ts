import { expect, it } from 'vitest';
import { infoPageSlugs } from '../../common/pages.js';
import { baseUrl, describeE2E, seriousViolations, useBrowser } from './setup/browser.js';

const api = async (path: string, lang = 'ru') =>
  (await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': lang } })).json();

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describeE2E('information pages', () => {
  const b = useBrowser();

  it('each of the seven pages is server-rendered with its title, headings, pictures and links', async () => {
    for (const slug of infoPageSlugs) {
      const page = await api(`/api/pages/${slug}/`);
      const res = await fetch(`${baseUrl()}/${slug}`);
      expect(res.status, slug).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<h1 id="info-title"`);
      expect(html).toContain(escapeHtml(page.title));
      expect(html).toContain(`<link rel="canonical" href="${baseUrl()}/${slug}"/>`);
      expect(html).toContain('<meta property="og:type" content="article"/>');
      // the body is a rich text (decision 052): its headings are the page's, its pictures of the
      // media library with their captions
      const nodes = page.body_doc.content as {
        type: string;
        content?: { text?: string }[];
        attrs?: { caption?: string };
      }[];
      const article = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
      const shown = [...article.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((m) =>
        (m[1] as string).replace(/<[^>]+>/g, ''),
      );
      const headings = nodes.filter((n) => n.type === 'heading');
      expect(headings.length, slug).toBeGreaterThan(0);
      for (const node of headings)
        expect(shown, slug).toContain(escapeHtml(node.content?.map((c) => c.text).join('') ?? ''));
      for (const node of nodes)
        if (node.type === 'image' && node.attrs?.caption)
          expect(article, slug).toContain(`<figcaption>${escapeHtml(node.attrs.caption)}</figcaption>`);
      // Links become real links, never literal brackets.
      expect(article, slug).not.toMatch(/\]\((\/|https?:)/);
      if ((page.body as string).includes('](/')) {
        expect(article, slug).toMatch(/<a href="\/[a-z]/);
      }
    }
  });

  it('renders in English and Chinese, and the "more about the region" links navigate in the app', async () => {
    const t = await b.page('desktop');
    const en = await api('/api/pages/nature-page/', 'en');
    await t.goto('/nature-page?lng=en');
    expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toBe(en.title);
    const others = t.page.getByRole('complementary').getByRole('link');
    expect(await others.count()).toBe(infoPageSlugs.length - 1);
    const route47 = await api('/api/pages/route47/', 'en');
    await others.filter({ hasText: route47.title }).click();
    await t.page.waitForURL(/\/route47/);
    await expect.poll(() => t.page.getByRole('heading', { level: 1 }).textContent()).toBe(route47.title);
    expect(await t.page.title()).toContain(route47.title);
    const zh = await api('/api/pages/information/', 'zh');
    await t.goto('/information?lng=zh');
    expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toBe(zh.title);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('has no serious accessibility violations on a phone and on a desktop', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const t = await b.page(viewport);
      await t.goto('/help-information');
      expect(await seriousViolations(t.page), viewport).toEqual([]);
      await t.close();
    }
  });
});
