import type { ListParams, SectionSlug } from '../../api/queries';

/** How many columns the card grid has: below 700 px, from 700 px and from 1100 px. */
export interface Columns {
  base: number;
  from700: number;
  from1100: number;
}

/**
 * What differs between the list pages (spec section 9). Filters and search will be added here
 * per section, so the page itself stays generic.
 */
export interface SectionConfig {
  /** Cards per page (the API's `limit`). */
  limit: number;
  /** Without pagination only the first `limit` cards are shown. */
  paginated: boolean;
  columns: Columns;
}

const standard: SectionConfig = { limit: 16, paginated: true, columns: { base: 2, from700: 3, from1100: 4 } };

export const sectionConfig: Record<SectionSlug, SectionConfig> = {
  news: { limit: 8, paginated: true, columns: { base: 1, from700: 2, from1100: 2 } },
  routes: standard,
  events: { ...standard, limit: 8 },
  residence: standard,
  attractions: { limit: 9, paginated: true, columns: { base: 2, from700: 2, from1100: 3 } },
  entertainment: standard,
  'popular-places': { ...standard, limit: 12, paginated: false },
  caterings: standard,
  'tourism-type': { ...standard, paginated: false },
  'tourist-information-centers': { ...standard, limit: 12, paginated: false },
};

export const sectionSlugs = Object.keys(sectionConfig) as SectionSlug[];

export function isSectionSlug(value: string | undefined): value is SectionSlug {
  return value !== undefined && Object.hasOwn(sectionConfig, value);
}

/** The API query of one page of a section (offset = (page - 1) * limit). */
export function pageParams(section: SectionSlug, page: number, extra: ListParams = {}): ListParams {
  const { limit, paginated } = sectionConfig[section];
  return { limit, offset: paginated ? (page - 1) * limit : 0, ...extra };
}
