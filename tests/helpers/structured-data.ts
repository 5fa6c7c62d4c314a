// Checks the JSON-LD blocks of a page as a search engine reads them: the schema.org vocabulary
// (every type known, every property one that its type has), the form of the values (absolute
// addresses, ISO dates, currencies, enumerations), and, for the types Google shows as rich results
// (Event, Article, BreadcrumbList, LocalBusiness, Organization's logo) and the places the portal
// describes, the properties Google requires (an error when missing) and those it recommends (a
// warning naming `Type.property`, which a test allows only where the content does not know it).

export interface Finding {
  severity: 'error' | 'warning';
  /** `Type.property` (`Event.offers.price`): what a test's list of allowed warnings names. */
  property: string;
  /** Where in the block, and what is wrong. */
  message: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The schema.org types the portal uses (and their ancestors), each with its parents and the
 * properties schema.org defines on it. A property is valid on a type when the type or one of its
 * ancestors defines it.
 */
const vocabulary: Record<string, { parents: string[]; properties: string[] }> = {
  Thing: {
    parents: [],
    properties: [
      'name',
      'description',
      'url',
      'image',
      'sameAs',
      'identifier',
      'alternateName',
      'mainEntityOfPage',
      'potentialAction',
      'subjectOf',
      'disambiguatingDescription',
      'additionalType',
    ],
  },
  Place: {
    parents: ['Thing'],
    properties: [
      'address',
      'geo',
      'telephone',
      'openingHoursSpecification',
      'specialOpeningHoursSpecification',
      'amenityFeature',
      'isAccessibleForFree',
      'publicAccess',
      'containedInPlace',
      'containsPlace',
      'photo',
      'logo',
      'hasMap',
      'latitude',
      'longitude',
      'maximumAttendeeCapacity',
      'smokingAllowed',
      'aggregateRating',
      'review',
      'event',
      'keywords',
      'slogan',
      'tourBookingPage',
      'branchCode',
      'globalLocationNumber',
    ],
  },
  TouristAttraction: { parents: ['Place'], properties: ['touristType', 'availableLanguage'] },
  TouristDestination: { parents: ['Place'], properties: ['touristType', 'includesAttraction'] },
  AdministrativeArea: { parents: ['Place'], properties: [] },
  City: { parents: ['AdministrativeArea'], properties: [] },
  Organization: {
    parents: ['Thing'],
    properties: [
      'address',
      'logo',
      'telephone',
      'email',
      'faxNumber',
      'founder',
      'foundingDate',
      'member',
      'memberOf',
      'parentOrganization',
      'subOrganization',
      'department',
      'contactPoint',
      'areaServed',
      'aggregateRating',
      'review',
      'event',
      'keywords',
      'slogan',
      'legalName',
      'location',
      'brand',
      'knowsLanguage',
    ],
  },
  LocalBusiness: {
    parents: ['Organization', 'Place'],
    properties: ['priceRange', 'openingHours', 'currenciesAccepted', 'paymentAccepted', 'branchOf'],
  },
  LodgingBusiness: {
    parents: ['LocalBusiness'],
    properties: [
      'starRating',
      'amenityFeature',
      'checkinTime',
      'checkoutTime',
      'numberOfRooms',
      'petsAllowed',
      'availableLanguage',
      'audience',
    ],
  },
  FoodEstablishment: {
    parents: ['LocalBusiness'],
    properties: ['servesCuisine', 'menu', 'hasMenu', 'acceptsReservations', 'starRating'],
  },
  EntertainmentBusiness: { parents: ['LocalBusiness'], properties: [] },
  TouristInformationCenter: { parents: ['LocalBusiness'], properties: [] },
  Event: {
    parents: ['Thing'],
    properties: [
      'startDate',
      'endDate',
      'eventStatus',
      'eventAttendanceMode',
      'location',
      'offers',
      'organizer',
      'performer',
      'inLanguage',
      'isAccessibleForFree',
      'previousStartDate',
      'doorTime',
      'duration',
      'audience',
      'about',
      'keywords',
      'maximumAttendeeCapacity',
      'remainingAttendeeCapacity',
      'subEvent',
      'superEvent',
      'funder',
      'sponsor',
    ],
  },
  Intangible: { parents: ['Thing'], properties: [] },
  Trip: {
    parents: ['Intangible'],
    properties: [
      'itinerary',
      'offers',
      'provider',
      'subTrip',
      'partOfTrip',
      'arrivalTime',
      'departureTime',
      'tripOrigin',
    ],
  },
  TouristTrip: { parents: ['Trip'], properties: ['touristType'] },
  ItemList: { parents: ['Intangible'], properties: ['itemListElement', 'numberOfItems', 'itemListOrder'] },
  BreadcrumbList: { parents: ['ItemList'], properties: [] },
  ListItem: { parents: ['Intangible'], properties: ['position', 'item', 'nextItem', 'previousItem'] },
  Offer: {
    parents: ['Intangible'],
    properties: [
      'price',
      'priceCurrency',
      'availability',
      'validFrom',
      'validThrough',
      'priceValidUntil',
      'category',
      'eligibleQuantity',
      'priceSpecification',
      'seller',
      'availabilityStarts',
      'availabilityEnds',
    ],
  },
  Rating: { parents: ['Intangible'], properties: ['ratingValue', 'bestRating', 'worstRating', 'author'] },
  StructuredValue: { parents: ['Intangible'], properties: [] },
  ContactPoint: {
    parents: ['StructuredValue'],
    properties: ['telephone', 'email', 'contactType', 'areaServed', 'availableLanguage'],
  },
  PostalAddress: {
    parents: ['ContactPoint'],
    properties: [
      'streetAddress',
      'addressLocality',
      'addressRegion',
      'addressCountry',
      'postalCode',
      'postOfficeBoxNumber',
    ],
  },
  GeoCoordinates: {
    parents: ['StructuredValue'],
    properties: ['latitude', 'longitude', 'elevation', 'address', 'addressCountry', 'postalCode'],
  },
  OpeningHoursSpecification: {
    parents: ['StructuredValue'],
    properties: ['dayOfWeek', 'opens', 'closes', 'validFrom', 'validThrough'],
  },
  PropertyValue: {
    parents: ['StructuredValue'],
    properties: ['value', 'propertyID', 'unitCode', 'unitText', 'minValue', 'maxValue', 'valueReference'],
  },
  LocationFeatureSpecification: {
    parents: ['PropertyValue'],
    properties: ['hoursAvailable', 'validFrom', 'validThrough'],
  },
  CreativeWork: {
    parents: ['Thing'],
    properties: [
      'author',
      'publisher',
      'datePublished',
      'dateModified',
      'dateCreated',
      'headline',
      'alternativeHeadline',
      'inLanguage',
      'isAccessibleForFree',
      'about',
      'keywords',
      'contentLocation',
      'spatialCoverage',
      'locationCreated',
      'thumbnailUrl',
      'creator',
      'copyrightHolder',
      'license',
      'text',
      'isPartOf',
      'mainEntity',
    ],
  },
  Article: { parents: ['CreativeWork'], properties: ['articleBody', 'articleSection', 'wordCount'] },
  NewsArticle: { parents: ['Article'], properties: ['dateline', 'printSection'] },
  MediaObject: {
    parents: ['CreativeWork'],
    properties: ['contentUrl', 'encodingFormat', 'width', 'height', 'uploadDate', 'contentSize'],
  },
  ImageObject: { parents: ['MediaObject'], properties: ['caption', 'representativeOfPage'] },
};

/** A type and its ancestors. */
function lineage(type: string): Set<string> {
  const seen = new Set<string>();
  const walk = (t: string) => {
    if (seen.has(t)) return;
    seen.add(t);
    for (const p of vocabulary[t]?.parents ?? []) walk(p);
  };
  walk(type);
  return seen;
}
const isA = (type: string, ancestor: string) => lineage(type).has(ancestor);
const definesProperty = (type: string, property: string) =>
  [...lineage(type)].some((t) => vocabulary[t]?.properties.includes(property));

const absoluteUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s/]+(\/\S*)?$/.test(v);

