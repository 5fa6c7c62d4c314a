import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { infoPageSlugs } from '../../common/pages.js';
import { everySection } from '../../common/sections.js';
import { checkJsonLd, jsonLdBlocks, typeOfBlock } from '../helpers/structured-data.js';
import { baseUrl, describeE2E } from './setup/browser.js';

// Every JSON-LD block of a sample of pages of every kind, in ru, en and zh, checked as a search
// engine reads it (tests/helpers/structured-data.ts): no error, and no recommended property missing
// but those the content does not know (each named below with the reason). Plain HTTP, no browser.

/** Recommended properties a page may lack, because the content does not know them. */
const unknownInTheContent: Record<string, string> = {
  'Event.performer': 'the content names no performers',
  'Event.organizer': 'most events name no organiser; the content says who holds a few of them',
  'Event.organizer.url': 'an organiser known by its name only',
  'Event.offers.price': 'admission terms that are not one price ("museum ticket")',
  'Event.offers.priceCurrency': 'no price, no currency',
  'Event.offers.availability': 'whether tickets are left is not known; an event that is over offers nothing',
  'Event.offers.validFrom': 'when tickets go on sale is not known',
  'LocalBusiness.aggregateRating': 'the portal has no ratings with their count',
  'LocalBusiness.department': 'no departments',
  'LocalBusiness.telephone': 'a phone only where it is known',
  'LocalBusiness.openingHoursSpecification': 'opening hours only where they are known',
  'LocalBusiness.priceRange': 'prices only where they are known',
  'LocalBusiness.address.postalCode': 'the content has no postcodes',
  'LocalBusiness.address.streetAddress': 'some places have no street address',
  'LocalBusiness.geo.precision': "the content's coordinates have four decimals (about 10 m)",
  'FoodEstablishment.menu': 'no menus',
  'FoodEstablishment.servesCuisine': 'a cuisine only where it is known',
};

const api = async <T>(path: string): Promise<T> => (await fetch(`${baseUrl()}${path}`)).json() as Promise<T>;
/** The first ids of a list (a page of one, or the whole list where the API does not page it). */
async function ids(path: string, n: number): Promise<number[]> {
  const list = await api<{ results: { id: number }[] } | { id: number }[]>(path);
  return (Array.isArray(list) ? list : list.results).slice(0, n).map((r) => r.id);
}

describeE2E('structured data of every kind of page', () => {
  /** Each page of the sample with the types of the blocks it must carry. */
  const pages: { path: string; types: string[] }[] = [
    { path: '/', types: ['Organization'] },
    { path: '/directions', types: [] },
    { path: '/map', types: [] },
    ...everySection.filter((s) => s.sitemap).map((s) => ({ path: `/${s.slug}/list`, types: [] })),
    ...infoPageSlugs.map((slug) => ({ path: `/${slug}`, types: [] })),
  ];
  beforeAll(async () => {
    for (const id of await ids('/api/directions/', 3))
      pages.push({ path: `/directions/detail/${id}`, types: ['TouristDestination', 'BreadcrumbList'] });
    for (const s of everySection) {
      if (!s.detail) continue;
      // every event, to come and over (each offer and organiser the content has); three of the others
      const items =
        s.slug === 'events'
          ? [
              ...(await ids('/api/events/?limit=100', 100)),
              ...(await ids('/api/events/?limit=100&past=true', 100)),
            ]
          : await ids(`/api/${s.api ?? s.slug}/?limit=3`, 3);
      for (const id of items)
        pages.push({ path: `/${s.slug}/detail/${id}`, types: [s.detail.schemaType, 'BreadcrumbList'] });
    }
  });

  it('every block of every page in every language passes, and says all the content knows', async () => {
    const errors: string[] = [];
    const unexpected: string[] = [];
    const missing = new Map<string, number>();
    let blocks = 0;
    for (const lng of ['ru', 'en', 'zh']) {
      for (const page of pages) {
        const url = `${page.path}?lng=${lng}`;
        const res = await fetch(`${baseUrl()}${url}`);
        expect(res.status, url).toBe(200);
        const found = jsonLdBlocks(await res.text());
        for (const block of found) {
          blocks++;
          if (block.error) {
            errors.push(`${url}: a block is not JSON (${block.error})`);
            continue;
          }
          for (const f of checkJsonLd(block.json)) {
            if (f.severity === 'error') errors.push(`${url}: ${f.message}`);
            else if (f.property in unknownInTheContent)
              missing.set(f.property, (missing.get(f.property) ?? 0) + 1);
            else unexpected.push(`${url}: ${f.message}`);
          }
        }
        const types = found.map((b) => typeOfBlock(b.json));
        for (const type of page.types) if (!types.includes(type)) errors.push(`${url}: no ${type} block`);
        // the blocks speak the page's language
        for (const b of found) {
          const inLanguage = (b.json as { inLanguage?: string }).inLanguage;
          // Tagged as <html lang> and hreflang tag the page (Chinese: zh-Hans).
          if (inLanguage && inLanguage !== (lng === 'zh' ? 'zh-Hans' : lng))
            errors.push(`${url}: inLanguage ${inLanguage}`);
        }
      }
    }
    console.log(
      `structured data: ${blocks} blocks of ${pages.length} pages × 3 languages; recommended and unknown: ${[
        ...missing,
      ]
        .map(([p, n]) => `${p} ${n}`)
        .join(', ')}`,
    );
    expect(errors.slice(0, 30), `${errors.length} errors`).toEqual([]);
    expect(unexpected.slice(0, 30), `${unexpected.length} recommended properties missing`).toEqual([]);
  }, 180_000);

  it("the portal's logo is a PNG of 112 px or more, as its block says, on the home page and as the news' publisher", async () => {
    const home = jsonLdBlocks(await (await fetch(`${baseUrl()}/?lng=en`)).text());
    const organization = home.find((b) => typeOfBlock(b.json) === 'Organization')?.json as {
      logo: { url: string; width: number; height: number };
    };
    const [news] = await ids('/api/news/?limit=1', 1);
    const article = jsonLdBlocks(await (await fetch(`${baseUrl()}/news/detail/${news}`)).text()).find(
      (b) => typeOfBlock(b.json) === 'NewsArticle',
    )?.json as { publisher: { logo: { url: string } } };
    expect(article.publisher.logo.url).toBe(organization.logo.url);
    const res = await fetch(organization.logo.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const { format, width, height } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect({ format, width, height }).toEqual({
      format: 'png',
      width: organization.logo.width,
      height: organization.logo.height,
    });
    expect(width).toBeGreaterThanOrEqual(112);
  });
});
