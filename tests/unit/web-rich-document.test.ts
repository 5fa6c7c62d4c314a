import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type RichDoc, textToDoc } from '../../common/rich-text';
import { RichDocument } from '../../web/components/rich-text/rich-document';
import { createI18n, type Translations } from '../../web/i18n';
import { I18nContext } from '../../web/lib/translation';

// The allow-list renderer of a rich text (decision 052): the elements of the allowed nodes and
// marks with their own attributes only, whatever a document holds; the API's schema refuses the
// payloads below already, the renderer must not rely on it.

function render(doc: unknown): string {
  const i18n = createI18n('ru', {} as Translations);
  return renderToString(
    createElement(
      I18nContext.Provider,
      { value: i18n },
      createElement(
        MemoryRouter,
        null,
        createElement(RichDocument, { doc: doc as RichDoc, externalLabel: 'new tab' }),
      ),
    ),
  );
}
const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', content });

describe('RichDocument', () => {
  it('renders headings, lists, quotes, marks, links and pictures', () => {
    const html = render(
      textToDoc(
        '## Заголовок\n\n### Подзаголовок\n\nТекст **жирный** и _курсив_, [карта](/map), [сайт](https://example.org), [почта](mailto:a@b.c).\n\n- один\n- два\n\n3. три\n\n> цитата\n\n![Замок](photo.castle "Подпись")',
      ),
    );
    expect(html).toContain('<h2><span>Заголовок</span></h2>');
    expect(html).toContain('<h3><span>Подзаголовок</span></h3>');
    expect(html).toContain('<strong>жирный</strong>');
    expect(html).toContain('<em>курсив</em>');
    expect(html).toMatch(/<a href="\/map[^"]*"[^>]*>карта<\/a>/);
    expect(html).toContain(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">сайт<span class="visually-hidden"> (<!-- -->new tab<!-- -->)</span></a>',
    );
    expect(html).toContain('<a href="mailto:a@b.c">почта</a>');
    expect(html).toContain('<ul><li><p><span>один</span></p></li><li><p><span>два</span></p></li></ul>');
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<blockquote><p><span>цитата</span></p></blockquote>');
    expect(html).toContain('/media/photo.castle/');
    expect(html).toContain('<figcaption>Подпись</figcaption>');
  });

  it('keeps a document outside the schema inert', () => {
    const payloads = [
      doc({ type: 'script', content: [text('alert(1)')] }),
      doc({ type: 'html', html: '<img src=x onerror=alert(1)>' }),
      doc({ type: 'image', attrs: { src: 'javascript:alert(1)' } }),
      doc({ type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>' } }),
      doc({
        type: 'image',
        attrs: { src: 'photo.a', onerror: 'alert(1)', alt: '"><script>alert(1)</script>' },
      }),
      doc({ type: 'svg', attrs: { onload: 'alert(1)' } }),
      doc(para(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))),
      doc(para(text('x', [{ type: 'link', attrs: { href: 'data:text/html,<script>alert(1)</script>' } }]))),
      doc(para(text('x', [{ type: 'link', attrs: { href: '//evil.example' } }]))),
      doc(para(text('x', [{ type: 'link', attrs: { href: '/map', onclick: 'alert(1)', target: '_top' } }]))),
      doc({
        type: 'paragraph',
        attrs: { style: 'color:red', onmouseover: 'alert(1)' },
        content: [text('<script>alert(1)</script>')],
      }),
      doc(para(text('x', [{ type: 'bold', marks: [{ type: 'link', attrs: { href: 'javascript:x' } }] }]))),
      doc({ type: 'heading', attrs: { level: '1 onclick=alert(1)' }, content: [text('h')] }),
    ];
    for (const payload of payloads) {
      const html = render(payload);
      expect(html).not.toMatch(
        /<script|<svg|<iframe|<img src=x|javascript:|data:|onerror|onload|onclick|onmouseover|style=|target="_top"|href="\/\//i,
      );
    }
    expect(render(payloads[10])).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
