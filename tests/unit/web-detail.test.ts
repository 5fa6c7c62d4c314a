import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type {
  DirectionT,
  EventDetailT,
  NearbyItemT,
  NewsDetailT,
  PlaceDetailT,
  RouteDetailT,
} from '../../common/api';
import { addDays, regionToday } from '../../common/date-presets';
import { textToDoc } from '../../common/rich-text';
import {
  type AnyDetail,
  type DetailSection,
  detailConfig,
  type Formatters,
} from '../../web/features/detail/detail-config';
import { coordinate, directionsLinks } from '../../web/features/detail/directions';
import { detailJsonLd, isFreeAdmission, priceOfTerms } from '../../web/features/detail/json-ld';
import { pageItem, pageState } from '../../web/features/detail/page-item';
import { queryValue } from '../../web/features/detail/share-links';
import { directionJsonLd } from '../../web/features/directions/json-ld';
import { breadcrumbJsonLd, scriptJson } from '../../web/lib/json-ld';
import { mapPageHref, parseMapState } from '../../web/lib/map/map-data';
import { checkJsonLd } from '../helpers/structured-data';

const f: Formatters = {
  t: (key, options) => `${key}${options ? JSON.stringify(options) : ''}`,
  date: (iso) => iso,
  dateRange: (a, b) => `${a}–${b}`,
  number: (n) => String(n),
  dayMonth: (date) => date,
};

/** No search or sharing field set: the pages' own title, summary and first picture. */
const noSeo = { title: null, description: null, img: null };

const place: PlaceDetailT = {
  id: 7,
  name: 'Café <b> "Ладога"',
  annotation: 'A place </script><script>alert(1)</script>',
  img: '/media/abc/640.jpg',
  district: { id: 1, name: 'Выборгский район' },
  city: { id: 2, name: 'Выборг' },
  type: { id: 1, name: 'Кафе' },
  tourism_type: [],
  address: 'Рыночная площадь, 1',
  lat: 60.71,
  lon: 28.75,
  institution_type: { id: 3, name: 'Кафе' },
  kitchen_type: [{ id: 1, name: 'Русская' }],
  avg_bill: 900,
  description: 'Text',
  description_doc: textToDoc('Text'),
  images: ['/media/abc/640.jpg', '/media/def/640.jpg'],
  hours: '10:00–22:00',
  price: null,
  opening_hours: null,
  open_status: null,
  admission: null,
  accessibility: { step_free_entrance: true, guide_dogs: false },
  phone: '+7 (81378) 2-15-50',
  site: 'example.org/cafe/',
  fact_sources: { phone: { source: 'staff', checked: '2026-11-22' } },
  routes: [],
  nearby: [],
  seo: noSeo,
};

const nearby: NearbyItemT[] = Array.from({ length: 6 }, (_, n) => ({
  section: 'attractions',
  id: 20 + n,
  name: `Place ${n}`,
  img: `/media/place-${n}/640.jpg`,
  img_photo: { alt: 'Photo', focal_x: 0.5, focal_y: 0.5 },
  lat: 60.7,
  lon: 28.7,
  distance_km: n + 0.5,
}));

// A walk in the same town as the place.
const { district, city, tourism_type, lat, lon, description, description_doc } = place;
const route: RouteDetailT = {
  ...{ district, city, tourism_type, lat, lon, description, description_doc, seo: noSeo },
  id: 3,
  name: 'Выборг за день',
  annotation: 'A walk',
  img: '/media/route/640.jpg',
  type: { id: 1, name: 'Пешеходный' },
  way_to_travel: [],
  length: 4.5,
  images: ['/media/route/640.jpg'],
  duration: '1 день',
  season: null,
  path: [
    [60.71, 28.75],
    [60.73, 28.7],
  ],
  objects_along_the_way: [
    { id: 11, name: 'Выборгский замок', img: '/media/castle/640.jpg', type: null, lat: 60.71, lon: 28.73 },
    {
      id: 12,
      name: 'Парк Монрепо',
      img: '/media/park/640.jpg',
      img_photo: { alt: 'Park', focal_x: 0.5, focal_y: 0.5 },
      type: { id: 4, name: 'Парк' },
      lat: 60.73,
      lon: 28.7,
    },
  ],
  nearby,
};

