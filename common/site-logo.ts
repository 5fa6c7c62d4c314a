/**
 * The site's logo for search engines (the publisher of the news, the portal's organisation): the
 * header's emblem (web/public/favicon.svg) drawn as a square PNG by the build
 * (scripts/build-offline.ts). Readers of structured data want a raster picture of 112 px or more,
 * which the 64-unit SVG is not.
 */
export const siteLogo = { path: '/logo.png', size: 512 } as const;
