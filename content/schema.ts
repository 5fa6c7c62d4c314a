import Type, { type Static, type TSchema } from 'typebox';
import { Accessibility, Admission, FactSources, OpeningHours } from '../common/api.js';
import {
  Complete,
  Email,
  IsoDate,
  Key,
  Lat,
  LocalLink,
  Lon,
  PageBlocks,
  Phone,
  TourismIcon,
  Url,
} from '../common/content-fields.js';
import { type DirectoryKind, directoryKinds } from '../common/editorial.js';
import { type FactKey, type FactSourcesT, factKeys, factUnknown } from '../common/fact-sources.js';
import { type AnyModule, modules } from '../common/section-modules.js';
import { ownPlaceFields } from '../common/sections/base.js';
import type { EditorialField, SectionModule } from '../common/sections.js';

export { ownPlaceFields };

import { pictureCategories } from '../common/media.js';
import { infoPageSlugs } from '../common/pages.js';

export { type DirectoryKind, directoryKinds, infoPageSlugs };

// The shape of the demo content files in content/data (see content/README.md).

export const T = Complete;
const Picture = Type.Union(pictureCategories.map((c) => Type.Literal(c)));
const Pictures = Type.Array(Picture, { minItems: 1, maxItems: 4 });

const Reference = Type.Object({ key: Key, name: T }, { additionalProperties: false });

export const DistrictsFile = Type.Array(
  Type.Object({ key: Key, name: T, center: Type.Tuple([Lat, Lon]) }, { additionalProperties: false }),
  { minItems: 18, maxItems: 18 },
);
export const CitiesFile = Type.Array(
  Type.Object({ key: Key, district: Key, name: T, lat: Lat, lon: Lon }, { additionalProperties: false }),
);
export const DirectoriesFile = Type.Object(
  Object.fromEntries(directoryKinds.map((k) => [k, Type.Array(Reference, { minItems: 1 })])) as Record<
    DirectoryKind,
    Type.TArray<typeof Reference>
  >,
  { additionalProperties: false },
);

export const TourismTypesFile = Type.Array(
  Type.Object(
    {
      key: Key,
      icon: TourismIcon,
      name: T,
      annotation: T,
      description: T,
      pictures: Pictures,
    },
    { additionalProperties: false },
  ),
);

export const DirectionsFile = Type.Array(
  Type.Object(
    {
      district: Key,
      name: T,
      annotation: T,
      description: T,
      admin_center: Key,
      area_km2: Type.Integer({ minimum: 1 }),
      population: Type.Integer({ minimum: 1 }),
      pictures: Pictures,
    },
    { additionalProperties: false },
  ),
  { minItems: 18, maxItems: 18 },
);

const placeFields = {
  key: Key,
  name: T,
  annotation: T,
  description: T,
  district: Key,
  city: Key,
  lat: Lat,
  lon: Lon,
  address: T,
  pictures: Pictures,
  tourism_types: Type.Optional(Type.Array(Key)),
  distance_from_spb: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  hours: Type.Optional(T),
  price: Type.Optional(T),
  // The practical facts as data, with the API's own schemas: only what is known is written.
  opening_hours: Type.Optional(OpeningHours),
  admission: Type.Optional(Admission),
  accessibility: Type.Optional(Accessibility),
  phone: Type.Optional(Phone),
  site: Type.Optional(Url),
  // Where a fact came from, when it is known (decision 047); without it, see factsWritten.
  fact_sources: Type.Optional(FactSources),
};

/**
 * The day the content's authors wrote each kind of fact into these files, from their history: the
 * phones and sites came with the first content, the hours, prices and accessibility with the
 * practical facts. Nothing in the files says the authors had them from the venues, so a place's
 * facts without a `fact_sources` of their own are the authors' ("staff") of that day. A fact not
 * here (a catering's average bill: only a figure the place publishes) is written with its own
 * source or not at all (content/load.ts checks it).
 */
export const factsWritten: Partial<Record<FactKey, string>> = {
  phone: '2026-11-22',
  site: '2026-11-22',
  opening_hours: '2026-11-27',
  admission: '2026-11-27',
  accessibility: '2026-11-27',
};

/** The sources of a content item's known facts: its own, else the authors' of the day they wrote them. */
export function contentFactSources(
  item: Partial<Record<FactKey, unknown>> & { fact_sources?: FactSourcesT },
) {
  const sources: FactSourcesT = {};
  for (const fact of factKeys) {
    if (factUnknown(item[fact])) continue;
    const written = factsWritten[fact];
    const source =
      item.fact_sources?.[fact] ?? (written && { source: 'staff', checked: written, note: 'demo content' });
    if (source) sources[fact] = source;
  }
  return sources;
}

