import { city, contacts, district, grid, placeFields, visited } from './base.js';
import type { Section, SectionBackOffice } from './types.js';

/** The tourist information centres: no type of their own, their hours on the card. */
export default {
  slug: 'tourist-information-centers',
  table: 'places',
  scope: { section: 'tourist-information-centers' },
  card: 'place',
  cardExtras: ['hours', 'open_status'],
  filters: [district, city],
  practical: visited,
  page: { limit: 12, columns: grid.standard },
  listSearch: true,
  detail: {
    facts: ['district', ...contacts, 'admission', 'accessibility'],
    schemaType: 'TouristInformationCenter',
    ogType: 'website',
    map: 'place',
  },
  siteSearch: true,
  map: {
    layer: 3,
    colour: '#1e7e34',
    glyph: 'M11 7h2V5h-2zm0 12h2v-9h-2zM12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z',
  },
  sitemap: true,
  trip: { code: 'i' },
  guide: true,
} as const satisfies Section;

/** Its back-office parts (common/sections/types.ts, SectionBackOffice): not in the public pages' bundle. */
export const backOffice = {
  edit: {
    table: 'places',
    scope: 'section',
    fields: placeFields(),
    // Material Design's "info" icon
    icon: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m1 15h-2v-6h2zm0-8h-2V7h2z',
    words: {
      ru: {
        one: 'Информационный центр',
        many: 'Туристско-информационные центры',
        empty: 'Информационных центров пока нет.',
      },
      en: {
        one: 'Tourist information centre',
        many: 'Tourist information centres',
        empty: 'No tourist information centres yet.',
      },
    },
  },
  // The content names the centres' series in camel case.
  content: { file: 'tourist-information-centers', key: 'informationCenters' },
  scale: { tourism: ['cultural'], hours: true },
} as const satisfies SectionBackOffice;