/** The types a node says it is (one or a list). */
function typesOf(node: Json): string[] {
  const type = node['@type'];
  return Array.isArray(type) ? type.map(String) : typeof type === 'string' ? [type] : [];
}
const isoDate = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const schemaEnum = (names: string[]) => (v: unknown) =>
  typeof v === 'string' && names.some((n) => v === `https://schema.org/${n}`);
const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The form each property's values must have, wherever it appears. */
const valueRules: Record<string, { test: (v: unknown) => boolean; expected: string }> = {
  url: { test: absoluteUrl, expected: 'an absolute http(s) URL' },
  sameAs: { test: absoluteUrl, expected: 'an absolute http(s) URL' },
  contentUrl: { test: absoluteUrl, expected: 'an absolute http(s) URL' },
  mainEntityOfPage: { test: absoluteUrl, expected: 'an absolute http(s) URL' },
  startDate: { test: (v) => typeof v === 'string' && isoDate.test(v), expected: 'an ISO 8601 date' },
  endDate: { test: (v) => typeof v === 'string' && isoDate.test(v), expected: 'an ISO 8601 date' },
  datePublished: { test: (v) => typeof v === 'string' && isoDate.test(v), expected: 'an ISO 8601 date' },
  dateModified: { test: (v) => typeof v === 'string' && isoDate.test(v), expected: 'an ISO 8601 date' },
  validFrom: { test: (v) => typeof v === 'string' && isoDate.test(v), expected: 'an ISO 8601 date' },
  validThrough: { test: (v) => typeof v === 'string' && isoDate.test(v), expected: 'an ISO 8601 date' },
  latitude: { test: (v) => typeof v === 'number' && Math.abs(v) <= 90, expected: 'a latitude (number)' },
  longitude: { test: (v) => typeof v === 'number' && Math.abs(v) <= 180, expected: 'a longitude (number)' },
  price: {
    test: (v) => (typeof v === 'number' && v >= 0) || (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v)),
    expected: 'a number, not a text with a currency sign',
  },
  priceCurrency: { test: (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v), expected: 'an ISO 4217 code' },
  position: { test: (v) => Number.isInteger(v) && (v as number) >= 1, expected: 'an integer from 1' },
  opens: { test: (v) => typeof v === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(v), expected: 'HH:MM' },
  closes: { test: (v) => typeof v === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(v), expected: 'HH:MM' },
  dayOfWeek: { test: schemaEnum(days), expected: 'a schema.org DayOfWeek' },
  availability: {
    test: schemaEnum([
      'InStock',
      'SoldOut',
      'PreOrder',
      'PreSale',
      'OnlineOnly',
      'LimitedAvailability',
      'Discontinued',
      'OutOfStock',
      'InStoreOnly',
      'BackOrder',
    ]),
    expected: 'a schema.org ItemAvailability',
  },
  eventStatus: {
    test: schemaEnum([
      'EventScheduled',
      'EventCancelled',
      'EventMovedOnline',
      'EventPostponed',
      'EventRescheduled',
    ]),
    expected: 'a schema.org EventStatusType',
  },
  eventAttendanceMode: {
    test: schemaEnum(['OfflineEventAttendanceMode', 'OnlineEventAttendanceMode', 'MixedEventAttendanceMode']),
    expected: 'a schema.org EventAttendanceModeEnumeration',
  },
  name: { test: (v) => typeof v === 'string' && v.trim() !== '', expected: 'a text' },
  headline: { test: (v) => typeof v === 'string' && v.trim() !== '', expected: 'a text' },
};

