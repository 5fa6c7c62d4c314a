/**
 * The information pages about the region and for travellers, each at /<slug>: a page route each,
 * listed in this order in the menu's "about" group, under each page and in the sitemap.
 */
export const infoPageSlugs = [
  'information',
  'indigenous-page',
  'fishery-and-crafts',
  'nature-page',
  'cross-border-cooperation',
  'help-information',
  'route47',
] as const;
export type InfoPageSlug = (typeof infoPageSlugs)[number];
