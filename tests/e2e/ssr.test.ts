import crypto from 'node:crypto';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { baseUrl, describeE2E, useBrowser } from './setup/browser.js';

// What a crawler or a visitor without JavaScript gets: the server-rendered HTML.

async function html(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl()}${path}`, { headers });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

async function api<T = any>(path: string, lang = 'ru'): Promise<T> {
  return (await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': lang } })).json() as Promise<T>;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describeE2E('server-rendered pages', () => {
  it('the home page holds its content, title, description, canonical, hreflang and Open Graph tags', async () => {
    const main = await api('/api/pages/main-page/1/');
    const { status, text, headers } = await html('/');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/text\/html; charset=utf-8/);
    expect(text).toMatch(/^<!DOCTYPE html><html lang="ru">/);
    expect(text).toContain(escapeHtml(main.title));
    expect(text).toMatch(/<title>[^<]+<\/title>/);
    expect(text).toMatch(/<meta name="description" content="[^"]{20,}"/);
    // The address without a language is the x-default alternate and its own canonical.
    expect(text).toContain(`<link rel="canonical" href="${baseUrl()}/"/>`);
    for (const [lang, href] of [
      ['ru', '/?lng=ru'],
      ['en', '/?lng=en'],
      ['zh-Hans', '/?lng=zh'],
      ['x-default', '/'],
    ]) {
      expect(text).toContain(`<link rel="alternate" hrefLang="${lang}" href="${baseUrl()}${href}"/>`);
    }
    expect(text).toContain('<meta property="og:title"');
    expect(text).toContain('<meta property="og:image"');
  });

  it('renders in the language of lng, then of the cookie, ch meaning zh', async () => {
    const en = await api('/api/pages/main-page/1/', 'en');
    const zh = await api('/api/pages/main-page/1/', 'zh');
    const byQuery = await html('/?lng=en');
    expect(byQuery.text).toMatch(/<html lang="en">/);
    expect(byQuery.text).toContain(escapeHtml(en.title));
    expect(byQuery.text).toContain(`<link rel="canonical" href="${baseUrl()}/?lng=en"/>`);
    const byCookie = await html('/', { cookie: 'i18next=zh' });
    expect(byCookie.text).toMatch(/<html lang="zh-Hans">/);
    expect(byCookie.text).toContain(escapeHtml(zh.title));
    expect((await html('/?lng=ch')).text).toMatch(/<html lang="zh-Hans">/);
    expect((await html('/?lng=xx')).text).toMatch(/<html lang="ru">/);
  });

  it('without lng or the cookie, a page answers in the best language of Accept-Language, ru if none', async () => {
    for (const [header, lang] of [
      ['en-US,en;q=0.9', 'en'],
      ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-Hans'],
      ['zh-TW', 'zh-Hans'],
      ['zh-Hans', 'zh-Hans'],
      ['de-DE,de;q=0.9', 'ru'],
      ['de-DE,de;q=0.9,en;q=0.5', 'en'],
      ['fr, en;q=0.2, zh;q=0.6', 'zh-Hans'],
      ['en;q=0, ru', 'ru'],
      ['', 'ru'],
    ]) {
      // Twice: the second answer comes from the response cache, which keeps the languages apart.
      for (const round of [1, 2]) {
        const r = await html('/', header ? { 'accept-language': header } : {});
        expect(r.text, `${header} (${round})`).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${lang}">`));
        expect(r.headers.get('vary'), header).toMatch(/Accept-Language/i);
        expect(r.headers.get('vary'), header).toMatch(/Cookie/i);
      }
    }
    // The visitor's choice comes first: lng, then the cookie.
    expect((await html('/?lng=zh', { 'accept-language': 'en-US' })).text).toMatch(/<html lang="zh-Hans">/);
    expect((await html('/', { 'accept-language': 'en-US', cookie: 'i18next=ru' })).text).toMatch(
      /<html lang="ru">/,
    );
  });

  it('every hreflang URL gives its language to a crawler, whatever its Accept-Language', async () => {
    const { text } = await html('/attractions/list');
    const alternates = [...text.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)];
    expect(alternates.map((m) => m[1])).toEqual(['ru', 'en', 'zh-Hans', 'x-default']);
    for (const [, hreflang, href] of alternates) {
      // The page's language is tagged as its hreflang tags it.
      const want = hreflang === 'x-default' ? null : hreflang;
      if (!want) continue;
      for (const accept of ['en-US,en;q=0.9', 'zh-CN', 'ru', 'de']) {
        const r = await fetch(href as string, {
          headers: {
            'accept-language': accept,
            'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
          },
        });
        const page = await r.text();
        expect(page, `${href} with ${accept}`).toMatch(new RegExp(`<html lang="${want}">`));
        // Each alternate is its own canonical, never another alternate's.
        expect(page).toContain(`<link rel="canonical" href="${href}"/>`);
      }
    }
    // x-default is the address without a language: it answers in the visitor's.
    expect(alternates[3]?.[2]).toBe(`${baseUrl()}/attractions/list`);
  });

  it('the directions page and a direction detail hold their text', async () => {
    const directions = await api<any[]>('/api/directions/');
    const list = await html('/directions');
    expect(list.status).toBe(200);
    expect(list.text).toContain(escapeHtml(directions[0].name));
    const detail = await html('/directions/detail/5');
    expect(detail.status).toBe(200);
    expect(detail.text).toContain(escapeHtml(directions[4].name));
    expect(detail.text).toContain(`<link rel="canonical" href="${baseUrl()}/directions/detail/5"/>`);
  });

  it('an unknown URL, direction or section is the not-found page with status 404', async () => {
    for (const path of [
      '/no/such/page',
      '/directions/detail/999',
      '/directions/detail/abc',
      '/foo-bar/list',
      '/foo-bar/list?page=2',
      '/foo-bar/detail/1',
      '/unknown-section/list?district=1',
    ]) {
      const r = await html(path);
      expect(r.status, path).toBe(404);
      expect(r.text, path).toMatch(/<html lang="ru">/);
      expect(r.text, path).toMatch(/<h1[^>]*>Страница не найдена<\/h1>/);
      // not the list's loader
      expect(r.text, path).not.toMatch(/role="status"[^>]*>[^<]*<span[^>]*aria-hidden="true"/);
    }
    const en = await html('/foo-bar/list?lng=en');
    expect(en.status).toBe(404);
    expect(en.text).toMatch(/<h1[^>]*>Page not found<\/h1>/);
  });

  it('API paths stay JSON even when unknown', async () => {
    const res = await fetch(`${baseUrl()}/api/no-such-thing/`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });

  it("React Router's start script and page data have the shape web/lib/deferred-start.ts rewrites", async () => {
    // The rewrite matches what this version of React Router writes: a version that writes it
    // otherwise fails here, where the page would still work but load its scripts before its first
    // paint (module preloads in the head, static imports) and carry the longer manifest and data.
    const detail = (await api<{ results: { id: number }[] }>('/api/attractions/?limit=1')).results[0]?.id;
    for (const path of ['/?lng=en', `/attractions/detail/${detail}`]) {
      const { text } = await html(path);
      const start = /<script[^>]* type="module" async="">([\s\S]*?)<\/script>/.exec(text)?.[1] ?? '';
      expect(text, path).not.toContain('rel="modulepreload"');
      expect(start.indexOf('requestAnimationFrame'), path).toBeGreaterThanOrEqual(0);
      expect(start, path).not.toMatch(/import \* as|(^|[;\n])\s*import "/);
      expect(start, path).toMatch(/const route0 = await import\("\/assets\/[^"]+"\);/);
      expect(start, path).toMatch(/const hs=\["\/assets\/entry\.client-[^\]]+\];/);
      expect(start, path).toMatch(/window\.__reactRouterManifest = \{"[^\n]*\};/);
      expect(start, path).not.toMatch(/"has[A-Z]\w*":false/);
      expect(start, path).toMatch(/\nimport\("\/assets\/entry\.client-[^"]+\.js"\);$/);
      expect(text, path).toMatch(/streamController\.enqueue\('/);
      expect(text, path).not.toMatch(/streamController\.enqueue\("/);
    }
  });

  it('serves hashed assets as immutable and compresses pages', async () => {
    const { text } = await html('/');
    const asset = text.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${baseUrl()}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const page = await fetch(`${baseUrl()}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
  });

  it('a page comes again from the response cache: inline scripts allowed by hash, a new visitor still gets a cookie', async () => {
    // a URL no other test asks for: its first answer is rendered, not cached
    const path = '/news/list?from=ssr-test';
    const first = await html(path);
    const cached = await html(path);
    expect(cached.status).toBe(200);
    expect(first.text).toMatch(/<script nonce="/);
    expect(cached.text).not.toMatch(/nonce=/);
    const csp = cached.headers.get('content-security-policy') ?? '';
    expect(csp).not.toMatch(/'nonce-/);
    const inline = [...cached.text.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1] as string)
      .filter(Boolean);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) {
      expect(csp).toContain(`'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`);
    }
    expect(cached.headers.get('set-cookie')).toMatch(
      /^XSRF-TOKEN=[A-Za-z0-9_-]{32,}; Path=\/; SameSite=Lax$/,
    );
    expect(cached.headers.get('set-cookie')).not.toBe(first.headers.get('set-cookie'));
    const returning = await html(path, { cookie: `XSRF-TOKEN=${'a'.repeat(43)}` });
    expect(returning.headers.get('set-cookie')).toBeNull();
  });

  const browser = useBrowser();
  it('a page from the cache runs in the browser without a CSP complaint', async () => {
    await html('/events/list');
    await html('/events/list');
    const tab = await browser.page('desktop');
    expect(await tab.goto('/events/list')).toBe(200);
    await tab.page.waitForFunction(() =>
      Boolean((window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
    );
    expect(tab.errors).toEqual([]);
    await tab.close();
  });
});

/** The schema.org items of a page's JSON-LD scripts, by @type. */
function jsonLd(text: string): Map<string, any> {
  const items = [
    ...text.matchAll(/<script[^>]* type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
  ].map((m) => JSON.parse(m[1] as string));
  return new Map(items.map((item) => [item['@type'], item]));
}

/** A page's <meta> tags, by property or name. */
function metaTags(text: string): Map<string, string> {
  const tags = [...text.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/>/g)];
  return new Map(
    tags.map((m) => [
      m[1] as string,
      (m[2] as string)
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&amp;/g, '&'),
    ]),
  );
}

describeE2E('structured data and social cards of the server-rendered pages', () => {
  it('an event states its admission terms as an offer, with a price only when entry is free', async () => {
    const events = (await api<{ results: { id: number }[] }>('/api/events/?limit=100')).results;
    const details = await Promise.all(events.map((e) => api<any>(`/api/events/${e.id}/`)));
    const free = details.find((e) => e.price === 'Вход свободный' && !e.organizer);
    const paid = details.find((e) => e.price === 'По билетам музея');
    if (!free || !paid) throw new Error('the demo content has no free or no ticketed event');

    const freeLd = jsonLd((await html(`/events/detail/${free.id}`)).text).get('Event');
    expect(freeLd).toMatchObject({
      name: free.name,
      startDate: free.start_date,
      isAccessibleForFree: true,
      offers: {
        '@type': 'Offer',
        url: `${baseUrl()}/events/detail/${free.id}?lng=ru`,
        description: 'Вход свободный',
        price: 0,
        priceCurrency: 'RUB',
        // free entry, from the first day, while the event lasts (it has not ended: it is listed)
        validFrom: free.start_date,
        availability: 'https://schema.org/InStock',
      },
    });
    // No organizer: the content does not name one for this event (the portal is not its organiser).
    expect(freeLd).not.toHaveProperty('organizer');

    const paidLd = jsonLd((await html(`/events/detail/${paid.id}?lng=en`)).text).get('Event');
    expect(paidLd.offers).toEqual({
      '@type': 'Offer',
      url: `${baseUrl()}/events/detail/${paid.id}?lng=en`,
      description: 'Museum ticket',
    });
    expect(paidLd).not.toHaveProperty('isAccessibleForFree');
  });

  it('an event whose content names its organiser names it, with its site, in the page language', async () => {
    const events = (await api<{ results: { id: number }[] }>('/api/events/?limit=100')).results;
    const details = await Promise.all(events.map((e) => api<any>(`/api/events/${e.id}/`, 'zh')));
    const held = details.find((e) => e.organizer && e.organizer_site);
    if (!held) throw new Error('the demo content names no organiser with a site');
    const ld = jsonLd((await html(`/events/detail/${held.id}?lng=zh`)).text).get('Event');
    expect(ld.organizer).toEqual({ '@type': 'Organization', name: held.organizer, url: held.organizer_site });
    // and the page shows it among the facts, linked to the site
    const page = (await html(`/events/detail/${held.id}?lng=zh`)).text;
    expect(page).toMatch(new RegExp(`data-fact="organizer"[\\s\\S]*?href="${held.organizer_site}"`));
  });

  it('a news item names the portal as its author and publisher, with the logo', async () => {
    const news = (await api<{ results: { id: number; name: string; date: string }[] }>('/api/news/?limit=1'))
      .results[0];
    if (!news) throw new Error('no news');
    const ld = jsonLd((await html(`/news/detail/${news.id}`)).text).get('NewsArticle');
    const portal = {
      '@type': 'Organization',
      name: 'Ленинградская область',
      url: `${baseUrl()}/`,
      // a PNG drawn from the site's emblem by the build: a raster logo of 112 px or more
      logo: { '@type': 'ImageObject', url: `${baseUrl()}/logo.png`, width: 512, height: 512 },
    };
    const detail = await api<any>(`/api/news/${news.id}/`);
    expect(ld).toMatchObject({
      headline: news.name,
      datePublished: news.date,
      dateModified: detail.updated_at.slice(0, 10) > news.date ? detail.updated_at : news.date,
      author: portal,
      publisher: portal,
    });
    const logo = await fetch(ld.publisher.logo.url);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
  });

  it('a hotel and a restaurant give what the content knows and nothing it does not', async () => {
    const [hotel] = (await api<{ results: any[] }>('/api/residence/?limit=1')).results;
    const hotelDetail = await api<any>(`/api/residence/${hotel.id}/`);
    const hotelLd = jsonLd((await html(`/residence/detail/${hotel.id}`)).text).get('LodgingBusiness');
    expect(hotelLd).toMatchObject({
      name: hotelDetail.name,
      url: `${baseUrl()}/residence/detail/${hotel.id}?lng=ru`,
      geo: { latitude: hotelDetail.lat, longitude: hotelDetail.lon },
      address: { '@type': 'PostalAddress', addressCountry: 'RU' },
    });
    // The demo content knows no phone, price or hours of a hotel: none is made up.
    expect([hotelDetail.phone, hotelDetail.price, hotelDetail.hours]).toEqual([null, null, null]);
    for (const field of ['telephone', 'priceRange', 'openingHours', 'openingHoursSpecification'])
      expect(hotelLd, field).not.toHaveProperty(field);

    const { results } = await api<{ results: any[] }>('/api/caterings/?limit=50');
    const [restaurant] = results;
    const ld = jsonLd((await html(`/caterings/detail/${restaurant.id}`)).text).get('FoodEstablishment');
    expect(ld.servesCuisine).toEqual(restaurant.kitchen_type.map((k: { name: string }) => k.name));
    // The demo content knows no average bill (its editors set one with a source): no price range
    // is made up (the one the page words from a bill: tests/unit/web-detail.test.ts).
    expect(results.filter((c) => c.avg_bill !== null)).toEqual([]);
    expect(ld).not.toHaveProperty('priceRange');
    expect(ld).not.toHaveProperty('telephone');
  });

  it('pages carry Open Graph and Twitter cards with the picture and its description', async () => {
    const [place] = (
      await api<{ results: { id: number; name: string; img: string }[] }>('/api/attractions/?limit=1')
    ).results;
    if (!place) throw new Error('no attraction');
    const tags = metaTags((await html(`/attractions/detail/${place.id}`)).text);
    // the share rendition: the card's picture as a JPEG 1280 px wide, as large cards ask
    expect(place.img).toMatch(/\/640\.jpg$/);
    expect(tags.get('og:image')).toBe(`${baseUrl()}${place.img.replace(/640\.jpg$/, '1280.jpg')}`);
    const shared = await fetch(tags.get('og:image') as string);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await shared.arrayBuffer())).metadata()).width).toBe(1280);
    expect(tags.get('og:image:alt')).toBe(place.name);
    expect(tags.get('og:title')).toBe(place.name);
    expect(tags.get('og:description')?.length).toBeGreaterThan(20);
    // The Twitter card reads the title, description and image of Open Graph: not written twice.
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    expect(tags.get('twitter:image:alt')).toBe(place.name);
    expect(['twitter:title', 'twitter:description', 'twitter:image'].filter((k) => tags.has(k))).toEqual([]);
    // A page without a picture gets the small card.
    const search = metaTags((await html(`/search/${encodeURIComponent('озеро')}`)).text);
    expect(search.has('og:image')).toBe(false);
    expect(search.get('twitter:card')).toBe('summary');
    expect(search.get('og:title')).toMatch(/озеро/);
  });
});
