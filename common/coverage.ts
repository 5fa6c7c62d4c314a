import { modules } from './section-modules.js';
import { fields } from './sections/base.js';
import { isTranslatedKind } from './sections/types.js';
import type { EditorialField, SectionModule } from './sections.js';

// What the staff's coverage table counts: of each section's published items, how many state each
// fact a visitor looks for. Which facts a section has follows from its module's fields (a field
// of kind `hours` is a schedule, `admission` a price, ...), so a new section or field needs no
// list of its own here. The back office's list filters the items lacking one (`missing=`).

/**
 * The facts counted: the weekly schedule, a phone, the price (admission), any accessibility fact
 * (yes or no), a real photo (a generated illustration is none: decision 003), and the English or
 * Chinese of the texts a visitor reads first (name, annotation, description).
 */
export const coverageFacts = [
  'hours',
  'phone',
  'price',
  'accessibility',
  'photo',
  'translation_en',
  'translation_zh',
] as const;
export type CoverageFact = (typeof coverageFacts)[number];

/** The field kind that holds each fact of a place's practical facts and pictures. */
const factKinds: Record<Exclude<CoverageFact, `translation_${string}`>, EditorialField['kind']> = {
  hours: 'hours',
  phone: 'phone',
  price: 'admission',
  accessibility: 'accessibility',
  photo: 'pictures',
};

/** The texts whose translations are counted: those every page of an item shows. */
const firstTexts = new Set<string>([fields.name.name, fields.annotation.name, fields.description.name]);

/** The translated texts of a kind's fields that the translation facts read. */
export const coverageTexts = (all: readonly EditorialField[]): string[] =>
  all.filter((f) => isTranslatedKind(f.kind) && firstTexts.has(f.name)).map((f) => f.name);

/** The column that holds a fact among a kind's fields (the texts: see coverageTexts), or undefined. */
export function factField(all: readonly EditorialField[], fact: CoverageFact): string | undefined {
  if (fact === 'translation_en' || fact === 'translation_zh')
    return coverageTexts(all).length ? 'texts' : undefined;
  return all.find((f) => f.kind === factKinds[fact])?.name;
}

/** The facts a kind's fields can state, in the table's order. */
export const factsOfFields = (all: readonly EditorialField[]): CoverageFact[] =>
  coverageFacts.filter((fact) => factField(all, fact) !== undefined);

/** The language a translation fact reads. */
export const factLanguage = (fact: CoverageFact): 'en' | 'zh' | undefined =>
  fact === 'translation_en' ? 'en' : fact === 'translation_zh' ? 'zh' : undefined;

/** The sections the table has a row for: every section the back office edits, in the registry's order. */
export const coverageSections = (modules as readonly SectionModule[])
  .filter((s) => s.edit)
  .map((s) => s.slug);
