import Type, { type TSchema } from 'typebox';
import { Accessibility, Admission, FactSources, OpeningHours } from './api.js';
import {
  Email,
  IsoDate,
  Key,
  Lat,
  LocalLink,
  Lon,
  Phone,
  TourismIcon,
  Translatable,
  Url,
} from './content-fields.js';
import { infoPageSlugs } from './pages.js';
import { RichTranslatable } from './rich-text-schema.js';
import { type AnyModule, modules } from './section-modules.js';
import { fields, searchFields } from './sections/base.js';
import { isTranslatedKind } from './sections/types.js';
import { type EditorialField, isDetailSection } from './sections.js';

// What the back office edits: each kind of content with its fields, each field with its kind, the
// column it is stored in (the field's name) and its rules. The section registry (common/sections.ts)
// says how a section is shown to visitors; this says how it is edited, keyed by the same slugs where
// the thing is a section, and by its own name where it is not (the directions, the pages, the main
// page, the partners, the directories). The server builds its validation from these
// (editorialSchema), the back office its resources, forms and menu.

/** Where a reference field's choices come from: `/api/directory/{source}/` or `/api/tourism-type/`. */
export type ReferenceSource = 'district' | 'city' | 'tourism-type' | DirectoryKind;

export type { EditorialField };

const { name, annotation, description, district, point, images } = fields;

/**
 * How a kind of content is kept and who edits it:
 * - `table`: its public table; `scope`: the column that picks its rows in a table it shares
 *   (`places.section`, `directory_items.kind`) with its key as the value;
 * - `title`: the translated field that names an item in lists (default `name`);
 * - `saved`: always public, simply saved (no drafts, no archive): other content or fixed addresses
 *   link to these, so taking one off the site would leave links to nothing;
 * - `role`: `admin` when only admins may change it (the directories and the main page: every page
 *   shows them);
 * - `single`: the id of its only item (a form, no list); `create: false`: a fixed set of items;
 * - `delete`: items may be deleted, refused while content refers to them.
 */
export interface Editable {
  table: string;
  fields: readonly EditorialField[];
  scope?: 'section' | 'kind';
  title?: string;
  saved?: true;
  role?: 'admin';
  single?: number;
  create?: false;
  delete?: true;
}

const key = { name: 'key', kind: 'key' } as const;
const pictureFields = [name, annotation, description] as const;

/** A simple directory (`directory_items` of one kind): a key and a name. */
const directory = {
  table: 'directory_items',
  scope: 'kind',
  fields: [key, name],
  saved: true,
  role: 'admin',
  delete: true,
} as const;

/** The sections' editing, each from its module (common/sections/<slug>.ts), in the registry's order. */
type Edited = Extract<AnyModule, { edit: object }>;
const sectionEditing = Object.fromEntries(
  modules.flatMap((s) => ('edit' in s ? [[s.slug, s.edit]] : [])),
) as { [S in Edited as S['slug']]: S['edit'] };

/** The key-and-name directories the sections own (their modules' `directories`), in the registry's order. */
type DirectoryOwner = Extract<AnyModule, { directories: object }>;
export type DirectoryKind = DirectoryOwner extends infer D
  ? D extends { directories: infer R }
    ? keyof R & string
    : never
  : never;
export const directoryKinds = modules.flatMap((s): string[] =>
  'directories' in s ? Object.keys(s.directories) : [],
) as readonly DirectoryKind[];
const directoryEditing = Object.fromEntries(directoryKinds.map((k) => [k, directory])) as Record<
  DirectoryKind,
  typeof directory
>;

/** What the back office edits, each with its fields and the table its items are in. */
export const editorial = {
  ...sectionEditing,
  directions: {
    table: 'directions',
    fields: [
      ...pictureFields,
      { name: 'admin_center_id', kind: 'reference', source: 'city' },
      { name: 'area_km2', kind: 'integer', min: 1, max: 100_000 },
      { name: 'population', kind: 'integer', min: 1, max: 10_000_000 },
      images,
      ...searchFields,
    ],
    saved: true,
    create: false,
  },
  pages: {
    table: 'pages',
    title: 'title',
    fields: [
      { name: 'slug', kind: 'key', choices: infoPageSlugs },
      { name: 'title', kind: 'text', required: true },
      annotation,
      // the page's body: its column keeps the name of the blocks it held before (decision 052)
      { name: 'blocks', kind: 'rich', required: true },
      images,
      ...searchFields,
    ],
    saved: true,
    create: false,
  },
  'main-page': {
    table: 'main_page',
    title: 'title',
    fields: [
      { name: 'title', kind: 'text', required: true },
      description,
      { name: 'button_label', kind: 'text', required: true },
      { name: 'button_link', kind: 'link' },
      { name: 'address', kind: 'text', required: true },
      { name: 'email', kind: 'email' },
      { name: 'site', kind: 'url', required: true },
      { name: 'phone', kind: 'phone', blank: true },
      { name: 'group_vk', kind: 'url', required: true },
      images,
    ],
    saved: true,
    role: 'admin',
    single: 1,
    create: false,
  },
  partners: {
    table: 'partners',
    fields: [
      name,
      { name: 'link', kind: 'url', required: true },
      { name: 'logo', kind: 'picture', required: true },
    ],
    saved: true,
    delete: true,
  },
  district: {
    table: 'districts',
    fields: [key, name, point],
    saved: true,
    role: 'admin',
    delete: true,
  },
  city: {
    table: 'cities',
    fields: [key, district, name, point],
    saved: true,
    role: 'admin',
    delete: true,
  },
  ...directoryEditing,
} as const satisfies Record<ReferenceSource | Edited['slug'], Editable> & Record<string, Editable>;

export type EditableSection = keyof typeof editorial;

