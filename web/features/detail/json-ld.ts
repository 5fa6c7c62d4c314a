import { accessibilityFacts } from '../../../common/accessibility';
import type {
  AccessibilityT,
  EventDetailT,
  LibraryPhotoT,
  NewsDetailT,
  OpeningHoursT,
  PlaceDetailT,
  RouteDetailT,
} from '../../../common/api';
import { regionToday } from '../../../common/date-presets';
import { type Lang, langTag } from '../../../common/languages';
import { docToPlain } from '../../../common/rich-text';
import { sectionOf } from '../../../common/sections';
import { localizedUrl } from '../../../common/urls';
import { absolute, compact, type Json, portalOrganization } from '../../lib/json-ld';
import { type AnyDetail, avgBill, type DetailSection, detailConfig, type Formatters } from './detail-config';
import { admissionText } from './practical';

// schema.org structured data of a detail page (https://schema.org), as JSON-LD. It says what the
// content knows and nothing else: a fact the content does not hold is left out, never guessed.

export interface JsonLdContext {
  section: DetailSection;
  /** Absolute URL of the page in its language. */
  url: string;
  publicUrl: string;
  lang: Lang;
  siteName: string;
  /** The page's formatters: a value the page shows goes into the data as the page words it. */
  f: Formatters;
}

