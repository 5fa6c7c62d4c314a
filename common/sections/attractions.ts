import {
  city,
  contacts,
  district,
  fields,
  grid,
  placeFields,
  tourismType,
  type,
  typeGroup,
  visited,
} from './base.js';
import type { Section, SectionBackOffice } from './types.js';

/** The region's sights: the first section of the site search, the map and the travel guide. */
export const filters = [typeGroup('object-type', 'objectType'), tourismType, district, city];

export default {
  slug: 'attractions',
  table: 'places',
  scope: { section: 'attractions' },
  card: 'place',
  cardExtras: ['distance_from_spb', 'rating_category', 'open_status'],
  typeKind: 'object-type',
  filters,
  practical: visited,
  page: { limit: 9, columns: grid.wide },
  listSearch: true,
  detail: {
    facts: [
      'objectType',
      'district',
      'distance',
      ...contacts,
      'admission',
      'accessibility',
      'tourismType',
      'routesPassing',
    ],
    schemaType: 'TouristAttraction',
    ogType: 'website',
    map: 'place',
    routesPassing: true,
  },
  siteSearch: true,
  map: {
    layer: 0,
    colour: '#c62828',
    glyph: 'M12 3 4 8v2h16V8zM6 11h2v6H6zm5 0h2v6h-2zm5 0h2v6h-2zM4 18h16v2H4z',
  },
  sitemap: true,
  trip: { code: 'a' },
  guide: true,
  directionTab: 2,
} as const satisfies Section;

/** Its back-office parts (common/sections/types.ts, SectionBackOffice): not in the public pages' bundle. */
export const backOffice = {
  directories: {
    'object-type': {
      ru: {
        one: 'Тип достопримечательности',
        many: 'Типы достопримечательностей',
        empty: 'Типов достопримечательностей пока нет.',
      },
      en: { one: 'Type of attraction', many: 'Types of attractions', empty: 'No types of attractions yet.' },
    },
  },
  edit: {
    table: 'places',
    scope: 'section',
    fields: placeFields(
      type('object-type'),
      fields.tourismTypes,
      { name: 'popular', kind: 'boolean' },
      { name: 'rating', kind: 'number', min: 1, max: 5 },
    ),
    // Material Design's "museum" icon
    icon: 'M22 11V9L12 2 2 9v2h2v9H2v2h20v-2h-2v-9zm-6 7h-2v-4l-2 3-2-3v4H8v-7h2l2 3 2-3h2z',
    words: {
      ru: {
        one: 'Достопримечательность',
        many: 'Достопримечательности',
        empty: 'Достопримечательностей пока нет.',
      },
      en: { one: 'Attraction', many: 'Attractions', empty: 'No attractions yet.' },
    },
  },
  content: { file: 'attractions', key: 'attractions' },
  scale: {
    tourism: ['cultural', 'military', 'pilgrimage', 'eco', 'industrial', 'ethno', 'family', 'water'],
    price: true,
    hours: true,
  },
} as const satisfies SectionBackOffice;
