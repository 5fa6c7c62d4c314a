import { Fragment } from 'react';
import { Link } from '../../lib/links';

// Paragraphs of the information pages carry links as [text](/path) or [text](https://...).
const linkPattern = /\[([^\]\n]+)\]\(((?:\/|https?:\/\/|mailto:|tel:)[^)\s]*)\)/g;

export type RichPart = { text: string; href?: undefined } | { text: string; href: string };

/** Splits a paragraph into plain text and links; anything that is not a well-formed link stays text. */
export function richParts(source: string): RichPart[] {
  const parts: RichPart[] = [];
  let last = 0;
  for (const match of source.matchAll(linkPattern)) {
    const [whole, text, href] = match as unknown as [string, string, string];
    if (match.index > last) parts.push({ text: source.slice(last, match.index) });
    parts.push({ text, href });
    last = match.index + whole.length;
  }
  if (last < source.length) parts.push({ text: source.slice(last) });
  return parts;
}

/** A paragraph's text with its links: internal ones navigate in the app, external ones open a new tab. */
export function RichText({ text, externalLabel }: { text: string; externalLabel: string }) {
  return (
    <>
      {richParts(text).map((part, i) => {
        const key = `${i}-${part.text}`;
        if (part.href === undefined) return <Fragment key={key}>{part.text}</Fragment>;
        if (part.href.startsWith('/') && !part.href.startsWith('//')) {
          return (
            <Link key={key} to={part.href}>
              {part.text}
            </Link>
          );
        }
        const external = /^https?:/.test(part.href);
        return (
          <a
            key={key}
            href={part.href}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {part.text}
            {external && <span className="visually-hidden"> ({externalLabel})</span>}
          </a>
        );
      })}
    </>
  );
}
