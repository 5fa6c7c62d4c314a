// The sections' whole modules: each section's description (common/sections.ts) with its
// back-office parts (its module's `backOffice` export: its editing, directories, demo content and
// scale profile). For the server, the back office, the demo content's loader, the seed and the
// scale generator; the public pages import common/sections.ts, whose bundle leaves these parts out.

import * as attractions from './sections/attractions.js';
import * as caterings from './sections/caterings.js';
import * as entertainment from './sections/entertainment.js';
import * as events from './sections/events.js';
import * as news from './sections/news.js';
import * as popularPlaces from './sections/popular-places.js';
import * as residence from './sections/residence.js';
import * as routes from './sections/routes.js';
import * as tourismType from './sections/tourism-type.js';
import * as touristInformationCenters from './sections/tourist-information-centers.js';
import {
  type EditorialField,
  isTranslatedKind,
  type Section,
  type SectionBackOffice,
  type SectionModule,
} from './sections/types.js';
import { type SectionSlug, sections } from './sections.js';

/** Every section's module file, in any order (the registry's order is common/sections.ts's). */
const files = [
  attractions,
  caterings,
  entertainment,
  events,
  news,
  popularPlaces,
  residence,
  routes,
  tourismType,
  touristInformationCenters,
] as const;

type Whole<F> = F extends { default: infer S; backOffice: infer B }
  ? S & B
  : F extends { default: infer S }
    ? S
    : never;
/** The type of every whole module, each with its literal parts (for `Extract<AnyModule, ...>`). */
export type AnyModule = Whole<(typeof files)[number]>;

const wholeOf = new Map<Section, SectionModule>(
  files.map((f) => [
    f.default,
    { ...f.default, ...('backOffice' in f ? (f.backOffice as SectionBackOffice) : {}) },
  ]),
);

/** Every section's whole module, in the registry's order (common/sections.ts). */
export const modules = sections.map((s) => {
  const whole = wholeOf.get(s);
  if (!whole) throw new Error(`the section ${s.slug} has no line in common/section-modules.ts`);
  return whole;
}) as readonly SectionModule[] as unknown as readonly AnyModule[];

const bySlug = new Map<string, SectionModule>(modules.map((m) => [m.slug, m]));

/** A section's whole module: its description and its editing, directories, content and scale profile. */
export function sectionModule(slug: SectionSlug): SectionModule {
  return bySlug.get(slug) as SectionModule;
}

/** The modules of the sections of places (rows of `places` of their own), in the registry's order. */
export const placeModules: readonly SectionModule[] = modules.filter(
  (s) => s.table === 'places' && !(s.scope as Section['scope'])?.popular,
);

/**
 * The translated texts of a section of places shown to visitors as themselves (named by its
 * detail page's `texts`): each a property of the detail answer and a fact of the detail page.
 */
export const shownFields = (module: Pick<SectionModule, 'edit' | 'detail'>): EditorialField[] =>
  (module.detail?.texts ?? []).flatMap((name) =>
    (module.edit?.fields ?? []).filter((f) => f.name === name && isTranslatedKind(f.kind)),
  );
