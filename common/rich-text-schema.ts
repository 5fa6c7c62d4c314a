import Type, { type TSchema } from 'typebox';
import { type RichDoc, richImagePattern, safeHrefPattern } from './rich-text.js';

// The one schema of a rich text (decision 052): only the nodes, marks and attributes below, each
// object closed (`additionalProperties: false`), so a document with a `style`, an `onerror`, an
// `html` node or a `javascript:` link is refused with a 400 before it is stored. Not recursive:
// lists nest three deep and a quote holds no quote, which keeps the schema plain JSON Schema for
// the API's validator and its OpenAPI description.

/**
 * An object of exactly these properties. `propertyNames` refuses any other before Ajv's
 * `removeAdditional` (server/lib/validation.ts) would drop it: a document with an attribute the
 * schema does not name is a 400, never stored without it, and a node tried against another node's
 * schema in a union is not stripped of its own attributes on the way.
 */
function closedObject<P extends Record<string, TSchema>>(properties: P, options: object = {}) {
  return Type.Object(properties, {
    additionalProperties: false,
    propertyNames: { enum: Object.keys(properties) },
    ...options,
  });
}
const Href = Type.String({ pattern: safeHrefPattern.source, maxLength: 2000 });
const Mark = Type.Union([
  closedObject({ type: Type.Literal('bold') }),
  closedObject({ type: Type.Literal('italic') }),
  closedObject({ type: Type.Literal('link'), attrs: closedObject({ href: Href }) }),
]);
const Inline = Type.Union([
  closedObject({
    type: Type.Literal('text'),
    text: Type.String({ minLength: 1, maxLength: 20_000 }),
    marks: Type.Optional(Type.Array(Mark, { maxItems: 3 })),
  }),
  closedObject({ type: Type.Literal('hardBreak') }),
]);
const Inlines = Type.Optional(Type.Array(Inline, { maxItems: 1000 }));
const Paragraph = closedObject({ type: Type.Literal('paragraph'), content: Inlines });
const Heading = closedObject({
  type: Type.Literal('heading'),
  attrs: closedObject({ level: Type.Union([Type.Literal(2), Type.Literal(3)]) }),
  content: Inlines,
});
const Image = closedObject({
  type: Type.Literal('image'),
  attrs: closedObject({
    src: Type.String({ pattern: richImagePattern.source, maxLength: 200 }),
    alt: Type.Optional(Type.String({ maxLength: 500 })),
    caption: Type.Optional(Type.String({ maxLength: 1000 })),
  }),
});

/** A list whose items hold paragraphs and lists `depth` levels further down. */
function lists(depth: number): TSchema[] {
  const inner: TSchema[] = depth > 1 ? [Paragraph, ...lists(depth - 1)] : [Paragraph];
  const Item = closedObject({
    type: Type.Literal('listItem'),
    content: Type.Array(Type.Union(inner), { minItems: 1, maxItems: 50 }),
  });
  const items = Type.Array(Item, { minItems: 1, maxItems: 500 });
  return [
    closedObject({ type: Type.Literal('bulletList'), content: items }),
    closedObject({
      type: Type.Literal('orderedList'),
      attrs: Type.Optional(closedObject({ start: Type.Integer({ minimum: 0, maximum: 999_999 }) })),
      content: items,
    }),
  ];
}
const Lists = lists(3);
const Quote = closedObject({
  type: Type.Literal('blockquote'),
  content: Type.Array(Type.Union([Paragraph, Heading, ...Lists]), { minItems: 1, maxItems: 100 }),
});

/**
 * A rich text in one language, as one shared schema of the API (`$id` RichDoc, registered once by
 * the server: server/app.ts). Every other schema names it by `$ref` (RichDocSchema), so that the
 * validator compiles it once per process rather than once for each of its ~60 uses (three
 * languages in each section's document, body and answers): inlined, its 65 KB made every app
 * start compile for a minute and a half and the first save of each section wait as long.
 */
export const RichDocDefinition = closedObject(
  {
    type: Type.Literal('doc'),
    content: Type.Array(Type.Union([Paragraph, Heading, ...Lists, Image, Quote]), {
      minItems: 1,
      maxItems: 500,
    }),
  },
  {
    $id: 'RichDoc',
    description: 'a rich text: the editor’s document, only these nodes and marks (decision 052)',
  },
);

/** A rich text in one language, by reference to RichDocDefinition (its static type the document's). */
export const RichDocSchema = Type.Unsafe<RichDoc>({ $ref: 'RichDoc' });

/** The shared schemas the rich text's references need, by their `$id` (for Ajv and TypeBox). */
export const richSchemas = { RichDoc: RichDocDefinition } as const;

/**
 * A rich text as the back office saves it: a document per language, Russian required (as
 * Translatable). A language may also be sent as the readable text form (common/rich-text.ts), which
 * the save stores as its document.
 */
export const RichTranslatable = closedObject({
  ru: Type.Union([Type.String({ minLength: 1, maxLength: 20_000 }), RichDocSchema]),
  en: Type.Optional(Type.Union([Type.String({ maxLength: 20_000 }), RichDocSchema])),
  zh: Type.Optional(Type.Union([Type.String({ maxLength: 20_000 }), RichDocSchema])),
});
