// Rich text: a description as a structured document (the editor's ProseMirror JSON, limited to the
// nodes and marks below), never as markup (decision 052). This module is plain functions over that
// document, shared by the server, the public pages and the back office, so nothing here may pull in
// TypeBox or React (the schema is common/rich-text-schema.ts):
// - `textToDoc` reads the readable text form: the plain texts of before (paragraphs split by blank
//   lines, `[text](/path)` links) and the spreadsheet's cells, a small Markdown-like form;
// - `docToText` writes that form back (what a spreadsheet cell and the API's `description` hold);
// - `docToPlain` is the words alone (search snippets, meta descriptions, JSON-LD).

export type RichMark = { type: 'bold' } | { type: 'italic' } | { type: 'link'; attrs: { href: string } };
export type RichInline = { type: 'text'; text: string; marks?: RichMark[] } | { type: 'hardBreak' };
export type RichParagraph = { type: 'paragraph'; content?: RichInline[] };
export type RichHeading = { type: 'heading'; attrs: { level: 2 | 3 }; content?: RichInline[] };
export type RichListItem = { type: 'listItem'; content: RichBlock[] };
export type RichList =
  | { type: 'bulletList'; content: RichListItem[] }
  | { type: 'orderedList'; attrs?: { start: number }; content: RichListItem[] };
export type RichImage = { type: 'image'; attrs: { src: string; alt?: string; caption?: string } };
export type RichQuote = { type: 'blockquote'; content: RichBlock[] };
export type RichBlock = RichParagraph | RichHeading | RichList | RichImage | RichQuote;
export type RichDoc = { type: 'doc'; content: RichBlock[] };

/** A translated rich text as stored: a document per language, or the plain text it was before. */
export type RichValue = string | RichDoc;

/**
 * The links a text may carry: web and mail addresses, phone numbers, and paths of the portal
 * (`/map`, never `//host` or `/\host`, which browsers read as another site). Anything else
 * (`javascript:`, `data:`, `vbscript:`) is not a link.
 */
export const safeHrefPattern =
  /^(?:https?:\/\/[^\s<>"'\\]+|mailto:[^\s<>"'\\]+|tel:\+?[0-9 ()-]+|\/(?![/\\])[^\s<>"'\\]*)$/;
export const isSafeHref = (href: string) => href.length <= 2000 && safeHrefPattern.test(href);
/** A picture of the portal's media library (`<category>.<name>`), as picture fields name them. */
export const richImagePattern = /^[a-z0-9-]+\.[a-z0-9-]+$/;

export const isRichDoc = (v: unknown): v is RichDoc =>
  typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'doc';

/** The document of a stored value: a plain text of before is read as the readable form. */
export const richDocOf = (value: RichValue | null | undefined): RichDoc =>
  isRichDoc(value) ? value : textToDoc(typeof value === 'string' ? value : '');

// ---------------------------------------------------------------- reading the readable form

const markOrder = { link: 0, bold: 1, italic: 2 } as const;
const sortMarks = (marks: RichMark[]) => [...marks].sort((a, b) => markOrder[a.type] - markOrder[b.type]);

/** A backslash keeps the next of these characters as itself. */
const escapable = '\\*_[]()#>-.!+`';

function findClosing(s: string, from: number, token: string): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (s.startsWith(token, i) && (token !== '*' || (s[i + 1] !== '*' && s[i - 1] !== '*'))) return i;
  }
  return -1;
}

