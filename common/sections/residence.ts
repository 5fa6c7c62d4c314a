import { city, contacts, district, grid, placeFields, type, typeGroup } from './base.js';
import type { Section, SectionBackOffice } from './types.js';

/** Places to stay: hotels, guest houses, camp sites. */
export default {
  slug: 'residence',
  table: 'places',
  scope: { section: 'residence' },
  card: 'place',
  cardExtras: ['stars'],
  typeKind: 'residence-type',
  filters: [typeGroup('residence-type', 'residenceType'), district, city],
  practical: ['step_free'],
  page: { limit: 16, columns: grid.standard },
  listSearch: true,
  detail: {
    facts: ['residenceType', 'stars', 'rooms', 'district', ...contacts, 'admission', 'accessibility'],
    schemaType: 'LodgingBusiness',
    ogType: 'website',
    map: 'place',
    rooms: true,
  },
  siteSearch: true,
  map: { layer: 1, colour: '#1f3160', glyph: 'M3 11 12 4l9 7v9h-6v-6H9v6H3z' },
  sitemap: true,
  trip: { code: 'h' },
  guide: true,
  directionTab: 4,
} as const satisfies Section;

/** Its back-office parts (common/sections/types.ts, SectionBackOffice): not in the public pages' bundle. */
export const backOffice = {
  directories: {
    'residence-type': {
      ru: { one: 'Тип размещения', many: 'Типы размещения', empty: 'Типов размещения пока нет.' },
      en: {
        one: 'Type of accommodation',
        many: 'Types of accommodation',
        empty: 'No types of accommodation yet.',
      },
    },
  },
  edit: {
    table: 'places',
    scope: 'section',
    fields: placeFields(
      type('residence-type'),
      { name: 'stars', kind: 'integer', min: 0, max: 5 },
      { name: 'rooms', kind: 'integer', min: 1, max: 100_000 },
    ),
    // Material Design's "hotel" icon
    icon: 'M7 13c1.66 0 3-1.34 3-3S8.66 7 7 7s-3 1.34-3 3 1.34 3 3 3m12-6h-8v7H3V5H1v15h2v-3h18v3h2v-9c0-2.21-1.79-4-4-4',
    words: {
      ru: { one: 'Размещение', many: 'Где остановиться', empty: 'Мест размещения пока нет.' },
      en: { one: 'Accommodation', many: 'Accommodation', empty: 'No places to stay yet.' },
    },
  },
  content: { file: 'residence', key: 'residence' },
  scale: { tourism: ['rural', 'wellness', 'family', 'active', 'winter'], rating: true },
} as const satisfies SectionBackOffice;
