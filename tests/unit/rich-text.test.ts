import fs from 'node:fs';
import path from 'node:path';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  docLinks,
  docToPlain,
  docToText,
  type RichDoc,
  richTranslatedOf,
  textToDoc,
} from '../../common/rich-text.js';
import { RichDocDefinition } from '../../common/rich-text-schema.js';

// Every description of the demo content, every language: what conversion at read meets.
const dataDir = path.join(import.meta.dirname, '../../content/data');
function descriptions(): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key?: string) => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === 'object') {
      if (key === 'description')
        for (const t of Object.values(v)) if (typeof t === 'string' && t.trim()) out.push(t);
      for (const [k, x] of Object.entries(v)) walk(x, k);
    }
  };
  for (const file of fs.readdirSync(dataDir).filter((f) => f.endsWith('.json')))
    walk(JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')));
  return out;
}
const linkSyntax = /\[([^\]\n]+)\]\(((?:\/|https?:\/\/|mailto:|tel:)[^)\s]*)\)/g;
const words = (s: string) => s.split(/[\s\p{P}\p{S}]+/u).filter(Boolean);

describe('a plain text of before as a rich text', () => {
  const texts = descriptions();

  it('finds the demo descriptions', () => {
    expect(texts.length).toBeGreaterThan(900);
  });

  it('converts every demo description to a valid document keeping every word, link and paragraph', () => {
    for (const text of texts) {
      const doc = textToDoc(text);
      expect(Value.Check(RichDocDefinition, doc), text.slice(0, 80)).toBe(true);
      const linkTexts = text.replace(linkSyntax, '$1');
      expect(words(docToPlain(doc))).toEqual(words(linkTexts));
      expect(docLinks(doc)).toEqual([...text.matchAll(linkSyntax)].map((m) => m[2]));
      expect(doc.content.length).toBe(text.split(/\n{2,}/).filter((p) => p.trim()).length);
    }
  });

  it('writes every demo description back to a text that reads as the same document', () => {
    for (const text of texts) {
      const doc = textToDoc(text);
      const back = docToText(doc);
      expect(textToDoc(back)).toEqual(doc);
      // a plain text of before comes back as it was (the API's description is unchanged)
      expect(back).toBe(text.trim().replace(/[ \t]+\n/g, '\n'));
    }
  });
});

describe('the readable text form', () => {
  const doc: RichDoc = textToDoc(
    [
      '## Как добраться',
      'Электричкой до **Выборга**, затем _пешком_ — [карта](/map), [сайт](https://example.org/a?b=1).',
      '- первый пункт\n- второй с [ссылкой](mailto:info@example.org)\n  - вложенный',
      '3. третий\n4. четвёртый',
      '> Цитата с **жирным _курсивом_**',
      '![Крепость](photo.vyborg-castle "Выборгский замок")',
      'Звёзды: 4\\* и snake\\_case, \\[не ссылка\\]',
    ].join('\n\n'),
  );

  it('reads headings, lists, quotes, links, marks and pictures', () => {
    expect(Value.Check(RichDocDefinition, doc)).toBe(true);
    expect(doc.content.map((b) => b.type)).toEqual([
      'heading',
      'paragraph',
      'bulletList',
      'orderedList',
      'blockquote',
      'image',
      'paragraph',
    ]);
    expect(docLinks(doc)).toEqual(['/map', 'https://example.org/a?b=1', 'mailto:info@example.org']);
    expect(doc.content[3]).toMatchObject({ attrs: { start: 3 } });
    expect(doc.content[5]).toEqual({
      type: 'image',
      attrs: { src: 'photo.vyborg-castle', alt: 'Крепость', caption: 'Выборгский замок' },
    });
    expect(docToPlain(doc)).toContain('Звёзды: 4* и snake_case, [не ссылка]');
    expect(JSON.stringify(doc.content[4])).toContain('"marks":[{"type":"bold"},{"type":"italic"}]');
  });

  it('writes it back to the same document', () => {
    expect(textToDoc(docToText(doc))).toEqual(doc);
  });

  it('keeps what only looks like markup as text', () => {
    for (const text of [
      '1. not a list',
      '- not a list',
      '## not a heading',
      '> not a quote',
      '**x** _y_ [z](/a)',
    ]) {
      const d: RichDoc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
      expect(textToDoc(docToText(d))).toEqual(d);
    }
  });

  it('leaves a link that is not safe as text', () => {
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
      '/\\evil.example',
      'vbscript:x',
    ]) {
      const d = textToDoc(`[x](${href})`);
      expect(docLinks(d)).toEqual([]);
      expect(docToPlain(d)).toBe(`[x](${href})`);
    }
  });

  it('drops an empty language and keeps the others', () => {
    expect(
      richTranslatedOf({ ru: 'Текст', en: '', zh: { type: 'doc', content: [{ type: 'paragraph' }] } }),
    ).toEqual({
      ru: textToDoc('Текст'),
    });
  });
});

describe('the schema of a rich text', () => {
  const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
  const para = (...content: unknown[]) => ({ type: 'paragraph', content });
  const doc = (...content: unknown[]) => ({ type: 'doc', content });
  const refused: [string, unknown][] = [
    ['a script node', doc({ type: 'script', content: [text('alert(1)')] })],
    ['an html node', doc({ type: 'html', text: '<img src=x onerror=alert(1)>' })],
    [
      'an onerror attribute on a picture',
      doc({ type: 'image', attrs: { src: 'photo.a', onerror: 'alert(1)' } }),
    ],
    ['a picture from elsewhere', doc({ type: 'image', attrs: { src: 'https://evil.example/x.png' } })],
    ['a data: picture', doc({ type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>' } })],
    ['an SVG node', doc({ type: 'svg', attrs: { onload: 'alert(1)' } })],
    ['a javascript: link', doc(para(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])))],
    [
      'a data: link',
      doc(para(text('x', [{ type: 'link', attrs: { href: 'data:text/html;base64,PHNjcmlwdD4=' } }]))),
    ],
    ['a protocol-relative link', doc(para(text('x', [{ type: 'link', attrs: { href: '//evil.example' } }])))],
    ['a link target', doc(para(text('x', [{ type: 'link', attrs: { href: '/map', target: '_self' } }])))],
    [
      'a style on a paragraph',
      doc({ type: 'paragraph', attrs: { style: 'color:red' }, content: [text('x')] }),
    ],
    ['a class on a text', doc(para({ type: 'text', text: 'x', class: 'evil' }))],
    ['an unknown mark', doc(para(text('x', [{ type: 'code' }])))],
    ['a mark within a mark', doc(para(text('x', [{ type: 'bold', marks: [{ type: 'italic' }] }])))],
    ['a heading of level 1', doc({ type: 'heading', attrs: { level: 1 }, content: [text('x')] })],
    ['an empty text node', doc(para(text('')))],
    ['no content', doc()],
  ];
  for (const [name, value] of refused)
    it(`refuses ${name}`, () => {
      expect(Value.Check(RichDocDefinition, value)).toBe(false);
    });
});
