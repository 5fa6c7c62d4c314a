import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from '../../common/languages.js';
import { modules, shownFields } from '../../common/section-modules.js';
import {
  detailSections,
  directionTabs,
  everySection,
  type FilterGroup,
  isSectionSlug,
  mapSections,
  placeSections,
  type SectionModule,
  sectionOf,
  sections,
} from '../../common/sections.js';

// The section registry (common/sections.ts) describes each section once; these are the rules a
// description must keep, and the promise that a section is not named all over the code again.

const root = path.resolve(import.meta.dirname, '../..');
/** The TypeScript sources of the code (not content, translations, migrations or tests). */
const sourceFiles = ['server', 'web', 'common', 'scripts', 'bench'].flatMap((dir) =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => `${dir}/${f}`),
);
/** The demo content's loader and schema (code, unlike the content's data). */
const contentCode = ['content/load.ts', 'content/schema.ts', 'content/check.ts'].filter((f) =>
  fs.existsSync(path.join(root, f)),
);
const strings = (lang: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(root, 'locales', lang, `${namespace}.json`), 'utf8'));

describe('the section registry', () => {
  it('gives every section a unique slug, and every filter group a unique key within its section', () => {
    const slugs = everySection.map((s) => s.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const section of everySection) {
      const keys = section.filters.map((f) => f.key);
      expect(new Set(keys).size, section.slug).toBe(keys.length);
    }
  });

  it('numbers the map layers and the direction tabs without gaps', () => {
    const layers = everySection.flatMap((s): number[] => (s.map ? [s.map.layer] : [])).sort((a, b) => a - b);
    expect(layers).toEqual(layers.map((_, i) => i));
    expect(mapSections).toHaveLength(layers.length);
    const tabs = everySection
      .flatMap((s): number[] => (s.directionTab ? [s.directionTab] : []))
      .sort((a, b) => a - b);
    expect(tabs).toEqual(tabs.map((_, i) => i + 1));
    expect(directionTabs[0]).toBe('routes');
  });

  it('links a section without detail pages to one with them', () => {
    for (const section of everySection) {
      if (section.detail) continue;
      expect(section.detailOf, section.slug).toBeDefined();
      expect(detailSections, section.slug).toContain(section.detailOf);
    }
  });

  it('keeps the place sections to rows of `places`, each with its own `section` value', () => {
    for (const slug of placeSections) {
      expect(sectionOf(slug)).toMatchObject({ table: 'places', scope: { section: slug } });
    }
  });

  it.each([...languages])('has every label it names in the %s strings', (lang) => {
    const sectionNames = strings(lang, 'translation').sections;
    const lists = strings(lang, 'lists');
    const filterLabels = lists.filters;
    const factLabels = strings(lang, 'detail').facts;
    for (const section of everySection) {
      expect(sectionNames[section.slug], `sections.${section.slug}`).toEqual(expect.any(String));
      // its list page's description and its search box's placeholder
      expect(lists.descriptions[section.slug], `lists:descriptions.${section.slug}`).toEqual(
        expect.any(String),
      );
      if (section.listSearch)
        expect(lists.search.placeholders[section.slug], `lists:search.placeholders.${section.slug}`).toEqual(
          expect.any(String),
        );
      for (const group of section.filters.filter((f: FilterGroup) => !f.apiOnly)) {
        expect(filterLabels[group.label], `filters.${group.label}`).toEqual(expect.any(String));
        expect(filterLabels[`${group.label}Plural`], `filters.${group.label}Plural`).toEqual(
          expect.any(String),
        );
      }
      for (const fact of section.detail?.facts ?? []) {
        expect(factLabels[fact], `facts.${fact}`).toEqual(expect.any(String));
      }
      // a shown text of its module is a fact labelled by the field's name
      for (const name of section.detail?.texts ?? []) {
        expect(factLabels[name], `facts.${name}`).toEqual(expect.any(String));
      }
    }
  });

  it('gives every description its whole module, in the same order', () => {
    expect(modules.map((m) => m.slug)).toEqual(sections.map((s) => s.slug));
    sections.forEach((description, i) => {
      expect(modules[i], description.slug).toMatchObject(description);
    });
  });

  it('keeps the back-office parts out of the descriptions the public pages load', () => {
    for (const description of everySection) {
      for (const part of ['edit', 'directories', 'content', 'scale']) {
        expect(description, `${description.slug}.${part}`).not.toHaveProperty(part);
      }
    }
  });

  it("names as a detail page's shown texts only translated texts of its module's fields", () => {
    const whole: readonly SectionModule[] = modules;
    for (const module of whole) {
      const texts = module.detail?.texts ?? [];
      expect(
        shownFields(module).map((f) => f.name),
        module.slug,
      ).toEqual(texts);
    }
    // a name that is no text of the module is not shown
    const attractions = whole[0] as SectionModule;
    const detail = {
      ...(attractions.detail as NonNullable<SectionModule['detail']>),
      texts: ['no_such_field'],
    };
    expect(shownFields({ ...attractions, detail })).toEqual([]);
  });

  it('gives every edited section a menu icon of its own drawing, an SVG path on a 24×24 grid', () => {
    const whole: readonly SectionModule[] = modules;
    for (const module of whole) {
      if (!module.edit) continue;
      // moveto first, then only path commands and numbers
      expect(module.edit.icon, module.slug).toMatch(/^[Mm][\d\s.,+-]+[\d\s.,+\-MmLlHhVvCcSsQqTtAaZz]*$/);
    }
  });

  it('tells slugs from other words', () => {
    expect(isSectionSlug('caterings')).toBe(true);
    expect(isSectionSlug('constructor')).toBe(false);
    expect(isSectionSlug(undefined)).toBe(false);
  });

  it('names a section in no source file but its own module', () => {
    // Outside content data, translations, migrations and tests, a section's slug is written only in
    // its module (common/sections/<slug>.ts): as a string ('caterings', "caterings", `caterings`),
    // an object's key (caterings: or 'caterings':) or a property (.caterings). Everything else reads
    // the registry, so adding a section is its module, a migration and its strings. A few slugs are
    // also words of the code with uses of their own, named here with the reason.
    const ownUses: Record<string, { files?: string[]; reason: string }> = {
      // Routes pass by attractions, the popular places and the home page's favourites are
      // attractions, the region's figures count them: features of that one section.
      attractions: {
        reason: 'the popular places, the routes along the way and the home page are about attractions',
      },
      // Sections with tables, API modules and screens of their own (server/modules/<name>).
      routes: { reason: 'a table, an API module and screens of their own' },
      events: { reason: 'a table, an API module and screens of their own' },
      news: { reason: 'a table, an API module and screens of their own' },
      'tourism-type': { reason: 'a directory of its own, which other content refers to' },
      'popular-places': { files: ['web/api/home-queries.ts'], reason: 'the home page shows them' },
      // The home page's figures of the region have one named like a section.
      entertainment: { files: ['web/features/home/stats.tsx'], reason: 'a figure of the home page' },
    };
    const code = [...sourceFiles, ...contentCode].map((file) => ({
      file,
      text: fs.readFileSync(path.join(root, file), 'utf8'),
    }));
    for (const { slug } of everySection) {
      const own = ownUses[slug];
      if (own && !own.files) continue;
      const word = slug.replace(/[-]/g, '\\-');
      const named = new RegExp(`(['"\`])${word}\\1|(^|[\\s{,(])${word}\\s*:|\\.${word}\\b`, 'm');
      const files = code
        .filter(({ file, text }) => file !== `common/sections/${slug}.ts` && named.test(text))
        .map(({ file }) => file);
      expect(
        files.filter((f) => !own?.files?.includes(f)),
        slug,
      ).toEqual([]);
    }
  });

  it('sees a section named outside its module', () => {
    // The check above, on a made-up file naming a section the three ways.
    for (const text of [
      "where('section', '=', 'caterings')",
      '  caterings: RestaurantIcon,',
      'c.caterings.length',
    ]) {
      const named = /(['"`])caterings\1|(^|[\s{,(])caterings\s*:|\.caterings\b/m;
      expect(named.test(text), text).toBe(true);
    }
  });
});
