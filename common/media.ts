/** Widths in which every picture is served; a client builds srcset from these. */
export const imageWidths = [320, 480, 640, 960, 1280, 1600] as const;
export type ImageWidth = (typeof imageWidths)[number];
export const imageFormats = ['jpg', 'webp', 'avif'] as const;
export type ImageFormat = (typeof imageFormats)[number];
/** Picture ids: `<category>.<name>`, lower-case Latin, digits and dashes. */
export const mediaIdPattern = /^[a-z0-9-]+\.[a-z0-9-]+$/;

/** The category of the media library's photos in picture ids (`photo.<name>`): the rest are generated illustrations. */
export const photoCategory = 'photo';

/** URL of one rendition of a picture: /media/<id>/<width>.<format>. */
export function mediaUrl(id: string, width: ImageWidth = 640, format: ImageFormat = 'jpg'): string {
  return `/media/${id}/${width}.${format}`;
}
