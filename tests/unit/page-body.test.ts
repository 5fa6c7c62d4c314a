import fs from 'node:fs';
import path from 'node:path';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  docLinks,
  docPictures,
  docToPlain,
  docToText,
  type PageBlock,
  pageBlocksIn,
  pageBlocksToRich,
  richIn,
  richTranslatedOf,
  textToDoc,
} from '../../common/rich-text.js';
import { RichDocDefinition } from '../../common/rich-text-schema.js';

// An information page's body was stored as blocks (a heading, a paragraph with `[text](href)`
// links, a picture with a caption, a list), each text translated; it is now a rich text, its
// stored blocks read as a document per language (decision 052). Every demo page, every language.
type Tr = Record<string, string>;
type DemoBlock = { h: Tr } | { p: Tr } | { img: string; caption?: Tr } | { list: Tr[] };
const pagesFile = path.join(import.meta.dirname, '../../content/data/pages.json');
const demo = JSON.parse(fs.readFileSync(pagesFile, 'utf8')) as {
  pages: { slug: string; blocks: DemoBlock[] }[];
};
/** A page's blocks as the seed stores them: each picture a media library id of its own. */
const stored = (page: (typeof demo.pages)[number]): PageBlock[] =>
  page.blocks.map((b, n) => ('img' in b ? { ...b, img: `${b.img}.page-${page.slug}-block-${n}` } : b));

const linkSyntax = /\[([^\]\n]+)\]\(((?:\/|https?:\/\/|mailto:|tel:)[^)\s]*)\)/g;
const words = (s: string) => s.split(/[\s\p{P}\p{S}]+/u).filter(Boolean);
const langs = ['ru', 'en', 'zh'] as const;

/** A block's texts in a language, in order, its links' syntax read as their labels. */
function blockTexts(b: DemoBlock, lang: string): string[] {
  const texts = 'h' in b ? [b.h] : 'p' in b ? [b.p] : 'img' in b ? [b.caption] : b.list;
  return texts.map((t) => t?.[lang] ?? '').filter(Boolean);
}
const nodeOf = { h: 'heading', p: 'paragraph', img: 'image', list: 'bulletList' } as const;
const kindOf = (b: DemoBlock) => ('h' in b ? 'h' : 'p' in b ? 'p' : 'img' in b ? 'img' : 'list');

describe('an information page’s blocks as a rich text', () => {
  it('finds the demo pages, with headings, links, pictures and lists among their blocks', () => {
    expect(demo.pages.length).toBe(7);
    const kinds = new Set(demo.pages.flatMap((p) => p.blocks.map(kindOf)));
    expect([...kinds].sort()).toEqual(['h', 'img', 'list', 'p']);
    expect(demo.pages.some((p) => JSON.stringify(p.blocks).match(linkSyntax))).toBe(true);
  });

  it('converts every demo page to documents that pass the schema, block for node, keeping every word, link and picture', () => {
    let checked = 0;
    for (const page of demo.pages) {
      const blocks = stored(page);
      const rich = richTranslatedOf(blocks);
      expect(Object.keys(rich ?? {}), page.slug).toEqual([...langs]);
      for (const lang of langs) {
        const doc = rich?.[lang];
        if (!doc) throw new Error(`${page.slug} has no ${lang} document`);
        const where = `${page.slug} ${lang}`;
        expect(Value.Check(RichDocDefinition, doc), where).toBe(true);
        // 1:1 onto the document: each block its node, a list its items
        expect(
          doc.content.map((n) => n.type),
          where,
        ).toEqual(page.blocks.map((b) => nodeOf[kindOf(b)]));
        page.blocks.forEach((b, i) => {
          const node = doc.content[i];
          if ('list' in b && node?.type === 'bulletList') expect(node.content.length).toBe(b.list.length);
          if ('img' in b && node?.type === 'image') expect(node.attrs.caption).toBe(b.caption?.[lang]);
        });
        const texts = page.blocks.flatMap((b) => blockTexts(b, lang));
        expect(words(docToPlain(doc)), where).toEqual(words(texts.join('\n').replace(linkSyntax, '$1')));
        expect(docLinks(doc), where).toEqual(
          texts.flatMap((t) => [...t.matchAll(linkSyntax)].map((m) => m[2])),
        );
        expect(docPictures(doc), where).toEqual(blocks.flatMap((b) => ('img' in b ? [b.img] : [])));
        // the readable form (the spreadsheet's cell, the API's `body`) reads back to the same document
        expect(textToDoc(docToText(doc)), where).toEqual(doc);
        // what the page shows is what it showed: the document of the language, every text there
        expect(richIn(blocks, lang), where).toEqual(doc);
        checked++;
      }
    }
    expect(checked).toBe(21);
  });

  it('keeps a heading’s text as it is and a link the document cannot hold as its text', () => {
    const doc = pageBlocksIn(
      [
        { h: { ru: 'О [карте](/map)' } },
        { p: { ru: 'См. [сайт](//evil.example) и [карту](/map).\nДалее.' } },
      ],
      'ru',
    );
    expect(doc.content).toEqual([
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'О [карте](/map)' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'См. [сайт](//evil.example) и ' },
          { type: 'text', text: 'карту', marks: [{ type: 'link', attrs: { href: '/map' } }] },
          { type: 'text', text: '.' },
          { type: 'hardBreak' },
          { type: 'text', text: 'Далее.' },
        ],
      },
    ]);
    expect(Value.Check(RichDocDefinition, doc)).toBe(true);
  });

  it('edits a language with only its own texts, and shows a missing one in Russian as the page did', () => {
    const blocks: PageBlock[] = [
      { h: { ru: 'Заголовок', en: 'Heading' } },
      { p: { ru: 'Абзац' } },
      { img: 'lake.page-x-block-2', caption: { ru: 'Подпись' } },
      { list: [{ ru: 'Один', en: 'One' }, { ru: 'Два' }] },
    ];
    const rich = pageBlocksToRich(blocks);
    expect(Object.keys(rich ?? {})).toEqual(['ru', 'en']);
    expect(docToText(rich?.en ?? textToDoc(''))).toBe('## Heading\n\n![](lake.page-x-block-2)\n\n- One');
    expect(docToText(pageBlocksIn(blocks, 'en'))).toBe(
      '## Heading\n\nАбзац\n\n![](lake.page-x-block-2 "Подпись")\n\n- One\n- Два',
    );
    // a language with a picture and no text is a missing translation
    expect(pageBlocksToRich([{ img: 'lake.page-x-block-0' }, { p: { ru: 'Текст' } }])).toEqual({
      ru: textToDoc('![](lake.page-x-block-0)\n\nТекст'),
    });
  });
});
