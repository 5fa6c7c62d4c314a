import { city, district, fields, grid, searchFields, tourismType } from './base.js';
import type { Section, SectionBackOffice } from './types.js';

/** Events: a table of their own, with dates; the list shows those not over yet. */
export default {
  slug: 'events',
  table: 'events',
  scope: { current: true },
  card: 'event',
  filters: [tourismType, district, city],
  page: { limit: 8, columns: grid.standard },
  listSearch: true,
  dateRange: true,
  detail: {
    facts: ['dates', 'venue', 'address', 'district', 'price', 'site', 'organizer', 'tourismType'],
    schemaType: 'Event',
    ogType: 'website',
    map: 'place',
    download: 'ics',
  },
  siteSearch: true,
  map: {
    layer: 5,
    colour: '#ad1457',
    glyph:
      'M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zM5 9h14v11H5z',
  },
  sitemap: true,
  trip: { code: 'e' },
  directionTab: 3,
} as const satisfies Section;

/** Its back-office parts (common/sections/types.ts, SectionBackOffice): not in the public pages' bundle. */
export const backOffice = {
  edit: {
    table: 'events',
    fields: [
      fields.name,
      fields.annotation,
      fields.description,
      { name: 'start_date', kind: 'date', required: true },
      { name: 'end_date', kind: 'date', required: true },
      { name: 'venue', kind: 'text' },
      fields.district,
      fields.city,
      fields.point,
      { name: 'address', kind: 'text' },
      fields.tourismTypes,
      { name: 'price', kind: 'long' },
      { name: 'site', kind: 'url' },
      { name: 'organizer', kind: 'text' },
      { name: 'organizer_site', kind: 'url' },
      fields.images,
      ...searchFields,
    ],
    // Material Design's "event" icon
    icon: 'M17 12h-5v5h5zM16 1v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-1V1zm3 18H5V8h14z',
    words: {
      ru: { one: 'Событие', many: 'События', empty: 'Событий пока нет.' },
      en: { one: 'Event', many: 'Events', empty: 'No events yet.' },
    },
  },
  scale: { tourism: ['cultural', 'gastro', 'active', 'family'] },
} as const satisfies SectionBackOffice;
