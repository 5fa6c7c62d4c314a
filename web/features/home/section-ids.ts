/**
 * The ids of the home page's sections below the first screen: each section's code loads when its
 * server-rendered element comes near the screen (routes/home.tsx), so the ids live apart from the
 * sections' code.
 */
export const sectionIds = {
  popular: 'home-popular',
  tourismTypes: 'home-tourism-types',
  hobbySearch: 'home-hobby-search',
  regionMap: 'home-region-map',
  routes: 'home-routes',
} as const;