const rasterLogo = /\.(png|jpe?g|gif|webp|avif|bmp)(\?.*)?$/i;

class Checker {
  readonly findings: Finding[] = [];

  private add(severity: Finding['severity'], property: string, message: string) {
    this.findings.push({ severity, property, message });
  }

  /** Google requires it: an error when missing. */
  private required(node: Json, type: string, where: string, ...names: string[]) {
    for (const name of names)
      if (node[name] === undefined) this.add('error', `${type}.${name}`, `${where}: ${name} is required`);
  }

  /** Google recommends it: a warning when missing. */
  private recommended(node: Json, type: string, where: string, ...names: string[]) {
    for (const name of names)
      if (node[name] === undefined)
        this.add('warning', `${type}.${name}`, `${where}: ${name} is recommended`);
  }

  /** Every node: its types are known, its properties belong to them, its values have their form. */
  node(node: Json, where: string): void {
    const types = typesOf(node);
    if (!types.length) {
      this.add('error', `${where}.@type`, `${where}: an object without @type`);
      return;
    }
    for (const type of types)
      if (!vocabulary[type])
        this.add('error', `${type}`, `${where}: ${type} is not a type this checker knows (add it)`);
    if (!types.every((t) => vocabulary[t])) return;
    for (const [property, value] of Object.entries(node)) {
      if (property.startsWith('@')) continue;
      if (!types.some((t) => definesProperty(t, property)))
        this.add(
          'error',
          `${types.join('/')}.${property}`,
          `${where}: ${property} is not a schema.org property of ${types.join('/')}`,
        );
      for (const [n, v] of (Array.isArray(value) ? value : [value]).entries()) {
        const at = Array.isArray(value) ? `${where}.${property}[${n}]` : `${where}.${property}`;
        if (isObject(v)) {
          this.node(v, at);
          continue;
        }
        const rule = valueRules[property];
        if (rule && !rule.test(v))
          this.add('error', `${types[0]}.${property}`, `${at}: ${JSON.stringify(v)} is not ${rule.expected}`);
        if (property === 'image' && !absoluteUrl(v))
          this.add('error', `${types[0]}.image`, `${at}: ${JSON.stringify(v)} is not an absolute URL`);
        if (property === 'item' && !absoluteUrl(v))
          this.add('error', 'ListItem.item', `${at}: ${JSON.stringify(v)} is not an absolute URL`);
      }
    }
    for (const type of types) this.richResult(node, type, where);
  }

