import { city, district, fields, grid, searchFields, tourismType, type, typeGroup } from './base.js';
import type { Section, SectionBackOffice } from './types.js';

/** Ready routes: a table of their own, with a line, its length and the ways to travel it. */
export default {
  slug: 'routes',
  table: 'routes',
  card: 'route',
  typeKind: 'route-type',
  filters: [
    typeGroup('route-type', 'routeType'),
    {
      key: 'way_to_travel',
      column: 'way_ids',
      array: true,
      repeated: true,
      source: 'vehicle',
      label: 'way_to_travel',
    },
    { ...tourismType, apiOnly: true },
    district,
    city,
  ],
  page: { limit: 16, columns: grid.standard },
  listSearch: true,
  detail: {
    facts: ['routeType', 'length', 'duration', 'wayToTravel', 'season', 'district', 'tourismType'],
    schemaType: 'TouristTrip',
    ogType: 'website',
    map: 'route',
    download: 'gpx',
  },
  siteSearch: true,
  map: {
    layer: 6,
    colour: '#00695c',
    glyph: 'M6 3a3 3 0 0 0-1 5.8V21h2v-5h9l-2-3 2-3H7V8.8A3 3 0 0 0 6 3z',
  },
  sitemap: true,
  trip: { code: 'r' },
  directionTab: 1,
} as const satisfies Section;

/** Its back-office parts (common/sections/types.ts, SectionBackOffice): not in the public pages' bundle. */
export const backOffice = {
  directories: {
    'route-type': {
      ru: { one: 'Тип маршрута', many: 'Типы маршрутов', empty: 'Типов маршрутов пока нет.' },
      en: { one: 'Type of route', many: 'Types of routes', empty: 'No types of routes yet.' },
    },
    vehicle: {
      ru: {
        one: 'Способ передвижения',
        many: 'Способы передвижения',
        empty: 'Способов передвижения пока нет.',
      },
      en: { one: 'Way to travel', many: 'Ways to travel', empty: 'No ways to travel yet.' },
    },
  },
  edit: {
    table: 'routes',
    fields: [
      fields.name,
      fields.annotation,
      fields.description,
      type('route-type'),
      { name: 'way_ids', kind: 'reference', source: 'vehicle', many: true, required: true },
      fields.tourismTypes,
      fields.district,
      fields.city,
      { name: 'length_km', kind: 'number', required: true, min: 0.1, max: 2000 },
      { name: 'duration', kind: 'long' },
      { name: 'season', kind: 'long' },
      { name: 'path', kind: 'line' },
      fields.images,
      ...searchFields,
    ],
    // Material Design's "route" icon
    icon: 'M19 15.18V7c0-2.21-1.79-4-4-4s-4 1.79-4 4v10c0 1.1-.9 2-2 2s-2-.9-2-2V8.82C8.16 8.4 9 7.3 9 6c0-1.66-1.34-3-3-3S3 4.34 3 6c0 1.3.84 2.4 2 2.82V17c0 2.21 1.79 4 4 4s4-1.79 4-4V7c0-1.1.9-2 2-2s2 .9 2 2v8.18c-1.16.41-2 1.51-2 2.82 0 1.66 1.34 3 3 3s3-1.34 3-3c0-1.3-.84-2.4-2-2.82',
    words: {
      ru: { one: 'Маршрут', many: 'Маршруты', empty: 'Маршрутов пока нет.' },
      en: { one: 'Route', many: 'Routes', empty: 'No routes yet.' },
    },
  },
  scale: { tourism: ['cultural', 'eco', 'active', 'military', 'pilgrimage', 'gastro', 'family', 'water'] },
} as const satisfies SectionBackOffice;