/** A kind's description, with its optional parts (the object above is narrowed to each literal). */
export const editableOf = (section: EditableSection): Editable => editorial[section];
export const editableSections = Object.keys(editorial) as EditableSection[];
export const isEditableSection = (slug: string): slug is EditableSection => Object.hasOwn(editorial, slug);

const referenceSources: readonly string[] = [
  'district',
  'city',
  'tourism-type',
  ...directoryKinds,
] satisfies ReferenceSource[];
/** Whether a kind is a directory other content refers to. */
export const isReferenceSource = (section: string): section is ReferenceSource =>
  referenceSources.includes(section);

/** The field that names an item in lists. */
export const titleOf = (section: EditableSection) => editableOf(section).title ?? 'name';

/** The staff role a kind needs, read and written. */
export const roleOf = (section: EditableSection) => editableOf(section).role ?? 'editor';

/**
 * Whether an item can be seen as a visitor would before it is public ("preview"): the kinds with
 * states (not `saved`) whose items have a public page of their own.
 */
export const previewable = (section: EditableSection): boolean =>
  !editableOf(section).saved && isDetailSection(section);

/** Sections whose items may be scheduled to appear at a set time. */
export const schedulable: readonly EditableSection[] = ['events', 'news'];

/** The languages a translated text should have; a missing one makes the item incomplete. */
export const contentLanguages = ['ru', 'en', 'zh'] as const;

const Id = Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 });
const Picture = Type.String({ pattern: '^[a-z0-9-]+\\.[a-z0-9-]+$', maxLength: 200 });

/** A translated text of at most `max` characters in each language (Russian required, as Translatable). */
const TranslatableUpTo = (max: number) =>
  Type.Object(
    {
      ru: Type.String({ minLength: 1, maxLength: max }),
      en: Type.Optional(Type.String({ maxLength: max })),
      zh: Type.Optional(Type.String({ maxLength: max })),
    },
    { additionalProperties: false },
  );

function fieldSchemas(field: EditorialField): [string, TSchema][] {
  switch (field.kind) {
    case 'text':
    case 'long': {
      const text = field.max ? TranslatableUpTo(field.max) : Translatable;
      return [[field.name, field.required ? text : Type.Union([text, Type.Null()])]];
    }
    case 'rich':
      return [[field.name, field.required ? RichTranslatable : Type.Union([RichTranslatable, Type.Null()])]];
    case 'integer':
    case 'number': {
      const n = (field.kind === 'integer' ? Type.Integer : Type.Number)({
        minimum: field.min,
        maximum: field.max,
      });
      return [[field.name, field.required ? n : Type.Union([n, Type.Null()])]];
    }
    case 'boolean':
      return [[field.name, Type.Boolean()]];
    case 'date':
      return [[field.name, field.required ? IsoDate : Type.Union([IsoDate, Type.Null()])]];
    case 'url':
      return [[field.name, field.required ? Url : Type.Union([Url, Type.Null()])]];
    case 'phone':
      return [[field.name, field.required ? Phone : Type.Union([Phone, Type.Null()])]];
    case 'key':
      return [[field.name, field.choices ? Type.Union(field.choices.map((c) => Type.Literal(c))) : Key]];
    case 'icon':
      return [[field.name, TourismIcon]];
    case 'email':
      return [[field.name, Email]];
    case 'link':
      return [[field.name, LocalLink]];
    case 'picture':
      return [[field.name, field.required ? Picture : Type.Union([Picture, Type.Null()])]];
    case 'reference':
      if (field.many)
        return [
          [
            field.name,
            Type.Array(Id, { maxItems: 50, uniqueItems: true, ...(field.required ? { minItems: 1 } : {}) }),
          ],
        ];
      return [[field.name, field.required ? Id : Type.Union([Id, Type.Null()])]];
    case 'point':
      return [
        ['lat', Lat],
        ['lon', Lon],
      ];
    case 'pictures':
      return [['images', Type.Array(Picture, { maxItems: 30, uniqueItems: true })]];
    case 'line':
      return [['path', Type.Array(Type.Tuple([Lat, Lon]), { minItems: 2, maxItems: 5000 })]];
    case 'hours':
      return [[field.name, Type.Union([OpeningHours, Type.Null()])]];
    case 'admission':
      return [[field.name, Type.Union([Admission, Type.Null()])]];
    case 'accessibility':
      return [[field.name, Accessibility]];
    case 'sources':
      // optional: a save without it keeps the sources and dates the changed facts (decision 047)
      return [[field.name, Type.Optional(FactSources)]];
  }
}

/** The translated texts among fields: what an item's completeness counts (a language missing in one of them). */
export const translatedFields = (fields: readonly EditorialField[]): string[] =>
  fields.filter((f) => isTranslatedKind(f.kind)).map((f) => f.name);

/** The columns a kind's document holds, in the form's order. */
export const editorialColumnsOf = (editable: Pick<Editable, 'fields'>): string[] =>
  editable.fields.flatMap((f) => fieldSchemas(f).map(([column]) => column));

/** The document of an item of a kind described by `editable`, as the back office sends it. */
export const editorialSchemaOf = (editable: Pick<Editable, 'fields'>) =>
  Type.Object(Object.fromEntries(editable.fields.flatMap(fieldSchemas)), { additionalProperties: false });

/** The columns a section's document holds, in the form's order. */
export function editorialColumns(section: EditableSection): string[] {
  return editorialColumnsOf(editorial[section]);
}

/**
 * The document of a section's item as the back office sends it: every field, each by its rules
 * (a save sends the whole document, so a field the form left out is an error, not a silent null).
 */
export function editorialSchema(section: EditableSection) {
  return editorialSchemaOf(editorial[section]);
}