const factsOf = (section: 'caterings' | 'residence') =>
  Object.fromEntries(detailConfig[section].facts.map((fact) => [fact.id, fact.value(place, f)]));

describe('detail-config', () => {
  it('shows a phone as a tel: link and a site as an https link, and leaves out missing facts', () => {
    const facts = factsOf('caterings');
    expect(facts.phone).toEqual({ text: '+7 (81378) 2-15-50', href: 'tel:+78137821550' });
    expect(facts.site).toEqual({ text: 'example.org/cafe', href: 'https://example.org/cafe/' });
    // no schedule: the hours are unknown, with the phone to ask, and the note in words follows
    expect(facts.hours).toEqual(['detail:sources.unknownCall{"phone":"+7 (81378) 2-15-50"}', '10:00–22:00']);
    expect(facts.kitchenType).toEqual(['Русская']);
    expect(facts.district).toBe('Выборг, Выборгский район');
    expect(factsOf('residence').admission).toEqual(['detail:admission.unknown']);
    // every fact of the vocabulary, unknown ones as unknown (never as "no")
    const access = facts.accessibility as string[];
    expect(access).toHaveLength(7);
    expect(access[0]).toContain('"answer":"detail:access.yes"');
    expect(access[1]).toContain('"answer":"detail:access.unknown"');
    expect(access[5]).toContain('"answer":"detail:access.no"');
  });
});

describe('where the facts came from', () => {
  const hours = { seasons: [{ hours: [{ days: [1, 2, 3, 4, 5, 6, 7], opens: '10:00', closes: '18:00' }] }] };
  const hoursOf = (p: PlaceDetailT) =>
    detailConfig.caterings.facts.find((x) => x.id === 'hours')?.value(p, f);
  const factOf = (p: PlaceDetailT, id: string) =>
    detailConfig.caterings.facts.find((x) => x.id === id)?.value(p, f);

  it('says when the hours were checked and by whom, after the schedule', () => {
    const venue = {
      ...place,
      opening_hours: hours,
      fact_sources: { opening_hours: { source: 'venue' as const, checked: '2026-11-20' } },
    };
    expect((hoursOf(venue) as unknown[]).at(-1)).toEqual({
      source: 'detail:sources.hoursChecked{"date":"2026-11-20","source":"detail:sources.venue"}',
    });
    const staff = {
      ...venue,
      fact_sources: { opening_hours: { source: 'staff' as const, checked: '2026-11-27' } },
    };
    expect((hoursOf(staff) as unknown[]).at(-1)).toEqual({
      source: 'detail:sources.hoursChecked{"date":"2026-11-27","source":"detail:sources.staff"}',
    });
  });

  it('credits OpenStreetMap beside every fact taken from it', () => {
    const osm = { source: 'osm' as const, checked: '2026-11-29', ref: 'node/1' };
    const p = {
      ...place,
      opening_hours: hours,
      fact_sources: { opening_hours: osm, phone: osm, accessibility: osm },
    };
    const credit = {
      source: 'detail:sources.osm{"date":"2026-11-29"}',
      attribution: { text: 'detail:sources.osmCredit', href: 'https://www.openstreetmap.org/copyright' },
    };
    expect((hoursOf(p) as unknown[]).at(-1)).toEqual(credit);
    expect(factOf(p, 'phone')).toEqual([{ text: '+7 (81378) 2-15-50', href: 'tel:+78137821550' }, credit]);
    expect((factOf(p, 'accessibility') as unknown[]).at(-1)).toEqual(credit);
    // a fact from elsewhere carries no credit
    expect(factOf(p, 'site')).toEqual({ text: 'example.org/cafe', href: 'https://example.org/cafe/' });
  });

  it("says when a catering's bill was checked and by whom; an unsourced bill is the figure alone", () => {
    const bill = 'detail:avgBillValue{"value":"900"}';
    const venue = {
      ...place,
      fact_sources: { avg_bill: { source: 'venue' as const, checked: '2026-11-26' } },
    };
    expect(factOf(venue, 'avgBill')).toEqual([
      bill,
      { source: 'detail:sources.checked{"date":"2026-11-26","source":"detail:sources.venue"}' },
    ]);
    expect(factOf({ ...place, fact_sources: {} }, 'avgBill')).toBe(bill);
    expect(factOf({ ...venue, avg_bill: null }, 'avgBill')).toBeNull();
  });

  it('says when an admission price was checked and by whom, after the price; unknown terms say only that', () => {
    const admission = { free: false as const, min: 300, max: 700 };
    const staff = {
      ...place,
      admission,
      fact_sources: { admission: { source: 'staff' as const, checked: '2026-11-27' } },
    };
    const admissionOf = (p: PlaceDetailT) =>
      detailConfig.attractions.facts.find((x) => x.id === 'admission')?.value(p, f);
    expect((admissionOf(staff) as unknown[]).at(-1)).toEqual({
      source: 'detail:sources.checked{"date":"2026-11-27","source":"detail:sources.staff"}',
    });
    expect(admissionOf({ ...staff, admission: null, fact_sources: {} })).toEqual([
      'detail:admission.unknown',
    ]);
  });

  it('unknown hours point to the site when there is no phone, else just say to check', () => {
    expect(hoursOf({ ...place, phone: null, hours: null })).toEqual(['detail:sources.unknownSite']);
    expect(hoursOf({ ...place, phone: null, site: null, hours: null })).toEqual([
      'detail:sources.unknownCheck',
    ]);
  });
});

