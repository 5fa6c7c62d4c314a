/** The information pages of spec section 2, each at /<slug>. */
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
