import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from '../../common/languages.js';
import {
  detailSections,
  directionTabs,
  everySection,
  type FilterGroup,
  isSectionSlug,
  mapSections,
  placeSections,
  sectionOf,
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
    const filterLabels = strings(lang, 'lists').filters;
    const factLabels = strings(lang, 'detail').facts;
    for (const section of everySection) {
      expect(sectionNames[section.slug], `sections.${section.slug}`).toEqual(expect.any(String));
      for (const group of section.filters.filter((f: FilterGroup) => !f.apiOnly)) {
        expect(filterLabels[group.label], `filters.${group.label}`).toEqual(expect.any(String));
        expect(filterLabels[`${group.label}Plural`], `filters.${group.label}Plural`).toEqual(
          expect.any(String),
        );
      }
      for (const fact of section.detail?.facts ?? []) {
        expect(factLabels[fact], `facts.${fact}`).toEqual(expect.any(String));
      }
    }
  });

  it('tells slugs from other words', () => {
    expect(isSectionSlug('caterings')).toBe(true);
    expect(isSectionSlug('constructor')).toBe(false);
    expect(isSectionSlug(undefined)).toBe(false);
  });

  it('is the only source file (besides its editing half and the scale generator) that names an ordinary section', () => {
    // Outside content, translations, migrations and tests. Sections whose slug is also an everyday
    // word of the code (routes, events, news, attractions) are left out: the word has other uses.
    // The home page's figures of the region include one named like a section ('entertainment').
    // common/editorial.ts describes how each section is edited, keyed by the registry's slugs: it
    // stays out of the registry so that the public pages do not load the back office's forms.
    const allowed = [
      'common/sections.ts',
      'common/editorial.ts',
      'scripts/scale/generate.ts',
      'web/features/home/stats.tsx',
      // the back office's translations (its words for each section) and its menu's icons
      'web/admin/i18n/en.ts',
      'web/admin/i18n/ru.ts',
      'web/admin/content/resources.tsx',
    ];
    for (const slug of ['residence', 'caterings', 'entertainment', 'tourist-information-centers']) {
      const files = sourceFiles.filter((file) =>
        new RegExp(`'${slug}'`).test(fs.readFileSync(path.join(root, file), 'utf8')),
      );
      expect(
        files.filter((f) => !allowed.includes(f)),
        slug,
      ).toEqual([]);
    }
  });
});