/** The JSON-LD of an item's page in Russian on https://portal.example. */
const jsonLdOf = (item: AnyDetail, section: DetailSection) =>
  detailJsonLd(item, {
    section,
    url: `https://portal.example/${section}/detail/${item.id}`,
    publicUrl: 'https://portal.example',
    lang: 'ru',
    siteName: 'Ленинградская область',
    f,
  });

describe('JSON-LD', () => {
  it('describes a catering as a FoodEstablishment with address, geo, image and cuisine', () => {
    const ld = jsonLdOf(place, 'caterings');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'FoodEstablishment',
      name: place.name,
      telephone: place.phone,
      geo: { '@type': 'GeoCoordinates', latitude: 60.71, longitude: 28.75 },
      address: { '@type': 'PostalAddress', streetAddress: place.address, addressLocality: 'Выборг' },
      image: ['https://portal.example/media/abc/640.jpg', 'https://portal.example/media/def/640.jpg'],
      servesCuisine: ['Русская'],
      // The average bill, worded as the page shows it.
      priceRange: 'detail:avgBillValue{"value":"900"}',
    });
  });

  it("lists a route's stops in order, each by its name and page in the page's language", () => {
    const ld = jsonLdOf(route, 'routes');
    expect(ld['@type']).toBe('TouristTrip');
    // The stops' coordinates are on their own pages (their JSON-LD's geo), not repeated here.
    expect(ld.itinerary).toEqual({
      '@type': 'ItemList',
      numberOfItems: 2,
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          item: {
            '@type': 'TouristAttraction',
            name: 'Выборгский замок',
            url: 'https://portal.example/attractions/detail/11?lng=ru',
          },
        },
        {
          '@type': 'ListItem',
          position: 2,
          item: {
            '@type': 'TouristAttraction',
            name: 'Парк Монрепо',
            url: 'https://portal.example/attractions/detail/12?lng=ru',
          },
        },
      ],
    });
  });

  it('says an event is free only when its admission terms say so as a whole, in every language', async () => {
    const events = JSON.parse(
      await readFile(new URL('../../content/data/events.json', import.meta.url), 'utf8'),
    ) as { key: string; price?: Record<'ru' | 'en' | 'zh', string> }[];
    const free = events.filter((e) => isFreeAdmission(e.price?.ru)).map((e) => e.key);
    expect(free.length).toBeGreaterThan(5);
    for (const e of events) {
      const verdicts = (['ru', 'en', 'zh'] as const).map((l) => isFreeAdmission(e.price?.[l]));
      expect(verdicts, `${e.key}: ${JSON.stringify(e.price)}`).toEqual(verdicts.map(() => verdicts[0]));
    }
    for (const partly of [
      'Вход свободный; дегустации платные',
      'Free for spectators; entry fee for racers',
      'По билетам',
    ])
      expect(isFreeAdmission(partly), partly).toBe(false);
  });

  const today = regionToday();
  const event = (over: Partial<EventDetailT>): EventDetailT => ({
    id: 4,
    name: 'Масленица',
    annotation: 'Проводы зимы',
    description: 'Text',
    seo: noSeo,
    description_doc: textToDoc('Text'),
    img: '/media/event/640.jpg',
    images: ['/media/event/640.jpg'],
    start_date: addDays(today, 10),
    end_date: addDays(today, 10),
    start_end_date: '',
    venue: 'Луг у крепости',
    address: null,
    district: { id: 1, name: 'Волховский район' },
    city: { id: 2, name: 'Старая Ладога' },
    tourism_type: [],
    lat: 60.0,
    lon: 32.3,
    price: 'Вход свободный',
    site: 'https://www.ladogamuseum.ru',
    organizer: 'Староладожский музей-заповедник',
    organizer_site: 'https://www.ladogamuseum.ru',
    nearby: [],
    ...over,
  });
  const errorsOf = (ld: unknown) => checkJsonLd(ld).filter((f) => f.severity === 'error');

  it('names the organiser the content names, and offers free entry as price 0, open from the first day while the event lasts', () => {
    const ld = jsonLdOf(event({}), 'events');
    expect(ld).toMatchObject({
      '@type': 'Event',
      inLanguage: 'ru',
      organizer: {
        '@type': 'Organization',
        name: 'Староладожский музей-заповедник',
        url: 'https://www.ladogamuseum.ru',
      },
      offers: {
        '@type': 'Offer',
        url: 'https://portal.example/events/detail/4',
        description: 'Вход свободный',
        price: 0,
        priceCurrency: 'RUB',
        validFrom: addDays(today, 10),
        availability: 'https://schema.org/InStock',
      },
      location: { address: { addressLocality: 'Старая Ладога', addressCountry: 'RU' } },
    });
    expect(errorsOf(ld)).toEqual([]);
    // Over: nothing is on offer any more. No organiser known: none is named (not the portal).
    const past = jsonLdOf(
      event({
        start_date: addDays(today, -3),
        end_date: addDays(today, -1),
        organizer: null,
        organizer_site: null,
      }),
      'events',
    );
    expect(past.offers).not.toHaveProperty('availability');
    expect(past).not.toHaveProperty('organizer');
    expect(errorsOf(past)).toEqual([]);
  });

  it('gives a price only when the terms state one; when tickets go on sale and how many are left stay unknown', () => {
    const ticket = jsonLdOf(event({ price: 'Билет 500 ₽' }), 'events');
    expect(ticket.offers).toEqual({
      '@type': 'Offer',
      url: 'https://portal.example/events/detail/4',
      description: 'Билет 500 ₽',
      price: 500,
      priceCurrency: 'RUB',
    });
    const museum = jsonLdOf(event({ price: 'По билетам музея', address: null, city: null }), 'events');
    expect(museum.offers).toEqual({
      '@type': 'Offer',
      url: 'https://portal.example/events/detail/4',
      description: 'По билетам музея',
    });
    // the district and the country are known wherever the event is
    expect(museum.location).toMatchObject({
      address: { addressRegion: 'Волховский район', addressCountry: 'RU' },
    });
    expect(errorsOf(museum)).toEqual([]);
    for (const [terms, price] of [
      ['500 ₽', 500],
      ['1 200 руб.', 1200],
      ['Tickets 350 roubles', 350],
      ['门票500卢布', 500],
      ['Бесплатно', 0],
      ['300–500 ₽', undefined],
      ['от 300 ₽', undefined],
      ['500 ₽ взрослым, дети бесплатно', undefined],
      ['Free admission; tastings paid', undefined],
      [null, undefined],
    ] as const)
      expect(priceOfTerms(terms), String(terms)).toBe(price);
  });

  it('gives a news item its last change, the portal as author with a PNG logo, and the language of its text', () => {
    const news: NewsDetailT = {
      id: 1,
      name: 'Новость',
      annotation: 'Коротко',
      img: null,
      date: '2026-11-10',
      updated_at: '2026-11-20T09:30:00.000Z',
      description: 'Text',
      description_doc: textToDoc('Text'),
      images: [],
      district: null,
      seo: noSeo,
    };
    const ld = jsonLdOf(news, 'news');
    expect(ld).toMatchObject({
      '@type': 'NewsArticle',
      inLanguage: 'ru',
      datePublished: '2026-11-10',
      dateModified: '2026-11-20T09:30:00.000Z',
      author: { '@type': 'Organization', logo: { url: 'https://portal.example/logo.png', width: 512 } },
    });
    expect(errorsOf(ld)).toEqual([]);
    // Changed before the day it is dated: it was not changed since it appeared.
    expect(jsonLdOf({ ...news, updated_at: '2026-11-01T00:00:00Z' }, 'news').dateModified).toBe('2026-11-10');
  });

  it('gives a language to events and articles only, and a price range to businesses only', () => {
    const cafe = jsonLdOf(place, 'caterings');
    expect(cafe).not.toHaveProperty('inLanguage');
    expect(cafe.priceRange).toBeDefined();
    const attraction = jsonLdOf(
      { ...place, admission: { free: false, min: 300, max: 500 }, routes: [] },
      'attractions',
    );
    expect(attraction).not.toHaveProperty('priceRange');
    expect(attraction).not.toHaveProperty('inLanguage');
    expect(jsonLdOf(route, 'routes')).not.toHaveProperty('inLanguage');
    for (const ld of [cafe, attraction, jsonLdOf(route, 'routes')]) expect(errorsOf(ld)).toEqual([]);
  });

  it("describes a district's page as a tourist destination with its administrative centre", () => {
    const direction: DirectionT = {
      id: 5,
      name: 'Выборгский район',
      district: 'Выборгский район',
      districtid: 5,
      annotation: 'Крепость и парки',
      description: 'Text',
      description_doc: textToDoc('Text'),
      img: '/media/d/640.jpg',
      images: ['/media/d/640.jpg'],
      admin_center: { id: 2, name: 'Выборг' },
      area_km2: 7400,
      population: 200000,
      lat: 60.7,
      lon: 28.75,
      seo: noSeo,
    };
    const ld = directionJsonLd(direction, {
      url: 'https://portal.example/directions/detail/5?lng=ru',
      publicUrl: 'https://portal.example',
    });
    expect(ld).toMatchObject({
      '@type': 'TouristDestination',
      name: 'Выборгский район',
      image: ['https://portal.example/media/d/640.jpg'],
      containsPlace: { '@type': 'City', name: 'Выборг' },
    });
    expect(errorsOf(ld)).toEqual([]);
  });

  it('escapes < so the JSON cannot end its script element', () => {
    const text = scriptJson({ a: place.annotation, b: '<!--' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ a: place.annotation, b: '<!--' });
  });

  it('numbers breadcrumbs from 1', () => {
    const ld = breadcrumbJsonLd([{ name: 'Home', url: 'https://x/' }, { name: 'Item' }]);
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://x/' },
      { '@type': 'ListItem', position: 2, name: 'Item' },
    ]);
  });
});