  /** What Google reads for the type's rich result, and what a place should say. */
  private richResult(node: Json, type: string, where: string): void {
    if (isA(type, 'Event')) this.event(node, where);
    if (isA(type, 'Article')) this.article(node, type, where);
    if (type === 'BreadcrumbList') this.breadcrumbs(node, where);
    if (isA(type, 'LocalBusiness')) this.localBusiness(node, type, where);
    else if (isA(type, 'Organization')) this.organization(node, where);
    // A place named inside another block (a route's stops) is a reference to its own page, whose
    // block describes it: only the block's own subject is asked for a description.
    if (where.includes('.')) return;
    if (type === 'TouristAttraction') {
      this.required(node, type, where, 'name');
      if (node.address === undefined && node.geo === undefined)
        this.add('warning', `${type}.address`, `${where}: neither address nor geo`);
      this.recommended(node, type, where, 'description', 'image', 'url');
    }
    if (type === 'TouristTrip' || type === 'TouristDestination') {
      this.required(node, type, where, 'name');
      this.recommended(node, type, where, 'description', 'image', 'url');
    }
  }

  private event(e: Json, where: string): void {
    this.required(e, 'Event', where, 'name', 'startDate', 'location');
    this.recommended(
      e,
      'Event',
      where,
      'description',
      'endDate',
      'eventAttendanceMode',
      'eventStatus',
      'image',
      'offers',
      'organizer',
      'performer',
    );
    if (typeof e.startDate === 'string' && typeof e.endDate === 'string' && e.endDate < e.startDate)
      this.add('error', 'Event.endDate', `${where}: endDate ${e.endDate} is before startDate ${e.startDate}`);
    const location = e.location;
    if (isObject(location)) {
      const types = typesOf(location);
      if (types.includes('VirtualLocation')) this.required(location, 'Event.location', where, 'url');
      else {
        this.required(location, 'Event.location', `${where}.location`, 'address');
        this.recommended(location, 'Event.location', `${where}.location`, 'name');
      }
    } else if (location !== undefined) {
      this.add('error', 'Event.location', `${where}: location must be a Place with an address`);
    }
    for (const offer of [e.offers].flat().filter(isObject)) {
      this.recommended(
        offer,
        'Event.offers',
        `${where}.offers`,
        'availability',
        'price',
        'priceCurrency',
        'validFrom',
        'url',
      );
      if (offer.price !== undefined && offer.priceCurrency === undefined)
        this.add('error', 'Event.offers.priceCurrency', `${where}.offers: a price needs its currency`);
    }
    for (const organizer of [e.organizer].flat().filter(isObject))
      this.recommended(organizer, 'Event.organizer', `${where}.organizer`, 'name', 'url');
  }

