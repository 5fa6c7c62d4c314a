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
    // Material Design's "attractions" icon
    icon: 'M10.43 18.75c.37-.46.94-.75 1.57-.75s1.19.29 1.56.75c.39-.09.76-.21 1.12-.36l-1.42-3.18c-.39.15-.82.23-1.26.23-.46 0-.9-.09-1.3-.25l-1.43 3.19c.38.16.76.29 1.16.37M5.15 10c-.16.59-.25 1.21-.25 1.85 0 .75.12 1.47.33 2.15.63.05 1.22.4 1.56.99.33.57.35 1.23.11 1.79.27.27.56.53.87.76l1.52-3.39c-.47-.58-.75-1.32-.75-2.13 0-1.89 1.55-3.41 3.46-3.41s3.46 1.53 3.46 3.41c0 .82-.29 1.57-.78 2.16l1.5 3.35c.32-.24.62-.5.9-.79-.22-.55-.2-1.2.12-1.75.33-.57.9-.92 1.52-.99.22-.68.34-1.41.34-2.16 0-.64-.09-1.27-.25-1.86-.64-.04-1.26-.39-1.6-1-.36-.62-.35-1.36-.03-1.95-.91-.98-2.1-1.71-3.44-2.05C13.39 5.6 12.74 6 12 6s-1.39-.41-1.74-1.01c-1.34.34-2.53 1.05-3.44 2.03.33.6.35 1.35-.02 1.98-.35.62-.99.97-1.65 1m-1.3-.42c-.78-.6-1.02-1.7-.51-2.58s1.58-1.23 2.49-.85c1.11-1.17 2.56-2.03 4.18-2.42C10.15 2.75 10.99 2 12 2s1.85.75 1.98 1.73c1.63.39 3.07 1.24 4.18 2.42.91-.38 1.99-.03 2.49.85.51.88.27 1.98-.51 2.58.23.77.35 1.58.35 2.42s-.12 1.65-.35 2.42c.78.6 1.02 1.7.51 2.58s-1.58 1.23-2.49.85c-.4.43-.85.81-1.34 1.15l1.34 3H16.3l-.97-2.17c-.43.18-.88.33-1.34.44-.14.98-.98 1.73-1.99 1.73s-1.85-.75-1.98-1.73c-.48-.12-.94-.27-1.38-.46L7.66 22H5.78l1.36-3.03a8.7 8.7 0 0 1-1.3-1.12c-.92.38-1.99.03-2.5-.85s-.27-1.98.51-2.58c-.23-.77-.35-1.58-.35-2.42s.12-1.65.35-2.42',
    words: {
      ru: { one: 'Развлечение', many: 'Развлечения', empty: 'Развлечений пока нет.' },
      en: { one: 'Entertainment', many: 'Entertainment', empty: 'No entertainment yet.' },
    },
  },
  content: { file: 'entertainment', key: 'entertainment' },
  scale: { tourism: ['active', 'winter', 'water', 'family', 'wellness'], price: true, hours: true },
} as const satisfies SectionBackOffice;