/** The text nodes of one line of the readable form: `**bold**`, `_italic_` or `*italic*`, `[text](href)`. */
export function parseInline(s: string, marks: RichMark[] = []): RichInline[] {
  const out: RichInline[] = [];
  let buffer = '';
  const flush = () => {
    if (!buffer) return;
    const last = out[out.length - 1];
    if (last?.type === 'text' && sameMarks(last.marks ?? [], marks)) last.text += buffer;
    else
      out.push(
        marks.length
          ? { type: 'text', text: buffer, marks: sortMarks(marks) }
          : { type: 'text', text: buffer },
      );
    buffer = '';
  };
  const nested = (inner: RichInline[]) => {
    flush();
    for (const node of inner) {
      const last = out[out.length - 1];
      if (node.type === 'text' && last?.type === 'text' && sameMarks(last.marks ?? [], node.marks ?? []))
        last.text += node.text;
      else out.push(node);
    }
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '\\' && i + 1 < s.length && escapable.includes(s[i + 1] as string)) {
      buffer += s[++i];
      continue;
    }
    const has = (type: RichMark['type']) => marks.some((m) => m.type === type);
    if (c === '*' && s[i + 1] === '*' && !has('bold')) {
      const end = findClosing(s, i + 2, '**');
      if (end > i + 2) {
        nested(parseInline(s.slice(i + 2, end), [...marks, { type: 'bold' }]));
        i = end + 1;
        continue;
      }
    }
    if ((c === '_' || (c === '*' && s[i + 1] !== '*')) && !has('italic')) {
      const end = findClosing(s, i + 1, c);
      if (end > i + 1) {
        nested(parseInline(s.slice(i + 1, end), [...marks, { type: 'italic' }]));
        i = end;
        continue;
      }
    }
    if (c === '[' && !has('link')) {
      const close = findClosing(s, i + 1, '](');
      const end = close < 0 ? -1 : s.indexOf(')', close + 2);
      const href = end < 0 ? '' : s.slice(close + 2, end);
      if (close > i + 1 && isSafeHref(href)) {
        nested(parseInline(s.slice(i + 1, close), [...marks, { type: 'link', attrs: { href } }]));
        i = end;
        continue;
      }
    }
    buffer += c;
  }
  flush();
  return out;
}

function sameMarks(a: RichMark[], b: RichMark[]): boolean {
  return (
    a.length === b.length &&
    a.every((m) =>
      b.some((n) => n.type === m.type && (m.type !== 'link' || (n as typeof m).attrs.href === m.attrs.href)),
    )
  );
}

/** One paragraph's lines: each line break a hard break. */
function inlineLines(lines: string[]): RichInline[] {
  const out: RichInline[] = [];
  lines.forEach((line, i) => {
    if (i > 0) out.push({ type: 'hardBreak' });
    out.push(...parseInline(line));
  });
  return out;
}

const bulletMarker = /^[-*+] /;
const orderedMarker = /^(\d{1,6})[.)] /;
const headingLine = /^(#{2,3}) +(.+)$/;
const imageLine = /^!\[([^\]\n]*)\]\(([a-z0-9-]+\.[a-z0-9-]+)(?: +"(.*)")?\)$/;