  private article(a: Json, type: string, where: string): void {
    this.recommended(a, type, where, 'author', 'datePublished', 'dateModified', 'headline', 'image');
    for (const author of [a.author].flat().filter(isObject))
      this.recommended(author, `${type}.author`, `${where}.author`, 'name', 'url');
    if (typeof a.datePublished === 'string' && typeof a.dateModified === 'string')
      if (new Date(a.dateModified) < new Date(a.datePublished))
        this.add('error', `${type}.dateModified`, `${where}: dateModified is before datePublished`);
  }

  private breadcrumbs(list: Json, where: string): void {
    this.required(list, 'BreadcrumbList', where, 'itemListElement');
    const items = Array.isArray(list.itemListElement) ? list.itemListElement : [];
    if (items.length < 2)
      this.add('error', 'BreadcrumbList.itemListElement', `${where}: a trail needs at least two steps`);
    items.forEach((item, n) => {
      if (!isObject(item)) return;
      const at = `${where}.itemListElement[${n}]`;
      this.required(item, 'ListItem', at, 'position', 'name');
      if (item.position !== n + 1)
        this.add(
          'error',
          'ListItem.position',
          `${at}: position ${String(item.position)} where ${n + 1} was due`,
        );
      // every step but the last one links to its page
      if (n < items.length - 1) this.required(item, 'ListItem', at, 'item');
    });
  }

  private localBusiness(b: Json, type: string, where: string): void {
    this.required(b, 'LocalBusiness', where, 'name', 'address');
    this.recommended(
      b,
      'LocalBusiness',
      where,
      'aggregateRating',
      'department',
      'geo',
      'openingHoursSpecification',
      'priceRange',
      'telephone',
      'url',
      'image',
    );
    if (type === 'FoodEstablishment')
      this.recommended(b, 'FoodEstablishment', where, 'servesCuisine', 'menu');
    if (isObject(b.address))
      this.recommended(
        b.address,
        'LocalBusiness.address',
        `${where}.address`,
        'streetAddress',
        'addressLocality',
        'addressRegion',
        'postalCode',
        'addressCountry',
      );
    if (isObject(b.geo)) {
      // Google asks for five decimals at least
      const decimals = (v: unknown) => (String(v).split('.')[1] ?? '').length;
      if (decimals(b.geo.latitude) < 5 || decimals(b.geo.longitude) < 5)
        this.add('warning', 'LocalBusiness.geo.precision', `${where}.geo: fewer than 5 decimals`);
    }
  }

  private organization(o: Json, where: string): void {
    // the site's own organisation (a block of its own) with its logo; an author or an organiser
    // inside another block is asked for what that block's type wants (Event.organizer.url)
    if (!where.includes('.')) this.recommended(o, 'Organization', where, 'name', 'url', 'logo');
    const logo = isObject(o.logo) ? (o.logo.url ?? o.logo.contentUrl) : o.logo;
    if (logo === undefined) return;
    if (!absoluteUrl(logo) || !rasterLogo.test(String(logo)))
      this.add(
        'error',
        'Organization.logo',
        `${where}.logo: ${String(logo)} is not the address of a raster picture`,
      );
    if (isObject(o.logo))
      for (const side of ['width', 'height'] as const)
        if (typeof o.logo[side] === 'number' && (o.logo[side] as number) < 112)
          this.add('error', 'Organization.logo', `${where}.logo: ${side} under 112 px`);
  }
}

/** The findings of one JSON-LD block (its parsed JSON). */
export function checkJsonLd(block: unknown): Finding[] {
  const checker = new Checker();
  if (!isObject(block))
    return [{ severity: 'error', property: '@graph', message: 'the block is not an object' }];
  if (block['@context'] !== 'https://schema.org')
    checker.findings.push({
      severity: 'error',
      property: '@context',
      message: `@context is ${JSON.stringify(block['@context'])}, not "https://schema.org"`,
    });
  const type = typesOf(block).join('/') || 'block';
  checker.node(block, type);
  return checker.findings;
}

/** The JSON-LD blocks of an HTML page: each one's text and its JSON (or why it is not JSON). */
export function jsonLdBlocks(html: string): { text: string; json?: unknown; error?: string }[] {
  return [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => {
      const text = m[1] as string;
      try {
        return { text, json: JSON.parse(text) };
      } catch (err) {
        return { text, error: (err as Error).message };
      }
    },
  );
}

/** The types of a block: what a page is expected to carry. */
export const typeOfBlock = (block: unknown): string => (isObject(block) ? typesOf(block).join('/') : '');
