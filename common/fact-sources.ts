// Where a practical fact of a place came from and when it was last checked (decision 047). Plain
// data: the public pages and the back office's form read it without the API's schemas.

/**
 * The facts that carry a source: a place's `fact_sources` is keyed by these. A section has those of
 * them its fields name (a catering's average bill is its own).
 */
export const factKeys = ['opening_hours', 'admission', 'accessibility', 'phone', 'site', 'avg_bill'] as const;
export type FactKey = (typeof factKeys)[number];

/** The facts with a source among a section's fields, in the facts' order. */
export const factsOf = (fields: readonly { name: string }[]): FactKey[] =>
  factKeys.filter((fact) => fields.some((f) => f.name === fact));

/**
 * Who stated a fact: the venue itself (staff asked it), OpenStreetMap (accepted from the review
 * queue), staff (entered in the back office without saying more), an import of a spreadsheet.
 */
export const factSourceKinds = ['venue', 'osm', 'staff', 'import'] as const;
export type FactSourceKind = (typeof factSourceKinds)[number];

export interface FactSourceT {
  source: FactSourceKind;
  /** The region's date (YYYY-MM-DD) the fact was last written or checked. */
  checked: string;
  /** The OpenStreetMap object it came from: `node/123`, `way/45`, `relation/6`. */
  ref?: string;
  /** A short note: the import's name, who at the venue said so. */
  note?: string;
}
export type FactSourcesT = Partial<Record<FactKey, FactSourceT>>;

/** What a save says about the facts it changes when the document names no source of its own. */
export interface Provenance {
  source: FactSourceKind;
  ref?: string;
  note?: string;
}

/** OpenStreetMap's copyright and licence page, which its credit links to. */
export const osmCopyrightUrl = 'https://www.openstreetmap.org/copyright';

/** An OpenStreetMap object's page. */
export const osmObjectUrl = (ref: string) => `https://www.openstreetmap.org/${ref}`;

/** A fact's value says nothing: null, an empty text, or no accessibility fact known. */
export function factUnknown(value: unknown): boolean {
  if (value == null || value === '') return true;
  return typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}

/** Whole days from `checked` to `today` (both YYYY-MM-DD). */
export function daysSince(checked: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${checked}T00:00:00Z`)) / 86_400_000);
}