/** The blocks of lines of the readable form. */
function parseBlocks(lines: string[]): RichBlock[] {
  const blocks: RichBlock[] = [];
  let i = 0;
  const startsBlock = (line: string) =>
    bulletMarker.test(line) ||
    orderedMarker.test(line) ||
    headingLine.test(line) ||
    imageLine.test(line) ||
    line.startsWith('>');
  while (i < lines.length) {
    const line = lines[i] as string;
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (line.startsWith('>')) {
      const inner: string[] = [];
      while (i < lines.length && (lines[i] as string).startsWith('>'))
        inner.push((lines[i++] as string).replace(/^> ?/, ''));
      const content = parseBlocks(inner);
      if (content.length) blocks.push({ type: 'blockquote', content });
      continue;
    }
    const heading = headingLine.exec(line);
    if (heading) {
      blocks.push({
        type: 'heading',
        attrs: { level: (heading[1] as string).length as 2 | 3 },
        content: parseInline((heading[2] as string).trim()),
      });
      i++;
      continue;
    }
    const image = imageLine.exec(line);
    if (image) {
      const [, alt, src, caption] = image as unknown as [string, string, string, string | undefined];
      const attrs: RichImage['attrs'] = { src };
      if (alt) attrs.alt = unescapeText(alt);
      if (caption) attrs.caption = unescapeText(caption);
      blocks.push({ type: 'image', attrs });
      i++;
      continue;
    }
    const bullet = bulletMarker.test(line);
    const ordered = orderedMarker.exec(line);
    if (bullet || ordered) {
      const items: RichListItem[] = [];
      const marker = bullet ? bulletMarker : orderedMarker;
      while (i < lines.length) {
        const first = lines[i] as string;
        const m = marker.exec(first);
        if (!m) break;
        const body = [first.slice(m[0].length)];
        i++;
        // the item goes on over lines indented by two spaces or more, and blank lines between them
        while (i < lines.length) {
          const next = lines[i] as string;
          if (/^ {2}/.test(next)) body.push(next.replace(/^ {2,4}/, ''));
          else if (next.trim() === '' && /^ {2}/.test(lines[i + 1] ?? '')) body.push('');
          else break;
          i++;
        }
        const content = parseBlocks(body);
        items.push({ type: 'listItem', content: content.length ? content : [{ type: 'paragraph' }] });
        // a blank line between items of one list keeps the list
        if ((lines[i] ?? '').trim() === '' && marker.test(lines[i + 1] ?? '')) i++;
      }
      if (bullet) blocks.push({ type: 'bulletList', content: items });
      else {
        const start = Number(ordered?.[1]);
        blocks.push(
          start === 1
            ? { type: 'orderedList', content: items }
            : { type: 'orderedList', attrs: { start }, content: items },
        );
      }
      continue;
    }
    const para: string[] = [];
    while (
      i < lines.length &&
      (lines[i] as string).trim() !== '' &&
      (para.length === 0 || !startsBlock(lines[i] as string))
    )
      para.push((lines[i++] as string).trim());
    blocks.push({ type: 'paragraph', content: inlineLines(para) });
  }
  return blocks;
}

const unescapeText = (s: string) =>
  s.replace(/\\(.)/g, (whole, c: string) => (escapable.includes(c) ? c : whole));

/** The document of a text in the readable form (a plain text of before is one too). */
export function textToDoc(text: string): RichDoc {
  const content = parseBlocks(text.replace(/\r\n?/g, '\n').split('\n'));
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] };
}

// ---------------------------------------------------------------- writing the readable form

const escapeInline = (s: string) => s.replace(/[\\*_[\]]/g, (c) => `\\${c}`);

/** Inline nodes as the reader gives them: adjacent texts of the same marks as one, marks in order. */
function canonInline(nodes: readonly RichInline[] = []): RichInline[] {
  const out: RichInline[] = [];
  for (const n of nodes) {
    const last = out[out.length - 1];
    if (n.type === 'text' && last?.type === 'text' && sameMarks(last.marks ?? [], n.marks ?? []))
      last.text += n.text;
    else if (n.type === 'text')
      out.push(
        n.marks?.length
          ? { type: 'text', text: n.text, marks: sortMarks(n.marks) }
          : { type: 'text', text: n.text },
      );
    else out.push({ type: 'hardBreak' });
  }
  return out;
}

/**
 * A line's inline text, with backslashes only where the reader would otherwise take a character as
 * markup: a plain text of before ("4* hotel", "snake_case") reads as itself.
 */
