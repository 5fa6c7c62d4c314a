import { accessibilityFacts } from '../../../common/accessibility';
import type {
  AccessibilityT,
  EventDetailT,
  NewsDetailT,
  OpeningHoursT,
  PlaceDetailT,
  RouteDetailT,
} from '../../../common/api';
import { regionToday } from '../../../common/date-presets';
import { sectionOf } from '../../../common/sections';
import { type AnyDetail, avgBill, type DetailSection, detailConfig, type Formatters } from './detail-config';
import { admissionText } from './practical';

// schema.org structured data of a detail page (https://schema.org), as JSON-LD.

type Json = Record<string, unknown>;

export interface JsonLdContext {
  section: DetailSection;
  /** Absolute URL of the page in its language. */
  url: string;
  publicUrl: string;
  lang: string;
  siteName: string;
  /** The page's formatters: a value the page shows goes into the data as the page words it. */
  f: Formatters;
}

/** The site's logo, the emblem of the header. */
export const siteLogo = '/favicon.svg';

/** JSON safe inside <script>: `<` cannot close the script or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const absolute = (publicUrl: string, path: string) => (/^https?:/.test(path) ? path : `${publicUrl}${path}`);
const siteUrl = (site: string | null | undefined) =>
  site ? (/^https?:\/\//.test(site) ? site : `https://${site}`) : undefined;

function postalAddress(
  street: string | null | undefined,
  item: { city?: { name: string } | null; district?: { name: string } | null },
) {
  if (!street && !item.city) return undefined;
  return {
    '@type': 'PostalAddress',
    ...(street ? { streetAddress: street } : {}),
    ...(item.city ? { addressLocality: item.city.name } : {}),
    ...(item.district ? { addressRegion: item.district.name } : {}),
    addressCountry: 'RU',
  };
}
const geo = (lat: number, lon: number) => ({ '@type': 'GeoCoordinates', latitude: lat, longitude: lon });

/** The portal as an organisation: the publisher and author of its news. */
const portal = (ctx: JsonLdContext) =>
  compact({
    '@type': 'Organization',
    '@id': `${ctx.publicUrl}/#organization`,
    name: ctx.siteName,
    url: `${ctx.publicUrl}/`,
    logo: { '@type': 'ImageObject', url: absolute(ctx.publicUrl, siteLogo) },
  });

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

/** Drops undefined and null members (schema.org readers prefer missing to null). */
function compact(value: Json): Json {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}

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
  const images = item.images.map((src, n) => {
    const url = absolute(ctx.publicUrl, src);
    const photo = item.image_photos?.[n];
    return photo?.alt ? { '@type': 'ImageObject', contentUrl: url, url, caption: photo.alt } : url;
  });
  const base = {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': `${ctx.url}#item`,
    name: item.name,
    description: item.annotation || undefined,
    url: ctx.url,
    image: images.length ? images : undefined,
    inLanguage: ctx.lang,
  };
  switch (sectionOf(ctx.section).card) {
    case 'route': {
      const r = item as RouteDetailT;
      return compact({
        ...base,
        touristType: r.tourism_type.map((t) => t.name),
        // The stops in order, each by its name and page; their coordinates are in the JSON-LD of
        // those pages (a route's ten stops' GeoCoordinates were a kilobyte of its page).
        itinerary: {
          '@type': 'ItemList',
          numberOfItems: r.objects_along_the_way.length,
          itemListElement: r.objects_along_the_way.map((o, n) => ({
            '@type': 'ListItem',
            position: n + 1,
            item: {
              '@type': 'TouristAttraction',
              name: o.name,
              url: absolute(ctx.publicUrl, `/attractions/detail/${o.id}`),
            },
          })),
        },
      });
    }
    case 'event': {
      const e = item as EventDetailT;
      const free = isFreeAdmission(e.price);
      return compact({
        ...base,
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
        // Where to find the admission terms: this page; a price only when the terms say it is free.
        // No organizer: the content does not name one.
        offers: compact({
          '@type': 'Offer',
          url: ctx.url,
          description: e.price ?? undefined,
          ...(free ? { price: 0, priceCurrency: 'RUB' } : {}),
        }),
      });
    }
    case 'news': {
      const n = item as NewsDetailT;
      return compact({
        ...base,
        headline: n.name.slice(0, 110),
        datePublished: n.date,
        articleBody: n.description,
        mainEntityOfPage: ctx.url,
        author: portal(ctx),
        publisher: portal(ctx),
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
        priceRange:
          (p.admission && !p.admission.free
            ? admissionText(p.admission, ctx.f.t, (n) => ctx.f.number(n, 0))
            : undefined) ??
          p.price ??
          avgBill(p, ctx.f),
        isAccessibleForFree: p.admission ? p.admission.free : undefined,
        openingHoursSpecification: p.opening_hours ? openingHoursSpecification(p.opening_hours) : undefined,
        amenityFeature: amenityFeatures(p.accessibility ?? {}, ctx.f),
        // The properties schema.org gives the place's type.
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

export function breadcrumbJsonLd(crumbs: { name: string; url?: string }[]): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, n) =>
      compact({ '@type': 'ListItem', position: n + 1, name: c.name, item: c.url }),
    ),
  };
}
