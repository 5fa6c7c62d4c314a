import { fields, grid, searchFields } from './base.js';
import type { Section, SectionBackOffice } from './types.js';

/** The types of tourism: a directory with pages of its own, which other content is tagged with. */
export default {
  slug: 'tourism-type',
  table: 'tourism_types',
  card: 'tourism-type',
  filters: [],
  page: { limit: 16, columns: grid.standard },
  listSearch: false,
  detail: { facts: ['inCatalogue'], schemaType: 'TouristDestination', ogType: 'website' },
  siteSearch: true,
  sitemap: true,
  guide: true,
} as const satisfies Section;

/** Its back-office parts (common/sections/types.ts, SectionBackOffice): not in the public pages' bundle. */
export const backOffice = {
  edit: {
    table: 'tourism_types',
    fields: [
      { name: 'key', kind: 'key' },
      { name: 'icon', kind: 'icon' },
      fields.name,
      fields.annotation,
      fields.description,
      fields.images,
      ...searchFields,
    ],
    saved: true,
    delete: true,
    // Material Design's "category" icon
    icon: 'm12 2-5.5 9h11zM3 13.5h8v8H3zm10.5 4a4.5 4.5 0 1 0 9 0 4.5 4.5 0 1 0-9 0',
    words: {
      ru: { one: 'Вид туризма', many: 'Виды туризма', empty: 'Видов туризма пока нет.' },
      en: { one: 'Type of tourism', many: 'Types of tourism', empty: 'No types of tourism yet.' },
    },
  },
} as const satisfies SectionBackOffice;
