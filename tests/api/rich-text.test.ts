import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docToText, type RichDoc, textToDoc } from '../../common/rich-text.js';
import { loadWebBuild } from '../../server/web.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// A description as a rich text (decision 052): the back office saves a document per language, which
// the schema limits to headings, lists, quotes, links, bold, italic and pictures of the media
// library; the API gives it with its readable text; the page renders it by an allow-list; the
// search, the spreadsheet and the completeness read its words. Needs the web build for the page.

const web = await loadWebBuild();

const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const link = (href: string) => [{ type: 'link', attrs: { href } }];

/** A description an editor writes: a heading, a list with a link, bold and italic, a quote. */
const written = doc(
  { type: 'heading', attrs: { level: 2 }, content: [text('Как добраться до Хрустальной')] },
  para(
    text('Электричка до станции '),
    text('Грустилово', [{ type: 'bold' }]),
    text(', затем '),
    text('пешком', [{ type: 'italic' }]),
    text('.'),
  ),
  {
    type: 'bulletList',
    content: [
      { type: 'listItem', content: [para(text('Первый пункт: '), text('карта', link('/map')))] },
      {
        type: 'listItem',
        content: [para(text('Второй пункт: '), text('сайт', link('https://example.org/a?b=1')))],
      },
    ],
  },
  { type: 'blockquote', content: [para(text('<script>alert(1)</script> <img src=x onerror=alert(2)>'))] },
) as RichDoc;

describe.skipIf(!web).each(databaseKinds)('a description as rich text on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  let id: number;
  const api = (url = '') => `/api/admin/content/attractions${url}`;
  const item = async () => (await editor.request('GET', api(`/${id}`))).body;
  const save = async (description: unknown) => {
    const current = await item();
    return editor.request('PUT', api(`/${id}`), {
      version: current.version,
      status: 'published',
      document: { ...current.document, description },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, web);
    await makeStaff(t.database.db, 'rich@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    await editor.signIn('rich@lenobl.test');
    id = (await t.app.inject({ url: '/api/attractions/?limit=1' })).json().results[0].id as number;
  }, 300_000);
  afterAll(() => t?.close());

  it('gives the plain text of before as its document, every paragraph kept', async () => {
    const detail = (await t.app.inject({ url: `/api/attractions/${id}/` })).json();
    const current = await item();
    expect(current.document.description.ru.type).toBe('doc');
    expect(current.document.description.ru).toEqual(textToDoc(detail.description));
    expect(detail.description_doc).toEqual(current.document.description.ru);
    expect(detail.description_doc.content.length).toBe(detail.description.split(/\n\n/).length);
  }, 120_000);

  it('saves a rich text and shows it: the API, the page (heading, list, working links), the search', async () => {
    const saved = await save({ ru: written, en: written });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.document.description.ru).toEqual(written);

    const detail = (await t.app.inject({ url: `/api/attractions/${id}/` })).json();
    expect(detail.description_doc).toEqual(written);
    expect(detail.description).toBe(docToText(written));
    expect(detail.description).toContain('## Как добраться до Хрустальной');
    expect(detail.description).toContain('- Первый пункт: [карта](/map)');

    const page = (await t.app.inject({ url: `/attractions/detail/${id}` })).body;
    expect(page).toMatch(/<h2><span>Как добраться до Хрустальной<\/span><\/h2>/);
    expect(page).toMatch(
      /<li><p><span>Первый пункт: <\/span><span><a href="\/map[^"]*"[^>]*>карта<\/a><\/span><\/p><\/li>/,
    );
    expect(page).toContain('href="https://example.org/a?b=1" target="_blank" rel="noopener noreferrer"');
    expect(page).toContain('<strong>Грустилово</strong>');
    expect(page).toContain('<em>пешком</em>');
    // text that looks like markup is text: escaped, never an element
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('<img src=x');
    // the meta description and JSON-LD read its words, not its structure
    expect(page).not.toMatch(/<meta name="description" content="[^"]*(\{|"type"|## )/);

    // the search finds a word of the description, and none of the document's names
    const found = (await t.app.inject({ url: `/api/search/?q=${encodeURIComponent('Грустилово')}` })).json();
    expect(JSON.stringify(found)).toContain(`"id":${id}`);
    const noise = (await t.app.inject({ url: '/api/search/?q=bulletList' })).json();
    expect(JSON.stringify(noise)).not.toContain(`"id":${id},`);
  });

  it('takes a language as readable text and stores its document', async () => {
    const saved = await save({ ru: '## Заголовок\n\n- один\n- два [карта](/map)', zh: '' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.document.description).toEqual({
      ru: textToDoc('## Заголовок\n\n- один\n- два [карта](/map)'),
    });
  });

  it('refuses an empty Russian text with a code naming the field', async () => {
    const saved = await save({ ru: doc({ type: 'paragraph' }), en: written });
    expect(saved.status).toBe(400);
    expect(saved.body).toMatchObject({ code: 'invalid_value', field: 'description' });
  });

  const payloads: [string, unknown][] = [
    ['a script node', doc({ type: 'script', content: [text('alert(1)')] })],
    ['an html node', doc({ type: 'html', html: '<img src=x onerror=alert(1)>' })],
    ['an onerror attribute', doc({ type: 'image', attrs: { src: 'photo.a', onerror: 'alert(1)' } })],
    ['a picture from another site', doc({ type: 'image', attrs: { src: 'https://evil.example/x.png' } })],
    [
      'an SVG picture as a data: URL',
      doc({ type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>' } }),
    ],
    ['an SVG node', doc({ type: 'svg', attrs: { onload: 'alert(1)' } })],
    ['a javascript: link', doc(para(text('x', link('javascript:alert(1)'))))],
    ['a JavaScript: link in capitals', doc(para(text('x', link('JavaScript:alert(1)'))))],
    [
      'a data: link',
      doc(para(text('x', link('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==')))),
    ],
    ['a link to another site without its scheme', doc(para(text('x', link('//evil.example'))))],
    [
      'a link with a target',
      doc(para(text('x', [{ type: 'link', attrs: { href: '/map', target: '_top' } }]))),
    ],
    [
      'a style attribute',
      doc({
        type: 'paragraph',
        attrs: { style: 'background:url(javascript:alert(1))' },
        content: [text('x')],
      }),
    ],
    ['an unknown mark', doc(para(text('x', [{ type: 'textStyle', attrs: { color: 'red' } }])))],
    [
      'marks nested in a mark',
      doc(para(text('x', [{ type: 'bold', marks: [{ type: 'link', attrs: { href: 'javascript:x' } }] }]))),
    ],
    ['a heading of level 1', doc({ type: 'heading', attrs: { level: 1 }, content: [text('x')] })],
    ['a document of another type', { type: 'html', content: '<script>alert(1)</script>' }],
  ];
  for (const [name, payload] of payloads)
    it(`refuses ${name} with a 400 and a code`, async () => {
      const saved = await save({ ru: payload });
      expect(saved.status, JSON.stringify(saved.body)).toBe(400);
      expect(typeof saved.body.code).toBe('string');
    });

  it('exports the description as readable text that the import reads back unchanged', async () => {
    await save({ ru: written });
    const csv = await t.app.inject({
      url: '/api/admin/export/attractions.csv',
      headers: { cookie: editor.cookie },
      remoteAddress: editor.address,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('## Как добраться до Хрустальной');
    expect(csv.body).toContain('- Первый пункт: [карта](/map)');
    expect(textToDoc(docToText(written))).toEqual(written);
  });
});
