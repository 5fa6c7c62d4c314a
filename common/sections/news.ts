import { fields, grid, searchFields } from './base.js';
import type { Section, SectionBackOffice } from './types.js';

/** The portal's news: dated articles, optionally of one district. */
export default {
  slug: 'news',
  table: 'news',
  card: 'news',
  filters: [],
  page: { limit: 8, columns: grid.news },
  listSearch: true,
  detail: { facts: ['published', 'district'], schemaType: 'NewsArticle', ogType: 'article' },
  siteSearch: true,
  sitemap: true,
} as const satisfies Section;

/** Its back-office parts (common/sections/types.ts, SectionBackOffice): not in the public pages' bundle. */
export const backOffice = {
  edit: {
    table: 'news',
    fields: [
      { name: 'date', kind: 'date', required: true },
      fields.name,
      fields.annotation,
      fields.description,
      { name: 'district_id', kind: 'reference', source: 'district' },
      fields.images,
      ...searchFields,
    ],
    // Material Design's "article" icon
    icon: 'M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m-5 14H7v-2h7zm3-4H7v-2h10zm0-4H7V7h10z',
    words: {
      ru: { one: 'Новость', many: 'Новости', empty: 'Новостей пока нет.' },
      en: { one: 'News item', many: 'News', empty: 'No news yet.' },
    },
  },
  scale: { tourism: [] },
} as const satisfies SectionBackOffice;