function inlineLine(nodes: readonly RichInline[]): string {
  const bare = inlineToText(nodes, false);
  const same = JSON.stringify(parseInline(bare)) === JSON.stringify(canonInline(nodes));
  return same && !bare.includes('\\') ? bare : inlineToText(nodes, true);
}
/** What would start another block at a line's start is kept as text by a backslash. */
const escapeLineStart = (s: string) =>
  s.replace(/^(#{2,3} |>|[-*+] |!\[)/, (m) => `\\${m}`).replace(/^(\d{1,6})([.)] )/, '$1\\$2');

function inlineToText(nodes: readonly RichInline[] = [], escaped = true): string {
  let out = '';
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as RichInline;
    if (node.type === 'hardBreak') {
      out += '\n';
      continue;
    }
    const link = node.marks?.find((m) => m.type === 'link');
    if (link) {
      // the text nodes of one link in a row are one link, each keeping its other marks
      const run: RichInline[] = [];
      while (i < nodes.length) {
        const n = nodes[i] as RichInline;
        const l = n.type === 'text' ? n.marks?.find((m) => m.type === 'link') : undefined;
        if (!l || l.attrs.href !== link.attrs.href) break;
        const rest = (n as { marks: RichMark[] }).marks.filter((m) => m.type !== 'link');
        run.push({
          type: 'text',
          text: (n as { text: string }).text,
          ...(rest.length ? { marks: rest } : {}),
        });
        i++;
      }
      i--;
      out += `[${inlineToText(run, escaped)}](${link.attrs.href})`;
      continue;
    }
    let text = escaped ? escapeInline(node.text) : node.text;
    if (node.marks?.some((m) => m.type === 'italic')) text = `_${text}_`;
    if (node.marks?.some((m) => m.type === 'bold')) text = `**${text}**`;
    out += text;
  }
  return out;
}

/** Inline nodes split at their hard breaks. */
function linesOf(nodes: readonly RichInline[] = []): RichInline[][] {
  const lines: RichInline[][] = [[]];
  for (const n of nodes) {
    if (n.type === 'hardBreak') lines.push([]);
    else lines[lines.length - 1]?.push(n);
  }
  return lines;
}

const indent = (text: string, pad: string) =>
  text
    .split('\n')
    .map((l, i) => (i === 0 || l === '' ? l : pad + l))
    .join('\n');

function blockToText(block: RichBlock): string {
  switch (block.type) {
    case 'paragraph':
      return linesOf(block.content)
        .map((l) => escapeLineStart(inlineLine(l).trim()))
        .join('\n');
    case 'heading':
      return `${'#'.repeat(block.attrs.level)} ${linesOf(block.content).map(inlineLine).join(' ')}`;
    case 'image': {
      const { src, alt, caption } = block.attrs;
      const q = (s: string) => s.replace(/[\\[\]"]/g, (c) => `\\${c}`);
      return `![${q(alt ?? '')}](${src}${caption ? ` "${q(caption)}"` : ''})`;
    }
    case 'blockquote':
      return blocksToText(block.content)
        .split('\n')
        .map((l) => (l ? `> ${l}` : '>'))
        .join('\n');
    case 'bulletList':
    case 'orderedList': {
      const start = block.type === 'orderedList' ? (block.attrs?.start ?? 1) : 1;
      return block.content
        .map((item, n) => {
          const marker = block.type === 'bulletList' ? '- ' : `${start + n}. `;
          // a list right under the item's text needs no blank line: the reader ends a paragraph at a marker
          const body = item.content
            .map((b, k) => (k === 0 ? '' : b.type.endsWith('List') ? '\n' : '\n\n') + blockToText(b))
            .join('');
          return marker + indent(body, '  ');
        })
        .join('\n');
    }
  }
}

const blocksToText = (blocks: readonly RichBlock[]) => blocks.map(blockToText).join('\n\n');

/** The readable form of a document: what `textToDoc` reads back to the same document. */
export const docToText = (doc: RichDoc): string => blocksToText(doc.content);

// ---------------------------------------------------------------- the words alone

const inlinePlain = (nodes: readonly RichInline[] = []) =>
  nodes.map((n) => (n.type === 'text' ? n.text : '\n')).join('');

function blockPlain(block: RichBlock): string {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return inlinePlain(block.content);
    case 'image':
      return block.attrs.caption ?? '';
    case 'blockquote':
      return plainOf(block.content);
    case 'bulletList':
    case 'orderedList':
      return block.content.map((item) => item.content.map(blockPlain).join('\n')).join('\n');
  }
}
const plainOf = (blocks: readonly RichBlock[]) =>
  blocks
    .map(blockPlain)
    .filter((t) => t.trim() !== '')
    .join('\n\n');

/** The words of a document, its blocks split by blank lines: for snippets, meta descriptions and JSON-LD. */
export const docToPlain = (doc: RichDoc): string => plainOf(doc.content);

/**
 * Whether a document has words (a text or a picture's caption that is not blank): a language
 * without any is a missing translation, whatever pictures it shows. The database's gaps read
 * documents by the same rule (content_text_blank, migration 036).
 */
export const docHasWords = (doc: RichDoc): boolean =>
  Array.isArray(doc.content) && docToPlain(doc).trim() !== '';

/** Whether a document has any words or pictures: an empty one is a missing text. */
export const docIsEmpty = (doc: RichDoc): boolean =>
  docToPlain(doc).trim() === '' && !JSON.stringify(doc).includes('"image"');

/** The hrefs of a document's links, in order. */
export function docLinks(doc: RichDoc): string[] {
  const hrefs: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as { type?: string; attrs?: { href?: string } };
      if (o.type === 'link' && o.attrs?.href) hrefs.push(o.attrs.href);
      for (const value of Object.values(o)) if (typeof value === 'object') walk(value);
    }
  };
  walk(doc.content);
  return hrefs;
}

