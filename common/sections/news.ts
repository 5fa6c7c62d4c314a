import { fields, grid } from './base.js';
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
    ],
    icon: 'article',
    words: {
      ru: { one: 'Новость', many: 'Новости', empty: 'Новостей пока нет.' },
      en: { one: 'News item', many: 'News', empty: 'No news yet.' },
    },
  },
  scale: { tourism: [] },
} as const satisfies SectionBackOffice;
