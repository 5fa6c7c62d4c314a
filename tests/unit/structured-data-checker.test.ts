import { describe, expect, it } from 'vitest';
import { checkJsonLd, type Finding, jsonLdBlocks } from '../helpers/structured-data.js';

// The JSON-LD checker of the tests (tests/helpers/structured-data.ts): it must find what a search
// engine would refuse or miss, and pass what is right.

const errors = (findings: Finding[]) => findings.filter((f) => f.severity === 'error').map((f) => f.property);
const warnings = (findings: Finding[]) =>
  findings.filter((f) => f.severity === 'warning').map((f) => f.property);

const event = {
  '@context': 'https://schema.org',
  '@type': 'Event',
  name: 'Fair',
  description: 'A fair',
  url: 'https://portal.example/events/detail/1',
  image: ['https://portal.example/media/a/640.jpg'],
  inLanguage: 'en',
  startDate: '2027-03-14',
  endDate: '2027-03-14',
  eventStatus: 'https://schema.org/EventScheduled',
  eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
  location: {
    '@type': 'Place',
    name: 'Meadow',
    address: { '@type': 'PostalAddress', addressLocality: 'Staraya Ladoga', addressCountry: 'RU' },
    geo: { '@type': 'GeoCoordinates', latitude: 60.0, longitude: 32.3 },
  },
  organizer: { '@type': 'Organization', name: 'Museum', url: 'https://museum.example' },
  offers: {
    '@type': 'Offer',
    url: 'https://portal.example/events/detail/1',
    price: 0,
    priceCurrency: 'RUB',
    validFrom: '2027-03-14',
    availability: 'https://schema.org/InStock',
  },
};

describe('the JSON-LD checker', () => {
  it('passes an event that says everything Google reads, with no finding but the unknown performer', () => {
    const findings = checkJsonLd(event);
    expect(errors(findings)).toEqual([]);
    expect(warnings(findings)).toEqual(['Event.performer']);
  });

  it("finds an event's missing place and date, a price without currency, a date that is not ISO and a property of no type", () => {
    const { location: _, startDate: __, ...rest } = event;
    const findings = checkJsonLd({
      ...rest,
      endDate: '14.03.2027',
      priceRange: '100 ₽',
      offers: { '@type': 'Offer', price: '100 ₽' },
    });
    expect(errors(findings)).toEqual(
      expect.arrayContaining([
        'Event.startDate',
        'Event.location',
        'Event.endDate',
        'Event.priceRange',
        'Offer.price',
        'Event.offers.priceCurrency',
      ]),
    );
    expect(warnings(findings)).toEqual(
      expect.arrayContaining(['Event.offers.availability', 'Event.offers.validFrom', 'Event.offers.url']),
    );
  });

  it('refuses a language on a place, a relative address, an unknown type and a trail of one step', () => {
    expect(
      errors(
        checkJsonLd({
          '@context': 'https://schema.org',
          '@type': 'TouristAttraction',
          name: 'Castle',
          inLanguage: 'ru',
          url: '/attractions/detail/1',
        }),
      ),
    ).toEqual(['TouristAttraction.inLanguage', 'TouristAttraction.url']);
    expect(errors(checkJsonLd({ '@context': 'https://schema.org', '@type': 'Castle', name: 'x' }))).toEqual([
      'Castle',
    ]);
    expect(
      errors(
        checkJsonLd({
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: [{ '@type': 'ListItem', position: 2, name: 'Home' }],
        }),
      ),
    ).toEqual(['BreadcrumbList.itemListElement', 'ListItem.position']);
  });

  it("wants a raster logo of 112 px or more, and an article's change not before its publication", () => {
    const org = (logo: unknown) => ({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Portal',
      url: 'https://portal.example/',
      logo,
    });
    expect(errors(checkJsonLd(org('https://portal.example/favicon.svg')))).toEqual(['Organization.logo']);
    expect(
      errors(checkJsonLd(org({ '@type': 'ImageObject', url: 'https://portal.example/logo.png', width: 64 }))),
    ).toEqual(['Organization.logo']);
    expect(checkJsonLd(org({ '@type': 'ImageObject', url: 'https://portal.example/logo.png' }))).toEqual([]);
    const article = {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'News',
      datePublished: '2026-11-10',
      dateModified: '2026-11-09T10:00:00Z',
    };
    expect(errors(checkJsonLd(article))).toEqual(['NewsArticle.dateModified']);
    expect(warnings(checkJsonLd(article))).toEqual(['NewsArticle.author', 'NewsArticle.image']);
  });

  it('asks a business for its address and names what it lacks', () => {
    const findings = checkJsonLd({
      '@context': 'https://schema.org',
      '@type': 'FoodEstablishment',
      name: 'Café',
      geo: { '@type': 'GeoCoordinates', latitude: 60.7139, longitude: 28.733 },
    });
    expect(errors(findings)).toEqual(['LocalBusiness.address']);
    expect(warnings(findings)).toEqual(
      expect.arrayContaining([
        'LocalBusiness.telephone',
        'FoodEstablishment.servesCuisine',
        'LocalBusiness.geo.precision',
      ]),
    );
  });

  it('reads the blocks of a page, and says which one is not JSON', () => {
    const blocks = jsonLdBlocks(
      '<script type="application/ld+json">{"a":1}</script><p></p><script type="application/ld+json">{a</script>',
    );
    expect(blocks[0]?.json).toEqual({ a: 1 });
    expect(blocks[1]?.error).toBeDefined();
  });
});