/** A translated rich text, each language a document (a stored plain text read as its document). */
export type RichTranslated = { ru: RichDoc; en?: RichDoc; zh?: RichDoc };

// ---------------------------------------------------------------- an information page's blocks

type BlockText = Partial<Record<string, string>> | null | undefined;
/**
 * An information page's body as it was stored before it was a rich text, and as the demo content
 * still holds it: blocks in order, each text translated.
 */
export type PageBlock =
  | { h: BlockText }
  | { p: BlockText }
  | { img: string; caption?: BlockText }
  | { list: BlockText[] };

/** The links of a page's paragraph as its page showed them: `[text](href)`, nothing else is markup. */
const blockLinkPattern = /\[([^\]\n]+)\]\(((?:\/|https?:\/\/|mailto:|tel:)[^)\s]*)\)/g;

/**
 * A block's text: a paragraph's or list item's with its `[text](href)` links, a heading's as it is
 * (its page showed no link in it); each line break a hard break.
 */
function blockInline(text: string, links = true): RichInline[] {
  const out: RichInline[] = [];
  text.split('\n').forEach((line, i) => {
    if (i > 0) out.push({ type: 'hardBreak' });
    let last = 0;
    const plain = (t: string) => {
      if (t) out.push({ type: 'text', text: t });
    };
    for (const match of links ? line.matchAll(blockLinkPattern) : []) {
      const [whole, label, href] = match as unknown as [string, string, string];
      // a link the document cannot hold (`//host`) stays the text it was written as
      if (!isSafeHref(href)) continue;
      plain(line.slice(last, match.index));
      out.push({ type: 'text', text: label, marks: [{ type: 'link', attrs: { href } }] });
      last = match.index + whole.length;
    }
    plain(line.slice(last));
  });
  return canonInline(out);
}

/**
 * The document of a page's blocks in one language, each block its node: a heading (`##`), a
 * paragraph with its links, a picture with its caption, a bulleted list. `pick` is a block's text
 * in the language; an empty one leaves its block (or list item, or caption) out.
 */
function blocksDoc(blocks: readonly PageBlock[], pick: (t: BlockText) => string): RichDoc {
  const content = blocks.flatMap((b): RichBlock[] => {
    if ('h' in b) {
      const t = pick(b.h);
      return t.trim() ? [{ type: 'heading', attrs: { level: 2 }, content: blockInline(t, false) }] : [];
    }
    if ('p' in b) {
      const t = pick(b.p);
      return t.trim() ? [{ type: 'paragraph', content: blockInline(t) }] : [];
    }
    if ('img' in b) {
      const caption = pick(b.caption);
      return [{ type: 'image', attrs: caption.trim() ? { src: b.img, caption } : { src: b.img } }];
    }
    const items = (b.list ?? [])
      .map(pick)
      .filter((t) => t.trim())
      .map(
        (t): RichListItem => ({
          type: 'listItem',
          content: [{ type: 'paragraph', content: blockInline(t) }],
        }),
      );
    return items.length ? [{ type: 'bulletList', content: items }] : [];
  });
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] };
}

