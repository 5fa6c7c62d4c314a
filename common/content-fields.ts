import Type, { type TSchema } from 'typebox';

// The value rules of content fields, one place for both the demo content's check
// (content/schema.ts, `npm run content:check`) and what the back office accepts
// (common/editorial.ts): a coordinate, a date or a phone number is valid in both or in neither.

/** The region's bounding box with a margin: a point outside it is a typo, not a place of the region. */
export const regionBounds = { minLat: 58.4, maxLat: 61.4, minLon: 27.7, maxLon: 35.8 } as const;
export const inRegion = ([lat, lon]: readonly [number, number]) =>
  lat >= regionBounds.minLat &&
  lat <= regionBounds.maxLat &&
  lon >= regionBounds.minLon &&
  lon <= regionBounds.maxLon;
export const Lat = Type.Number({ minimum: regionBounds.minLat, maximum: regionBounds.maxLat });
export const Lon = Type.Number({ minimum: regionBounds.minLon, maximum: regionBounds.maxLon });
export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const Url = Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 2000 });
export const Phone = Type.String({ pattern: '^\\+?[0-9 ()-]{6,}$', maxLength: 40 });
/** A text in every language, none empty: what the demo content has. */
const Text = Type.String({ minLength: 1 });
export const Complete = Type.Object({ ru: Text, en: Text, zh: Text }, { additionalProperties: false });
/**
 * A text as the back office saves it: Russian required, English and Chinese may still be missing
 * (the site then shows the Russian text, and the back office counts the item as incomplete).
 */
export const Translatable = Type.Object(
  {
    ru: Type.String({ minLength: 1, maxLength: 20_000 }),
    en: Type.Optional(Type.String({ maxLength: 20_000 })),
    zh: Type.Optional(Type.String({ maxLength: 20_000 })),
  },
  { additionalProperties: false },
);

/** A key in an address or a directory: lower-case words joined by hyphens. */
export const Key = Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 });
export const Email = Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$', maxLength: 200 });
/** A link inside the portal: a path from its root. */
export const LocalLink = Type.String({ pattern: '^/[^\\s]*$', maxLength: 500 });

/** The icons of the types of tourism: server/modules/media/icons/tourism/<icon>.svg, served as /icons/tourism/<icon>.svg. */
export const tourismIcons = [
  'active',
  'cultural',
  'eco',
  'ethno',
  'event',
  'family',
  'gastro',
  'industrial',
  'military',
  'pilgrimage',
  'rural',
  'water',
  'wellness',
  'winter',
] as const;
export const TourismIcon = Type.Union(tourismIcons.map((i) => Type.Literal(i)));

/**
 * The blocks of an information page, in order: a heading, a paragraph (with `[text](/path)`
 * links), a picture with an optional caption, or a list. `text` is the translated text's rule
 * (complete in the demo content, Russian-first in the back office), `picture` the picture's.
 */
export function PageBlocks<T extends TSchema, P extends TSchema>(text: T, picture: P) {
  // maxProperties: a block of two kinds ({h, p}) is refused, where dropping the properties a
  // variant does not name (the API's validator does) would keep one kind and lose the other's text
  const one = { additionalProperties: false, maxProperties: 1 };
  return Type.Array(
    Type.Union([
      Type.Object({ h: text }, one),
      Type.Object({ p: text }, one),
      Type.Object(
        { img: picture, caption: Type.Optional(text) },
        { additionalProperties: false, maxProperties: 2 },
      ),
      Type.Object({ list: Type.Array(text, { minItems: 1, maxItems: 100 }) }, one),
    ]),
    { minItems: 1, maxItems: 200 },
  );
}