describe('the map link and "get directions"', () => {
  it('opens the map page on the item: a place close up, a route fitted to its line', () => {
    const place = new URL(mapPageHref('caterings', 7, { lat: 60.71, lon: 28.75 }), 'http://x');
    expect(place.pathname).toBe('/map');
    const state = parseMapState(place.searchParams);
    expect(state.selected).toBe('caterings.7');
    expect(state.view).toEqual({ lat: 60.71, lon: 28.75, zoom: 14 });
    expect(state.layers).toHaveLength(7);
    expect(mapPageHref('routes', 3)).toBe('/map?place=routes.3');
  });

  it('links every service to the coordinates, the route starting where the visitor is', () => {
    const links = Object.fromEntries(
      directionsLinks(59.7164321, 30.3956789, 'Екатерининский дворец & парк', 'ru').map((l) => [
        l.id,
        l.href,
      ]),
    );
    expect(links).toEqual({
      geo: 'geo:59.716432,30.395679?q=59.716432,30.395679(Екатерининский%20дворец%20%26%20парк)',
      yandex: 'https://yandex.ru/maps/?rtext=~59.716432,30.395679',
      '2gis': 'https://2gis.ru/directions/points/%7C30.395679,59.716432',
      google: 'https://www.google.com/maps/dir/?api=1&destination=59.716432,30.395679',
      apple: 'https://maps.apple.com/?daddr=59.716432,30.395679',
      osm: 'https://www.openstreetmap.org/directions?to=59.716432,30.395679',
    });
    // Other languages get Yandex's international site; coordinates lose trailing zeros.
    const en = directionsLinks(60.5, 29, 'Vyborg', 'en');
    expect(en.find((l) => l.id === 'yandex')?.href).toBe('https://yandex.com/maps/?rtext=~60.5,29');
    expect(coordinate(-0.1000004)).toBe('-0.1');
  });
});

