// The catalogue's sections. Each is one module, common/sections/<slug>.ts: how visitors see it
// (its URL, filters, list and detail pages, map layer, search, sitemap, menu), its default export,
// and how the back office edits it (its fields, words and icon), the directories it owns, its demo
// content's files and what the scale generator makes of it, its `backOffice` export. This file
// lists the descriptions, which the public pages load; common/section-modules.ts gives the whole
// modules to the server, the back office, the demo content's loader and the scale generator. The
// server's list and detail routes, the API schemas, the site search, the map, the sitemap, the list
// and detail pages, the menu, the back office's forms, the demo content's loader and the scale
// generator all derive from these modules; adding a section is its module, its line below and in
// common/section-modules.ts, a migration and its strings. docs/architecture.md walks through it.

import attractions from './sections/attractions.js';
import caterings from './sections/caterings.js';
import entertainment from './sections/entertainment.js';
import events from './sections/events.js';
import news from './sections/news.js';
import popularPlaces from './sections/popular-places.js';
import residence from './sections/residence.js';
import routes from './sections/routes.js';
import tourismType from './sections/tourism-type.js';
import touristInformationCenters from './sections/tourist-information-centers.js';
import type { Section } from './sections/types.js';

export * from './sections/types.js';

/** Every section, in the site search's order. */
export const sections = [
  attractions,
  routes,
  events,
  residence,
  caterings,
  entertainment,
  touristInformationCenters,
  tourismType,
  news,
  popularPlaces,
] as const satisfies readonly Section[];

/** The same list, typed by the description's interface (for reading optional parts). */
export const everySection: readonly Section[] = sections;

export type AnySection = (typeof sections)[number];
export type SectionSlug = AnySection['slug'];
/** The sections with their own detail pages. */
export type DetailSection = Extract<AnySection, { detail: object }>['slug'];
/** The sections whose items are rows of `places` of their own (popular places are attractions). */
export type PlaceSection = Extract<
  AnySection,
  { table: 'places'; scope: { section: string } }
>['scope']['section'];
export type MapSection = Extract<AnySection, { map: object }>['slug'];
export type SiteSearchSection = Extract<AnySection, { siteSearch: true }>['slug'];
export type CardKindOf<S extends SectionSlug> = Extract<AnySection, { slug: S }>['card'];

const bySlug = new Map<string, Section>(sections.map((s) => [s.slug, s]));

export const sectionSlugs: readonly SectionSlug[] = sections.map((s) => s.slug);

export function isSectionSlug(value: string | undefined): value is SectionSlug {
  return value !== undefined && bySlug.has(value);
}

/** The description of a section. */
export function sectionOf(slug: SectionSlug): Section {
  return bySlug.get(slug) as Section;
}

export const detailSections = sections.filter((s) => 'detail' in s).map((s) => s.slug) as DetailSection[];

export function isDetailSection(value: string | undefined): value is DetailSection {
  return value !== undefined && (detailSections as readonly string[]).includes(value);
}

/** The sections that are rows of `places` of their own, in the site search's order. */
export const placeSections = sections
  .filter((s) => s.table === 'places' && !(s.scope as Section['scope'])?.popular)
  .map((s) => s.slug) as PlaceSection[];

export function isPlaceSection(value: string): value is PlaceSection {
  return (placeSections as readonly string[]).includes(value);
}

/** The map's layers, in the map's order (a point's first element indexes this list). */
export const mapSections = sections
  .filter((s): s is Extract<AnySection, { map: object }> => 'map' in s)
  .sort((a, b) => a.map.layer - b.map.layer)
  .map((s) => s.slug) as MapSection[];

/** The API path of a section's list: /api/{api or slug}/. */
export const listApiPath = (slug: SectionSlug) => `/api/${sectionOf(slug).api ?? slug}/`;

/** The detail page of an item of a section: /{section}/detail/{id} (popular places: attractions). */
export const detailPagePath = (slug: SectionSlug, id: number) =>
  `/${sectionOf(slug).detailOf ?? slug}/detail/${id}`;

/** The sections whose items a visitor can save to their trip plan, in the registry's order. */
export type TripSection = Extract<AnySection, { trip: object }>['slug'];
export const tripSections = sections
  .filter((s): s is Extract<AnySection, { trip: object }> => 'trip' in s)
  .map((s) => s.slug) as TripSection[];

export function isTripSection(value: string | undefined): value is TripSection {
  return value !== undefined && (tripSections as readonly string[]).includes(value);
}

/**
 * The key of an item in the visitor's trip (`attractions.12`), for an item shown in a section's
 * card or page (popular places are saved as the attractions they are); null when the section's
 * items cannot be saved.
 */
export function tripKey(slug: SectionSlug, id: number): string | null {
  const own = bySlug.get(slug)?.detailOf ?? slug;
  return isTripSection(own) ? `${own}.${id}` : null;
}

/** The sections under "Travel guide" in the menu. */
export const guideSections = sections.filter((s) => 'guide' in s).map((s) => s.slug);

/** A direction's tabs, numbered from 1 in this order. */
export const directionTabs = sections
  .filter((s): s is Extract<AnySection, { directionTab: number }> => 'directionTab' in s)
  .sort((a, b) => a.directionTab - b.directionTab)
  .map((s) => s.slug);
export type DirectionTab = (typeof directionTabs)[number];
