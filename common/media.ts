/** Widths in which every picture is served; a client builds srcset from these. */
export const imageWidths = [320, 480, 640, 960, 1280, 1600] as const;
export type ImageWidth = (typeof imageWidths)[number];
export const imageFormats = ['jpg', 'webp', 'avif'] as const;
export type ImageFormat = (typeof imageFormats)[number];
/** Picture ids: `<category>.<name>`, lower-case Latin, digits and dashes. */
export const mediaIdPattern = /^[a-z0-9-]+\.[a-z0-9-]+$/;

/** The category of the media library's photos in picture ids (`photo.<name>`): the rest are generated illustrations. */
export const photoCategory = 'photo';

/**
 * The categories of the generated illustrations (server/lib/illustrations): a picture id
 * `<category>.<seed>` without an original in the media table is drawn from its category's scene.
 */
export const pictureCategories = [
  'forest',
  'lake',
  'river',
  'waterfall',
  'sea',
  'island',
  'bog',
  'canyon',
  'cave',
  'field',
  'park',
  'fortress',
  'church',
  'wooden-church',
  'lutheran-church',
  'monastery',
  'manor',
  'palace',
  'museum',
  'lighthouse',
  'bridge',
  'railway',
  'ship',
  'memorial',
  'ruins',
  'mill',
  'town',
  'village',
  'industrial',
  'hotel',
  'guest-house',
  'glamping',
  'camping',
  'restaurant',
  'cafe',
  'coffee',
  'bakery',
  'brewery',
  'info',
  'theatre',
  'ski',
  'horse',
  'kayak',
  'rope-park',
  'spa',
  'farm',
  'karting',
  'fishing',
  'amusement',
  'festival',
  'concert',
  'fair',
  'sport',
  'exhibition',
  'news',
  'route-walk',
  'route-bike',
  'route-car',
  'route-water',
] as const;
export type PictureCategory = (typeof pictureCategories)[number];

/** URL of one rendition of a picture: /media/<id>/<width>.<format>. */
export function mediaUrl(id: string, width: ImageWidth = 640, format: ImageFormat = 'jpg'): string {
  return `/media/${id}/${width}.${format}`;
}

/**
 * A picture's share rendition (Open Graph, the Twitter card), from its card URL
 * (/media/<id>/<width>.<format>): JPEG, which every network reads, 1280 px wide, as large cards
 * ask for about 1200 px. Any other URL is kept as it is.
 */
export function shareImageUrl(url: string): string {
  return url.replace(/^(\/media\/[^/]+)\/\d+\.(jpg|webp|avif)$/, '$1/1280.jpg');
}
