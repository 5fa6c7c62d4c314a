import { city, contacts, district, fields, grid, placeFields, type, typeGroup, visited } from './base.js';
import type { Section, SectionBackOffice } from './types.js';

/** Leisure: parks, spas, ski slopes, boat trips. */
export default {
  slug: 'entertainment',
  table: 'places',
  scope: { section: 'entertainment' },
  card: 'place',
  cardExtras: ['open_status'],
  typeKind: 'entertainment-type',
  filters: [typeGroup('entertainment-type', 'entertainmentType'), district, city],
  practical: visited,
  page: { limit: 16, columns: grid.standard },
  listSearch: true,
  detail: {
    facts: ['entertainmentType', 'district', ...contacts, 'admission', 'accessibility', 'tourismType'],
    schemaType: 'EntertainmentBusiness',
    ogType: 'website',
    map: 'place',
  },
  siteSearch: true,
  map: {
    layer: 4,
    colour: '#6a1b9a',
    glyph: 'M12 2 14.9 8.6 22 9.2l-5.4 4.7 1.6 7.1L12 17.3 5.8 21l1.6-7.1L2 9.2l7.1-.6z',
  },
  sitemap: true,
  trip: { code: 'n' },
  guide: true,
  directionTab: 5,
} as const satisfies Section;

/** Its back-office parts (common/sections/types.ts, SectionBackOffice): not in the public pages' bundle. */
export const backOffice = {
  directories: {
    'entertainment-type': {
      ru: { one: 'Тип развлечения', many: 'Типы развлечений', empty: 'Типов развлечений пока нет.' },
      en: {
        one: 'Type of entertainment',
        many: 'Types of entertainment',
        empty: 'No types of entertainment yet.',
      },
    },
  },
  edit: {
    table: 'places',
    scope: 'section',
    fields: placeFields(type('entertainment-type'), fields.tourismTypes),
    icon: 'attractions',
    words: {
      ru: { one: 'Развлечение', many: 'Развлечения', empty: 'Развлечений пока нет.' },
      en: { one: 'Entertainment', many: 'Entertainment', empty: 'No entertainment yet.' },
    },
  },
  content: { file: 'entertainment', key: 'entertainment' },
  scale: { tourism: ['active', 'winter', 'water', 'family', 'wellness'], price: true, hours: true },
} as const satisfies SectionBackOffice;