const hasBlockText = (blocks: readonly PageBlock[], lang: string) =>
  blocks.some((b) =>
    ('h' in b ? [b.h] : 'p' in b ? [b.p] : 'img' in b ? [b.caption] : (b.list ?? [])).some((t) =>
      t?.[lang]?.trim(),
    ),
  );

/**
 * A page's blocks as the rich text they are now (decision 052), a document per language holding
 * exactly that language's texts: a language none of whose texts is there is left out, as a
 * missing translation. What the back office edits and a save stores.
 */
export function pageBlocksToRich(blocks: readonly PageBlock[]): RichTranslated | null {
  const out: Record<string, RichDoc> = {};
  for (const lang of ['ru', 'en', 'zh'])
    if (hasBlockText(blocks, lang)) out[lang] = blocksDoc(blocks, (t) => t?.[lang] ?? '');
  return out.ru || out.en || out.zh ? (out as RichTranslated) : null;
}

/** A page's blocks as its page shows them in a language: each text missing there is the Russian one. */
export const pageBlocksIn = (blocks: readonly PageBlock[], lang: string): RichDoc =>
  blocksDoc(blocks, (t) => t?.[lang] || t?.ru || '');

/** The media library ids of a document's pictures, in order. */
export function docPictures(doc: RichDoc): string[] {
  const ids: string[] = [];
  const walk = (blocks: readonly RichBlock[] | undefined) => {
    for (const b of blocks ?? []) {
      if (b.type === 'image') ids.push(b.attrs.src);
      else if (b.type === 'blockquote') walk(b.content);
      else if (b.type === 'bulletList' || b.type === 'orderedList')
        for (const item of b.content) walk(item.content);
    }
  };
  walk(doc.content);
  return ids;
}

/**
 * A stored or sent translated rich text with every language as a document; a language whose
 * document is empty is left out (a missing translation, as an empty text was). An information
 * page's blocks of before are read as their documents (pageBlocksToRich).
 */
export function richTranslatedOf(value: unknown): RichTranslated | null {
  if (!value || typeof value !== 'object') return null;
  if (Array.isArray(value)) return pageBlocksToRich(value as PageBlock[]);
  const out: Record<string, RichDoc> = {};
  for (const [lang, v] of Object.entries(value as Record<string, RichValue>)) {
    const doc = richDocOf(v);
    if (!docIsEmpty(doc)) out[lang] = doc;
  }
  return out.ru || out.en || out.zh ? (out as RichTranslated) : null;
}

/**
 * The document in a language, falling back to Russian when that language has none; an information
 * page's blocks of before as the page showed them, each missing text the Russian one.
 */
export function richIn(value: unknown, lang: string): RichDoc {
  if (Array.isArray(value)) return pageBlocksIn(value as PageBlock[], lang);
  const t = (value ?? {}) as Record<string, RichValue | undefined>;
  const own = t[lang] ? richDocOf(t[lang]) : null;
  return own && !docIsEmpty(own) ? own : richDocOf(t.ru);
}

// ---------------------------------------------------------------- the editor's JSON

type EditorNode = {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: EditorNode[];
  content?: EditorNode[];
};

