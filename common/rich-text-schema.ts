import Type, { type TSchema } from 'typebox';
import { type RichDoc, richImagePattern, safeHrefPattern } from './rich-text.js';

// The one schema of a rich text (decision 052): only the nodes, marks and attributes below, each
// object closed (`additionalProperties: false`), so a document with a `style`, an `onerror`, an
// `html` node or a `javascript:` link is refused with a 400 before it is stored. Not recursive:
// lists nest three deep and a quote holds no quote, which keeps the schema plain JSON Schema for
// the API's validator and its OpenAPI description.

const closed = { additionalProperties: false } as const;
const Href = Type.String({ pattern: safeHrefPattern.source, maxLength: 2000 });
const Mark = Type.Union([
  Type.Object({ type: Type.Literal('bold') }, closed),
  Type.Object({ type: Type.Literal('italic') }, closed),
  Type.Object({ type: Type.Literal('link'), attrs: Type.Object({ href: Href }, closed) }, closed),
]);
const Inline = Type.Union([
  Type.Object(
    {
      type: Type.Literal('text'),
      text: Type.String({ minLength: 1, maxLength: 20_000 }),
      marks: Type.Optional(Type.Array(Mark, { maxItems: 3 })),
    },
    closed,
  ),
  Type.Object({ type: Type.Literal('hardBreak') }, closed),
]);
const Inlines = Type.Optional(Type.Array(Inline, { maxItems: 1000 }));
const Paragraph = Type.Object({ type: Type.Literal('paragraph'), content: Inlines }, closed);
const Heading = Type.Object(
  {
    type: Type.Literal('heading'),
    attrs: Type.Object({ level: Type.Union([Type.Literal(2), Type.Literal(3)]) }, closed),
    content: Inlines,
  },
  closed,
);
const Image = Type.Object(
  {
    type: Type.Literal('image'),
    attrs: Type.Object(
      {
        src: Type.String({ pattern: richImagePattern.source, maxLength: 200 }),
        alt: Type.Optional(Type.String({ maxLength: 500 })),
        caption: Type.Optional(Type.String({ maxLength: 1000 })),
      },
      closed,
    ),
  },
  closed,
);

/** A list whose items hold paragraphs and lists `depth` levels further down. */
function lists(depth: number): TSchema[] {
  const inner: TSchema[] = depth > 1 ? [Paragraph, ...lists(depth - 1)] : [Paragraph];
  const Item = Type.Object(
    {
      type: Type.Literal('listItem'),
      content: Type.Array(Type.Union(inner), { minItems: 1, maxItems: 50 }),
    },
    closed,
  );
  const items = Type.Array(Item, { minItems: 1, maxItems: 500 });
  return [
    Type.Object({ type: Type.Literal('bulletList'), content: items }, closed),
    Type.Object(
      {
        type: Type.Literal('orderedList'),
        attrs: Type.Optional(Type.Object({ start: Type.Integer({ minimum: 0, maximum: 999_999 }) }, closed)),
        content: items,
      },
      closed,
    ),
  ];
}
const Lists = lists(3);
const Quote = Type.Object(
  {
    type: Type.Literal('blockquote'),
    content: Type.Array(Type.Union([Paragraph, Heading, ...Lists]), { minItems: 1, maxItems: 100 }),
  },
  closed,
);

/** A rich text in one language (its static type the document's, which the lists' depth cannot name). */
export const RichDocSchema = Type.Unsafe<RichDoc>(
  Type.Object(
    {
      type: Type.Literal('doc'),
      content: Type.Array(Type.Union([Paragraph, Heading, ...Lists, Image, Quote]), {
        minItems: 1,
        maxItems: 500,
      }),
    },
    {
      ...closed,
      description: 'a rich text: the editor’s document, only these nodes and marks (decision 052)',
    },
  ),
);

/**
 * A rich text as the back office saves it: a document per language, Russian required (as
 * Translatable). A language may also be sent as the readable text form (common/rich-text.ts), which
 * the save stores as its document.
 */
export const RichTranslatable = Type.Object(
  {
    ru: Type.Union([Type.String({ minLength: 1, maxLength: 20_000 }), RichDocSchema]),
    en: Type.Optional(Type.Union([Type.String({ maxLength: 20_000 }), RichDocSchema])),
    zh: Type.Optional(Type.Union([Type.String({ maxLength: 20_000 }), RichDocSchema])),
  },
  closed,
);