/** The sections of places, each with its demo content's files (its module's `content`). */
export type PlaceModule = Extract<AnyModule, { content: object }>;
export const placeModules = modules.filter((s): s is PlaceModule => 'content' in s);

/** The property of a field in a content file: its `content` name, or its column's without `_id`/`_ids`. */
export const contentKey = (field: EditorialField): string =>
  field.content ??
  (field.kind === 'reference'
    ? field.name.replace(field.many ? /_ids$/ : /_id$/, field.many ? 's' : '')
    : field.name);

/** A field's schema in a content file: a reference is its directory's key (or keys), a text complete. */
function contentSchema(field: EditorialField): TSchema {
  const optional = (t: TSchema) => ('required' in field && field.required ? t : Type.Optional(t));
  switch (field.kind) {
    case 'reference':
      return optional(field.many ? Type.Array(Key) : Key);
    case 'integer':
      return optional(Type.Integer({ minimum: field.min, maximum: field.max }));
    case 'number':
      return optional(Type.Number({ minimum: field.min, maximum: field.max }));
    case 'boolean':
      return Type.Optional(Type.Boolean());
    case 'text':
    case 'long':
    case 'rich':
      return optional(T);
    case 'url':
      return optional(Url);
    case 'phone':
      return optional(Phone);
    case 'date':
      return optional(IsoDate);
    default:
      throw new Error(`a place's own field of kind ${field.kind} has no form in the content files`);
  }
}

/** The schema of a section's file of places: the fields every place has, and its own (from its module). */
export function placeFileSchema(module: Pick<SectionModule, 'edit'>) {
  const own = ownPlaceFields(module.edit?.fields ?? []);
  return Type.Array(
    Type.Object(
      { ...placeFields, ...Object.fromEntries(own.map((f) => [contentKey(f), contentSchema(f)])) },
      { additionalProperties: false },
    ),
  );
}

/** An item of any section of places: the fields every one has, and its section's own. */
export type PlaceItem = Static<Type.TObject<typeof placeFields>> & Record<string, unknown>;

export const RoutesFile = Type.Array(
  Type.Object(
    {
      key: Key,
      name: T,
      annotation: T,
      description: T,
      district: Key,
      city: Type.Optional(Key),
      type: Key,
      ways: Type.Array(Key, { minItems: 1 }),
      tourism_types: Type.Optional(Type.Array(Key)),
      length_km: Type.Number({ exclusiveMinimum: 0, maximum: 2000 }),
      duration: Type.Optional(T),
      season: Type.Optional(T),
      path: Type.Array(Type.Tuple([Lat, Lon]), { minItems: 2 }),
      pictures: Pictures,
    },
    { additionalProperties: false },
  ),
);

export const EventsFile = Type.Array(
  Type.Object(
    {
      key: Key,
      name: T,
      annotation: T,
      description: T,
      start_date: IsoDate,
      end_date: IsoDate,
      venue: Type.Optional(T),
      address: Type.Optional(T),
      district: Key,
      city: Type.Optional(Key),
      lat: Lat,
      lon: Lon,
      tourism_types: Type.Optional(Type.Array(Key)),
      price: Type.Optional(T),
      site: Type.Optional(Url),
      organizer: Type.Optional(T),
      organizer_site: Type.Optional(Url),
      pictures: Pictures,
    },
    { additionalProperties: false },
  ),
);

export const NewsFile = Type.Array(
  Type.Object(
    {
      key: Key,
      date: IsoDate,
      name: T,
      annotation: T,
      description: T,
      district: Type.Optional(Key),
      pictures: Pictures,
    },
    { additionalProperties: false },
  ),
);

export const PartnersFile = Type.Array(
  Type.Object({ key: Key, name: T, link: Url }, { additionalProperties: false }),
);

export const PagesFile = Type.Object(
  {
    main: Type.Object(
      {
        title: T,
        description: T,
        button_label: T,
        button_link: LocalLink,
        address: T,
        email: Email,
        site: Url,
        phone: Type.String(),
        group_vk: Url,
        pictures: Type.Optional(Pictures),
      },
      { additionalProperties: false },
    ),
    pages: Type.Array(
      Type.Object(
        {
          slug: Type.Union(infoPageSlugs.map((s) => Type.Literal(s))),
          title: T,
          annotation: T,
          pictures: Pictures,
          blocks: PageBlocks(T, Picture),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export type Districts = Static<typeof DistrictsFile>;
export type Cities = Static<typeof CitiesFile>;
export type Directories = Static<typeof DirectoriesFile>;
export type TourismTypes = Static<typeof TourismTypesFile>;
export type Directions = Static<typeof DirectionsFile>;
export type Routes = Static<typeof RoutesFile>;
export type Events = Static<typeof EventsFile>;
export type News = Static<typeof NewsFile>;
export type Partners = Static<typeof PartnersFile>;
export type Pages = Static<typeof PagesFile>;