function cleanInline(nodes: readonly EditorNode[] = []): RichInline[] {
  const out: RichInline[] = [];
  for (const n of nodes) {
    if (n.type === 'hardBreak') out.push({ type: 'hardBreak' });
    else if (n.type === 'text' && typeof n.text === 'string' && n.text !== '') {
      const marks: RichMark[] = [];
      for (const m of n.marks ?? []) {
        if (m.type === 'bold' || m.type === 'italic') marks.push({ type: m.type });
        const href = m.attrs?.href;
        if (m.type === 'link' && typeof href === 'string' && isSafeHref(href))
          marks.push({ type: 'link', attrs: { href } });
      }
      out.push(
        marks.length
          ? { type: 'text', text: n.text, marks: sortMarks(marks) }
          : { type: 'text', text: n.text },
      );
    } else if (n.content) out.push(...cleanInline(n.content));
  }
  return canonInline(out);
}

function cleanBlocks(nodes: readonly EditorNode[] = [], depth: number, quoted: boolean): RichBlock[] {
  const out: RichBlock[] = [];
  for (const n of nodes) {
    const inline = cleanInline(n.content);
    switch (n.type) {
      case 'paragraph':
        out.push(inline.length ? { type: 'paragraph', content: inline } : { type: 'paragraph' });
        break;
      case 'heading':
        out.push({ type: 'heading', attrs: { level: n.attrs?.level === 3 ? 3 : 2 }, content: inline });
        break;
      case 'bulletList':
      case 'orderedList': {
        const items: RichListItem[] = (n.content ?? []).map((item) => {
          // an item holds its text, then lists; a list too deep is flattened into the item's text
          const blocks = cleanBlocks(item.content, depth + 1, true).flatMap((b): RichBlock[] =>
            b.type === 'paragraph' || ((b.type === 'bulletList' || b.type === 'orderedList') && depth < 2)
              ? [b]
              : [{ type: 'paragraph', content: textOnly(b) }],
          );
          if (blocks[0]?.type !== 'paragraph') blocks.unshift({ type: 'paragraph' });
          return { type: 'listItem', content: blocks };
        });
        if (!items.length) break;
        const start = Number(n.attrs?.start ?? 1);
        if (n.type === 'bulletList') out.push({ type: 'bulletList', content: items });
        else if (Number.isInteger(start) && start !== 1 && start >= 0 && start <= 999_999)
          out.push({ type: 'orderedList', attrs: { start }, content: items });
        else out.push({ type: 'orderedList', content: items });
        break;
      }
      case 'blockquote': {
        const inner = cleanBlocks(n.content, depth, true);
        if (quoted) out.push(...inner);
        else if (inner.length) out.push({ type: 'blockquote', content: inner });
        break;
      }
      case 'image': {
        const src = n.attrs?.media ?? n.attrs?.src;
        if (typeof src !== 'string' || !richImagePattern.test(src)) break;
        const attrs: RichImage['attrs'] = { src };
        if (typeof n.attrs?.alt === 'string' && n.attrs.alt) attrs.alt = n.attrs.alt.slice(0, 500);
        if (typeof n.attrs?.caption === 'string' && n.attrs.caption)
          attrs.caption = n.attrs.caption.slice(0, 1000);
        if (quoted)
          out.push({
            type: 'paragraph',
            content: attrs.caption ? [{ type: 'text', text: attrs.caption }] : [],
          });
        else out.push({ type: 'image', attrs });
        break;
      }
      default:
        if (inline.length) out.push({ type: 'paragraph', content: inline });
    }
  }
  return out;
}

const textOnly = (b: RichBlock): RichInline[] => {
  const t = blockPlain(b).replace(/\s+/g, ' ').trim();
  return t ? [{ type: 'text', text: t }] : [];
};

/**
 * The document of an editor's JSON, by the same allow-list as the schema: the nodes and marks a
 * rich text has, each with only its own attributes (a link's `target`, `rel` and `class`, a
 * picture's size go), a picture by its media library id (`attrs.media`), a link that is not safe
 * kept as its text, a quote in a quote or a list too deep flattened. An empty result is one empty
 * paragraph.
 */
export function docFromEditor(json: unknown): RichDoc {
  const content = cleanBlocks((json as EditorNode | null)?.content ?? [], 0, false);
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] };
}