const siteUrl = (site: string | null | undefined) =>
  site ? (/^https?:\/\//.test(site) ? site : `https://${site}`) : undefined;

/** The address as far as it is known: at least the district and the country. */
function postalAddress(
  street: string | null | undefined,
  item: { city?: { name: string } | null; district?: { name: string } | null },
) {
  if (!street && !item.city && !item.district) return undefined;
  return {
    '@type': 'PostalAddress',
    ...(street ? { streetAddress: street } : {}),
    ...(item.city ? { addressLocality: item.city.name } : {}),
    ...(item.district ? { addressRegion: item.district.name } : {}),
    addressCountry: 'RU',
  };
}
const geo = (lat: number, lon: number) => ({ '@type': 'GeoCoordinates', latitude: lat, longitude: lon });

/**
 * Admission terms that say, as a whole, that entry is free ("Вход свободный", "Free admission to
 * the fair", "免费入场"); terms with a condition or a paid part ("Free admission; tastings paid")
 * do not match, and then no price is stated.
 */
const freeAdmission = [
  /^(бесплатно|вход( на [а-яё]+)? свободный)$/i,
  /^free( admission( to the [a-z]+)?)?$/i,
  /^\p{Script=Han}{0,2}免费(入场)?$/u,
];
export const isFreeAdmission = (terms: string | null | undefined) =>
  !!terms && freeAdmission.some((pattern) => pattern.test(terms.trim()));

/**
 * Admission terms that are, as a whole, one price in roubles ("500 ₽", "Билет 350 руб.",
 * "Tickets 1 200 roubles", "门票500卢布"): that price; any other terms (a range, a condition, a
 * price per group) say no one price.
 */
const onePrice =
  /^(?:(?:билет|вход|ticket|tickets|admission|entry|门票)[\s:：]*)?(\d{1,3}(?:[\s\u00a0]\d{3})+|\d+)\s*(?:₽|руб\.?|рублей|рубля|rub|roubles?|rubles?|卢布)$/iu;
export function priceOfTerms(terms: string | null | undefined): number | undefined {
  if (isFreeAdmission(terms)) return 0;
  const amount = terms ? onePrice.exec(terms.trim())?.[1] : undefined;
  return amount === undefined ? undefined : Number(amount.replace(/\D/g, ''));
}

/** A place's prices as its page words them: the admission, the price note or the average bill. */
const priceRange = (p: PlaceDetailT, f: Formatters) =>
  (p.admission && !p.admission.free ? admissionText(p.admission, f.t, (n) => f.number(n, 0)) : undefined) ??
  p.price ??
  avgBill(p, f) ??
  undefined;

/** The schema.org types of the sections that are businesses (LocalBusiness), not only places. */
const localBusinesses = new Set([
  'LodgingBusiness',
  'FoodEstablishment',
  'EntertainmentBusiness',
  'TouristInformationCenter',
]);

const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * The schedule as schema.org OpeningHoursSpecification: one per interval, a season's with its
 * validFrom/validThrough in its coming (or current) occurrence, a closed date as opens = closes
 * 00:00 on that day. The monthly closed days have no schema.org form and are left out.
 */
export function openingHoursSpecification(hours: OpeningHoursT, today = regionToday()): Json[] {
  const year = Number(today.slice(0, 4));
  const specs: Json[] = [];
  for (const season of hours.seasons) {
    let validity = {};
    if (season.from !== undefined && season.to !== undefined) {
      // the occurrence that has not ended yet: this year's, or next year's once it is over
      const wraps = season.to < season.from;
      let from = year;
      if (`${wraps ? year + 1 : year}-${season.to}` < today) from = year + 1;
      if (wraps && `${year}-${season.to}` >= today) from = year - 1;
      validity = {
        validFrom: `${from}-${season.from}`,
        validThrough: `${wraps ? from + 1 : from}-${season.to}`,
      };
    }
    for (const h of season.hours) {
      specs.push({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: h.days.map((d) => `https://schema.org/${dayNames[d - 1]}`),
        opens: h.opens,
        closes: h.closes === '24:00' ? '23:59' : h.closes,
        ...validity,
      });
    }
  }
  for (const date of hours.closed_dates ?? []) {
    specs.push({
      '@type': 'OpeningHoursSpecification',
      opens: '00:00',
      closes: '00:00',
      validFrom: date,
      validThrough: date,
    });
  }
  return specs;
}

/** The accessibility facts known, as schema.org amenity features (unknown ones are left out). */
function amenityFeatures(accessibility: AccessibilityT, f: Formatters): Json[] | undefined {
  const known = accessibilityFacts
    .filter((fact) => accessibility[fact] !== undefined)
    .map((fact) => ({
      '@type': 'LocationFeatureSpecification',
      name: f.t(`detail:access.${fact}`),
      value: accessibility[fact],
    }));
  return known.length ? known : undefined;
}

export function detailJsonLd(item: AnyDetail, ctx: JsonLdContext): Json {
  const type = detailConfig[ctx.section].schemaType;
  // A photo of the media library says what it shows (its alt text, as the caption); an
  // illustration is its URL alone.
  const picture = (src: string, photo: LibraryPhotoT | null | undefined): Json | string => {
    const url = absolute(ctx.publicUrl, src);
    return photo?.alt ? { '@type': 'ImageObject', contentUrl: url, url, caption: photo.alt } : url;
  };
  // The search and sharing fields, when set, name, describe and picture the item as its page's
  // <head> does (decision 053): the share picture first, then the item's others.
  const { seo } = item;
  const images = [
    ...(seo?.img ? [picture(seo.img, seo.img_photo)] : []),
    ...item.images.flatMap((src, n) => (src === seo?.img ? [] : [picture(src, item.image_photos?.[n])])),
  ];
  const base = {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': `${ctx.url}#item`,
    name: seo?.title || item.name,
    description: seo?.description || item.annotation || undefined,
    url: ctx.url,
    image: images.length ? images : undefined,
  };
  // The language of the page's text: a property of events and of written works only (a place or
  // a trip has none in schema.org), tagged as <html lang> tags it.
  const inLanguage = langTag(ctx.lang);
  switch (sectionOf(ctx.section).card) {
    case 'route': {
      const r = item as RouteDetailT;
      return compact({
        ...base,
        touristType: r.tourism_type.map((t) => t.name),
        // The stops in order, each by its name and page (in this page's language); their
        // coordinates are in the JSON-LD of those pages (a route's ten stops' GeoCoordinates were
        // a kilobyte of its page).
        itinerary: {
          '@type': 'ItemList',
          numberOfItems: r.objects_along_the_way.length,
          itemListElement: r.objects_along_the_way.map((o, n) => ({
            '@type': 'ListItem',
            position: n + 1,
            item: {
              '@type': 'TouristAttraction',
              name: o.name,
              url: localizedUrl(ctx.publicUrl, `/attractions/detail/${o.id}`, ctx.lang),
            },
          })),
        },
      });
    }
    case 'event': {
      const e = item as EventDetailT;
      const free = isFreeAdmission(e.price);
      const price = priceOfTerms(e.price);
      const over = e.end_date < regionToday();
      return compact({
        ...base,
        inLanguage,
        startDate: e.start_date,
        endDate: e.end_date,
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: compact({
          '@type': 'Place',
          name: e.venue ?? e.city?.name ?? e.district.name,
          address: postalAddress(e.address, e),
          geo: geo(e.lat, e.lon),
        }),
        sameAs: siteUrl(e.site),
        isAccessibleForFree: free || undefined,
        // Who holds it, when the content names them (the portal that lists it does not).
        organizer:
          e.organizer || e.organizer_site
            ? compact({ '@type': 'Organization', name: e.organizer, url: siteUrl(e.organizer_site) })
            : undefined,
        // Where to find the admission terms: this page. A price only when the terms state one (free
        // is 0). Free entry is open to all from the first day while the event lasts; when tickets
        // go on sale and whether any are left is not known.
        offers: compact({
          '@type': 'Offer',
          url: ctx.url,
          description: e.price ?? undefined,
          ...(price !== undefined ? { price, priceCurrency: 'RUB' } : {}),
          ...(free ? { validFrom: e.start_date } : {}),
          ...(free && !over ? { availability: 'https://schema.org/InStock' } : {}),
        }),
      });
    }
    case 'news': {
      const n = item as NewsDetailT;
      return compact({
        ...base,
        inLanguage,
        headline: n.name.slice(0, 110),
        datePublished: n.date,
        // Its last change; an item dated after it was written was not changed since it appeared.
        dateModified: n.updated_at.slice(0, 10) > n.date ? n.updated_at : n.date,
        articleBody: docToPlain(n.description_doc),
        mainEntityOfPage: ctx.url,
        author: portalOrganization(ctx.publicUrl, ctx.siteName),
        publisher: portalOrganization(ctx.publicUrl, ctx.siteName),
      });
    }
    case 'tourism-type':
      return compact(base);
    default: {
      const p = item as PlaceDetailT;
      return compact({
        ...base,
        address: postalAddress(p.address, p),
        geo: geo(p.lat, p.lon),
        telephone: p.phone ?? undefined,
        sameAs: siteUrl(p.site),
        isAccessibleForFree: p.admission ? p.admission.free : undefined,
        openingHoursSpecification: p.opening_hours ? openingHoursSpecification(p.opening_hours) : undefined,
        amenityFeature: amenityFeatures(p.accessibility ?? {}, ctx.f),
        // The properties schema.org gives the place's type: a business has a price range.
        ...(localBusinesses.has(type) ? { priceRange: priceRange(p, ctx.f) } : {}),
        ...(type === 'FoodEstablishment' && p.kitchen_type?.length
          ? { servesCuisine: p.kitchen_type.map((k) => k.name) }
          : {}),
        ...(type === 'LodgingBusiness' && p.stars
          ? { starRating: { '@type': 'Rating', ratingValue: p.stars } }
          : {}),
        ...(type === 'TouristAttraction' ? { touristType: p.tourism_type.map((t) => t.name) } : {}),
      });
    }
  }
}
