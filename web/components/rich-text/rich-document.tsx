import type { ReactNode } from 'react';
import { mediaUrl } from '../../../common/media';
import {
  isSafeHref,
  type RichBlock,
  type RichDoc,
  type RichInline,
  richImagePattern,
} from '../../../common/rich-text';
import { Link } from '../../lib/links';
import { Picture } from '../picture/picture';

// A rich text as elements, by an allow-list (decision 052): each node and mark the schema allows
// becomes its element with only the attributes named here, text is React's escaped text, and
// anything else (an unknown node or mark, a link that is not safe, a picture not of the media
// library) is dropped or shown as its text. The API refuses such documents already; the renderer
// does not rely on it, so a stored document can never put markup or a script on a page.

interface Options {
  /** Read after an external link's text by screen readers: it opens in a new tab. */
  externalLabel: string;
  /** The level of the document's `## ` headings on this page (`### ` one below). */
  headingLevel?: 2 | 3;
}

function LinkTo({
  href,
  children,
  externalLabel,
}: {
  href: string;
  children: ReactNode;
  externalLabel: string;
}) {
  if (!isSafeHref(href)) return <>{children}</>;
  if (href.startsWith('/')) return <Link to={href}>{children}</Link>;
  const external = /^https?:/.test(href);
  return (
    <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
      {external && <span className="visually-hidden"> ({externalLabel})</span>}
    </a>
  );
}

function inline(nodes: readonly RichInline[] | undefined, o: Options): ReactNode[] {
  return (nodes ?? []).map((node, i) => {
    const key = i;
    if (node.type === 'hardBreak') return <br key={key} />;
    if (node.type !== 'text' || typeof node.text !== 'string') return null;
    let out: ReactNode = node.text;
    const marks = node.marks ?? [];
    if (marks.some((m) => m.type === 'italic')) out = <em>{out}</em>;
    if (marks.some((m) => m.type === 'bold')) out = <strong>{out}</strong>;
    const link = marks.find((m) => m.type === 'link');
    if (link && typeof link.attrs?.href === 'string')
      out = (
        <LinkTo href={link.attrs.href} externalLabel={o.externalLabel}>
          {out}
        </LinkTo>
      );
    return <span key={key}>{out}</span>;
  });
}

function block(node: RichBlock, key: number, o: Options): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return <p key={key}>{inline(node.content, o)}</p>;
    case 'heading': {
      const level = (o.headingLevel ?? 2) + (node.attrs?.level === 3 ? 1 : 0);
      const H = level === 2 ? 'h2' : level === 3 ? 'h3' : 'h4';
      return <H key={key}>{inline(node.content, o)}</H>;
    }
    case 'bulletList':
    case 'orderedList': {
      const items = (node.content ?? []).map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a document's items have no ids; their order is their identity
        <li key={i}>{(item.content ?? []).map((b, j) => block(b, j, o))}</li>
      ));
      if (node.type === 'bulletList') return <ul key={key}>{items}</ul>;
      const start = node.attrs?.start;
      return (
        <ol key={key} {...(Number.isInteger(start) && start !== 1 ? { start } : {})}>
          {items}
        </ol>
      );
    }
    case 'blockquote':
      return <blockquote key={key}>{(node.content ?? []).map((b, j) => block(b, j, o))}</blockquote>;
    case 'image': {
      const { src, alt, caption } = node.attrs ?? {};
      if (typeof src !== 'string' || !richImagePattern.test(src)) return null;
      return (
        <figure key={key} className="picture-fallback">
          <Picture src={mediaUrl(src)} alt={alt ?? ''} sizes="(min-width: 1100px) 760px, 100vw" />
          {caption && <figcaption>{caption}</figcaption>}
        </figure>
      );
    }
    default:
      return null;
  }
}

/** A rich text's blocks as elements; put them in an element of the page's own styles. */
export function RichDocument({ doc, ...o }: { doc: RichDoc } & Options) {
  return <>{(doc?.content ?? []).map((b, i) => block(b, i, o))}</>;
}
