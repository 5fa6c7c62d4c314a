import { modules } from '../../../common/section-modules';

// The back office's words for each section and each directory it owns come from the section's module
// (common/sections/<slug>.ts, `edit.words` and `directories`): its menu entry, its resource's name
// (one |||| many) and what its empty list says.

export function sectionWords<F>(lang: 'ru' | 'en', fields: F) {
  const edited = modules.flatMap((s) => [
    ...('edit' in s ? [{ slug: s.slug as string, words: s.edit.words[lang] }] : []),
    // the directories it owns, after it
    ...('directories' in s
      ? Object.entries(s.directories).map(([kind, words]) => ({ slug: kind, words: words[lang] }))
      : []),
  ]);
  return {
    menu: Object.fromEntries(edited.map((s) => [s.slug, s.words.many])) as Record<string, string>,
    resources: Object.fromEntries(
      edited.map((s) => [
        `content/${s.slug}`,
        { empty: s.words.empty, name: `${s.words.one} |||| ${s.words.many}`, fields },
      ]),
    ) as Record<string, { empty: string; name: string; fields: F }>,
  };
}