describe('share links', () => {
  it('keep letters in the query as they are and encode what would change it', () => {
    const title = 'Усадьба «Марьино» & парк? #1 50%+';
    const value = queryValue(title);
    expect(value).toBe('Усадьба%20«Марьино»%20%26%20парк%3F%20%231%2050%25%2B');
    expect(new URL(`https://vk.com/share.php?title=${value}&x=1`).searchParams.get('title')).toBe(title);
    // the browser sends what encodeURIComponent would have written
    expect(new URL(`https://vk.com/share.php?title=${value}`).search).toBe(
      `?title=${encodeURIComponent(title)}`,
    );
  });
});

describe("the page's data", () => {
  it('holds the nearby cards the HTML shows and no pictures of cards or stops; the rest is as it was', () => {
    const page = pageItem(route) as RouteDetailT;
    expect(page.nearby).toEqual(
      nearby.slice(0, 4).map(({ img_photo: _photo, ...n }) => ({ ...n, img: null })),
    );
    expect(page.objects_along_the_way).toEqual([
      { id: 11, name: 'Выборгский замок', img: null, type: null, lat: 60.71, lon: 28.73 },
      { id: 12, name: 'Парк Монрепо', img: null, type: { id: 4, name: 'Парк' }, lat: 60.73, lon: 28.7 },
    ]);
    const { nearby: _n, objects_along_the_way: _o, ...rest } = page;
    const { nearby: _fn, objects_along_the_way: _fo, ...full } = route;
    expect(rest).toEqual(full);
    // A place keeps its own pictures; only its nearby cards lose theirs.
    const placePage = pageItem({ ...place, nearby }) as PlaceDetailT;
    expect(placePage.images).toEqual(place.images);
    expect(placePage.nearby.map((n) => n.img)).toEqual([null, null, null, null]);
  });

  it('marks the trimmed item stale, so that the browser fetches all of it as the app starts', () => {
    const query = (queryKey: unknown[], data: unknown) => ({
      queryKey,
      queryHash: JSON.stringify(queryKey),
      dehydratedAt: 1,
      state: {
        data,
        dataUpdateCount: 1,
        dataUpdatedAt: 1,
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success' as const,
        fetchStatus: 'idle' as const,
      },
    });
    const news = { id: 1, name: 'News', description: 'Text', images: [] };
    const [routeQuery, newsQuery] = pageState({
      mutations: [],
      queries: [query(['detail', 'routes', 3, 'ru'], route), query(['detail', 'news', 1, 'ru'], news)],
    }).queries;
    expect(routeQuery?.state.isInvalidated).toBe(true);
    expect((routeQuery?.state.data as RouteDetailT | undefined)?.nearby).toHaveLength(4);
    // An item the page shows whole is left as it is: no second fetch.
    expect(newsQuery?.state).toMatchObject({ data: news, isInvalidated: false });
  });
});
