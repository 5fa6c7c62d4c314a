import { city, contacts, district, grid, placeFields, type } from './base.js';
import type { Section, SectionBackOffice } from './types.js';

/** Places to eat: restaurants, cafés, farm kitchens. */
export default {
  slug: 'caterings',
  table: 'places',
  scope: { section: 'caterings' },
  card: 'place',
  cardExtras: ['institution_type', 'kitchen_type', 'avg_bill', 'open_status'],
  typeKind: 'institution-type',
  filters: [
    { key: 'institution_type', column: 'type_id', source: 'institution-type', label: 'institution_type' },
    {
      key: 'kitchen_type',
      column: 'kitchen_type_ids',
      array: true,
      source: 'kitchen-type',
      label: 'kitchen_type',
    },
    district,
    city,
  ],
  practical: ['open_now', 'step_free'],
  page: { limit: 16, columns: grid.standard },
  listSearch: true,
  detail: {
    facts: ['institutionType', 'kitchenType', 'avgBill', 'district', ...contacts, 'accessibility'],
    schemaType: 'FoodEstablishment',
    ogType: 'website',
    map: 'place',
  },
  siteSearch: true,
  map: {
    layer: 2,
    colour: '#a05a00',
    glyph: 'M7 3v7a2 2 0 0 0 2 2v9h2v-9a2 2 0 0 0 2-2V3h-1.5v6h-1V3h-1v6h-1V3zm9 0c-1.7 0-3 2-3 5v5h2v8h2V3z',
  },
  sitemap: true,
  trip: { code: 'c' },
  guide: true,
} as const satisfies Section;

/** Its back-office parts (common/sections/types.ts, SectionBackOffice): not in the public pages' bundle. */
export const backOffice = {
  directories: {
    'institution-type': {
      ru: { one: 'Тип заведения', many: 'Типы заведений', empty: 'Типов заведений пока нет.' },
      en: {
        one: 'Type of place to eat',
        many: 'Types of places to eat',
        empty: 'No types of places to eat yet.',
      },
    },
    'kitchen-type': {
      ru: { one: 'Кухня', many: 'Кухни', empty: 'Кухонь пока нет.' },
      en: { one: 'Cuisine', many: 'Cuisines', empty: 'No cuisines yet.' },
    },
  },
  edit: {
    table: 'places',
    scope: 'section',
    fields: placeFields(
      { ...type('institution-type'), content: 'institution_type' },
      { name: 'kitchen_type_ids', kind: 'reference', source: 'kitchen-type', many: true },
      { name: 'avg_bill', kind: 'integer', min: 0, max: 1_000_000 },
    ),
    // Material Design's "restaurant" icon
    icon: 'M11 9H9V2H7v7H5V2H3v7c0 2.12 1.66 3.84 3.75 3.97V22h2.5v-9.03C11.34 12.84 13 11.12 13 9V2h-2zm5-3v8h2.5v8H21V2c-2.76 0-5 2.24-5 4',
    words: {
      ru: { one: 'Заведение', many: 'Где поесть', empty: 'Заведений пока нет.' },
      en: { one: 'Place to eat', many: 'Food and drink', empty: 'No places to eat yet.' },
    },
  },
  content: { file: 'caterings', key: 'caterings' },
  scale: { tourism: ['gastro', 'rural', 'ethno'], rating: true, hours: true },
} as const satisfies SectionBackOffice;
