import { type EditorialField, placeSections } from '../../common/sections.js';

// What the database holds for each section of places, derived from the registry: the `section`
// check of `places` and the section's own partial search indexes (decision 032: a section's
// statements name it as a literal, so that each uses its section's indexes). A new section's
// migration is written from these (`npx tsx scripts/section-migration.ts <slug>`), and
// tests/unit/section-migrations.test.ts compares a migrated database with them.

/** The search indexes every section of places has, each partial to its section: name suffix and body. */
export const sectionSearchIndexes = [
  /** Trigrams of all the texts in every language (decision 017). */
  { suffix: 'search_all', body: 'using gin (search_all gin_trgm_ops)' },
  /** The full-text vector of every language. */
  { suffix: 'fts_all', body: 'using gin (fts_all)' },
  /** Trigrams of the names, for the suggestions. */
  { suffix: 'names_all', body: 'using gin (names_all gin_trgm_ops)' },
  /** Han characters and their pairs, for Chinese searches (decision 030). */
  { suffix: 'han', body: 'using gin (search_han_grams(search_all))' },
  /** Han characters and their pairs of the names, for a Chinese word in a name (decision 059). */
  { suffix: 'names_han', body: 'using gin (search_han_grams(names_all))' },
] as const;

const literal = (slug: string) => `'${slug.replace(/'/g, "''")}'`;

/** The check that keeps `places.section` to the registry's sections of places. */
export function sectionCheckSql(sections: readonly string[] = placeSections): string {
  return [
    'alter table places drop constraint places_section_check,',
    `  add constraint places_section_check check (section in (${sections.map(literal).join(', ')}));`,
  ].join('\n');
}

/** A section's partial search indexes. */
export function sectionIndexesSql(slug: string): string {
  const name = slug.replace(/[^a-z0-9]+/g, '_');
  return sectionSearchIndexes
    .map(
      (i) => `create index places_${name}_${i.suffix} on places ${i.body} where section = ${literal(slug)};`,
    )
    .join('\n');
}

/** The migration that adds a section of places the registry names (the check lists every section). */
export function addSectionMigration(slug: string): string {
  return [
    `-- The section '${slug}' (common/sections/${slug}.ts): the section check and its search indexes.`,
    sectionCheckSql(),
    sectionIndexesSql(slug),
    '',
  ].join('\n');
}

/**
 * The column type a field of a section of places is stored in, by its kind (as PostgreSQL names it
 * in information_schema: `udt_name`): a translated text is JSON, a list of references an int[].
 */
export function columnTypeOf(field: EditorialField): readonly string[] {
  switch (field.kind) {
    case 'text':
    case 'long':
    case 'rich':
    case 'hours':
    case 'admission':
    case 'accessibility':
    case 'sources':
      return ['jsonb'];
    case 'integer':
      return ['int4', 'int2'];
    case 'number':
      return ['numeric', 'float8'];
    case 'boolean':
      return ['bool'];
    case 'reference':
      return field.many ? ['_int4'] : ['int4'];
    case 'date':
      return ['date'];
    case 'pictures':
      return ['_text'];
    default:
      return ['text'];
  }
}

const sqlType: Record<string, string> = {
  jsonb: 'jsonb',
  int4: 'integer',
  numeric: 'numeric',
  bool: 'boolean',
  _int4: "integer[] not null default '{}'",
  date: 'date',
  _text: "text[] not null default '{}'",
  text: 'text',
};

/** The migration of a new field of a section of places: its column (`boolean` ones are false by default). */
export function fieldColumnSql(field: EditorialField): string {
  const type = columnTypeOf(field)[0] as string;
  const column = type === 'bool' ? 'boolean not null default false' : sqlType[type];
  return `alter table places add column ${field.name} ${column};`;
}

/** The texts the search columns of `places` are made of, in their weights' order (A, B, C, D). */
export const searchedFields = (fields: readonly EditorialField[]): string[] =>
  fields
    .filter((f) => f.search)
    .sort((a, b) => (a.search as string).localeCompare(b.search as string))
    .map((f) => f.name);
