// The parts sections share: the filter groups, the list grids, the detail facts of contacts, the
// fields of every item and every place, and what every place's description says. A section's own
// module (common/sections/<slug>.ts) adds what is its own.
import type { EditorialField, FactId, FilterGroup, PracticalFilter } from './types.js';

export const district: FilterGroup = {
  key: 'district',
  column: 'district_id',
  source: 'district',
  label: 'district',
};
export const city: FilterGroup = { key: 'city', column: 'city_id', source: 'city', label: 'city' };
export const tourismType: FilterGroup = {
  key: 'tourism_type',
  column: 'tourism_type_ids',
  array: true,
  source: 'tourism-type',
  label: 'tourism_type',
};
export const typeGroup = (source: string, label: string): FilterGroup => ({
  key: 'type',
  column: 'type_id',
  source,
  label,
});
export const grid = { standard: [2, 3, 4], wide: [2, 2, 3], news: [1, 2, 2] } as const;
export const contacts = ['address', 'hours', 'phone', 'site'] as const satisfies readonly FactId[];
/** The practical filters of the places one visits (a hotel is not "free", nor "open now"). */
export const visited = ['free', 'open_now', 'step_free'] as const satisfies readonly PracticalFilter[];

/** The fields of the back office's forms that many kinds share. */
export const fields = {
  name: { name: 'name', kind: 'text', required: true, search: 'A' },
  annotation: { name: 'annotation', kind: 'long', required: true, search: 'B' },
  description: { name: 'description', kind: 'rich', required: true, search: 'C' },
  district: { name: 'district_id', kind: 'reference', source: 'district', required: true },
  city: { name: 'city_id', kind: 'reference', source: 'city' },
  point: { name: 'point', kind: 'point' },
  images: { name: 'images', kind: 'pictures' },
  tourismTypes: { name: 'tourism_type_ids', kind: 'reference', source: 'tourism-type', many: true },
  // What search results and shared links show of an item's page when its editors want other words
  // or another picture than the page's own (empty: the page's title, summary and first picture).
  // A title past about 60 characters and a description past about 160 are cut by search engines:
  // the back office counts and warns, the hard maximums only stop what no search engine would show.
  searchTitle: { name: 'search_title', kind: 'text', max: 120, advised: 60 },
  searchDescription: { name: 'search_description', kind: 'long', max: 320, advised: 160 },
  shareImage: { name: 'share_image', kind: 'picture' },
} as const satisfies Record<string, EditorialField>;

/**
 * The search and sharing fields of every kind whose items have a public page of their own: the last
 * fields of its form (decision 053). The public pages read them from the detail answers' `seo`.
 */
export const searchFields = [
  fields.searchTitle,
  fields.searchDescription,
  fields.shareImage,
] as const satisfies readonly EditorialField[];

// The helpers below make back-office parts (a module's `backOffice`): marked free of side effects, so
// that the public pages' bundle, which leaves those parts out, drops their calls too.

/** The type of an item, from a directory: `type_id`, required. */
export const type = /* @__NO_SIDE_EFFECTS__ */ (source: string) =>
  ({ name: 'type_id', kind: 'reference', source, required: true }) as const satisfies EditorialField;

/** The fields every place has after its own ones, in the form's order. */
export const placeCommonFields = [
  fields.district,
  fields.city,
  fields.point,
  { name: 'address', kind: 'text' },
  { name: 'opening_hours', kind: 'hours' },
  { name: 'hours', kind: 'long' },
  { name: 'admission', kind: 'admission' },
  { name: 'price', kind: 'long' },
  { name: 'accessibility', kind: 'accessibility' },
  { name: 'phone', kind: 'phone' },
  { name: 'site', kind: 'url' },
  { name: 'fact_sources', kind: 'sources' },
  { name: 'distance_from_spb', kind: 'integer', min: 0, max: 1000 },
  fields.images,
  ...searchFields,
] as const satisfies readonly EditorialField[];

/** The form of a section of places: its name and texts, its own fields, then the common ones. */
export const placeFields = /* @__NO_SIDE_EFFECTS__ */ (...own: EditorialField[]): EditorialField[] => [
  fields.name,
  fields.annotation,
  fields.description,
  ...own,
  ...placeCommonFields,
];

/** The fields a section of places has besides the common ones (its module's `edit.fields`). */
export const ownPlaceFields = (all: readonly EditorialField[]): EditorialField[] => {
  const common = new Set<string>([
    fields.name.name,
    fields.annotation.name,
    fields.description.name,
    ...placeCommonFields.map((f) => f.name),
  ]);
  return all.filter((f) => !common.has(f.name));
};
