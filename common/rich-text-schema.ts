import Type, { type TSchema } from 'typebox';
import { type RichDoc, richImagePattern, safeHrefPattern } from './rich-text.js';

// The one schema of a rich text (decision 052): only the nodes, marks and attributes below, each
// object closed (`additionalProperties: false`), so a document with a `style`, an `onerror`, an
// `html` node or a `javascript:` link is refused with a 400 before it is stored. Not recursive:
// lists nest three deep and a quote holds no quote. One schema with an `$id`, each part once under
// its `$defs`: what the API's validator compiles once and its OpenAPI description shows once.

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

/** A part defined once under the document's `$defs` and referred to wherever it is allowed. */
type PartName = 'mark' | 'inline' | 'paragraph' | 'heading' | 'image' | 'list1' | 'list2' | 'list3' | 'quote';
const part = (name: PartName): TSchema => Type.Unsafe({ $ref: `#/$defs/${name}` });
const Inlines = (): TSchema => Type.Optional(Type.Array(part('inline'), { maxItems: 1000 }));

/** A list whose items hold paragraphs and lists one level further down (none below the third). */
function list(depth: 1 | 2 | 3) {
  const inner = depth > 1 ? [part('paragraph'), part(depth === 3 ? 'list2' : 'list1')] : [part('paragraph')];
  const items = Type.Array(
    closedObject({
      type: Type.Literal('listItem'),
      content: Type.Array(Type.Union(inner), { minItems: 1, maxItems: 50 }),
    }),
    { minItems: 1, maxItems: 500 },
  );
  return Type.Union([
    closedObject({ type: Type.Literal('bulletList'), content: items }),
    closedObject({
      type: Type.Literal('orderedList'),
      attrs: Type.Optional(closedObject({ start: Type.Integer({ minimum: 0, maximum: 999_999 }) })),
      content: items,
    }),
  ]);
}

/**
 * Each part once: a validator compiles each into one function however many places allow it
 * (written out at every place, the document was 65,000 characters of schema and took Ajv seconds
 * of CPU to compile for each route that takes a description).
 */
const parts: Record<PartName, TSchema> = {
  mark: Type.Union([
    closedObject({ type: Type.Literal('bold') }),
    closedObject({ type: Type.Literal('italic') }),
    closedObject({ type: Type.Literal('link'), attrs: closedObject({ href: Href }) }),
  ]),
  inline: Type.Union([
    closedObject({
      type: Type.Literal('text'),
      text: Type.String({ minLength: 1, maxLength: 20_000 }),
      marks: Type.Optional(Type.Array(Type.Unsafe({ $ref: '#/$defs/mark' }), { maxItems: 3 })),
    }),
    closedObject({ type: Type.Literal('hardBreak') }),
  ]),
  paragraph: closedObject({ type: Type.Literal('paragraph'), content: Inlines() }),
  heading: closedObject({
    type: Type.Literal('heading'),
    attrs: closedObject({ level: Type.Union([Type.Literal(2), Type.Literal(3)]) }),
    content: Inlines(),
  }),
  image: closedObject({
    type: Type.Literal('image'),
    attrs: closedObject({
      src: Type.String({ pattern: richImagePattern.source, maxLength: 200 }),
      alt: Type.Optional(Type.String({ maxLength: 500 })),
      caption: Type.Optional(Type.String({ maxLength: 1000 })),
    }),
  }),
  list1: list(1),
  list2: list(2),
  list3: list(3),
  // a quote holds no quote or picture
  quote: closedObject({
    type: Type.Literal('blockquote'),
    content: Type.Array(Type.Union([part('paragraph'), part('heading'), part('list3')]), {
      minItems: 1,
      maxItems: 100,
    }),
  }),
};

/** The name other schemas refer to the document by (`{ $ref: 'RichDoc' }`). */
export const richDocId = 'RichDoc';

/**
 * The document's whole schema, with its `$id`: registered once with the API's validator and
 * serializer (server/app.ts) and given to any other validator of a document.
 */
export const RichDocDefinition = closedObject(
  {
    type: Type.Literal('doc'),
    content: Type.Array(
      Type.Union([part('paragraph'), part('heading'), part('list3'), part('image'), part('quote')]),
      { minItems: 1, maxItems: 500 },
    ),
  },
  {
    $id: richDocId,
    $defs: parts,
    description: 'a rich text: the editor’s document, only these nodes and marks (decision 052)',
  },
);

/** What TypeBox's `Value` functions need to resolve a schema that refers to a document. */
export const richDocContext = { [richDocId]: RichDocDefinition };

/** A rich text in one language, in another schema: a reference to the definition above. */
export const RichDocSchema = Type.Unsafe<RichDoc>({ $ref: richDocId });

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
