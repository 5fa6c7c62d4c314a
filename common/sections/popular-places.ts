import attractions, { filters } from './attractions.js';
import { grid } from './base.js';
import type { Section } from './types.js';

/** The visitors' favourite attractions: a list of its own, whose items are attractions. */
export default {
  slug: 'popular-places',
  table: 'places',
  scope: { section: attractions.slug, popular: true },
  api: 'attractions/popular',
  detailOf: attractions.slug,
  card: 'place',
  cardExtras: attractions.cardExtras,
  cardRating: true,
  typeKind: attractions.typeKind,
  filters: filters.map((f) => ({ ...f, apiOnly: true as const })),
  page: { limit: 12, columns: grid.standard },
  listSearch: true,
  siteSearch: false,
  sitemap: true,
  guide: true,
} as const satisfies Section;
