import type { Lang } from '../../common/languages.js';
import { docToPlain, docToText, type RichDoc, richIn } from '../../common/rich-text.js';
import type { Translated } from '../db/schema.js';

/** The text in the requested language, falling back to Russian field by field. */
export function tr(value: Translated | null | undefined, lang: Lang): string {
  if (!value) return '';
  return value[lang] || value.ru || '';
}

export function trOrNull(value: Translated | null | undefined, lang: Lang): string | null {
  return value ? tr(value, lang) || null : null;
}

/**
 * A rich text in the requested language (Russian when it has none, decision 052): its document, and
 * its readable text form, which the API's `description` has always been (paragraphs split by blank
 * lines, `[text](href)` links).
 */
export function trRich(value: unknown, lang: Lang): { text: string; doc: RichDoc } {
  const doc = richIn(value, lang);
  return { text: docToText(doc), doc };
}

/** A rich text's words alone in the requested language (Russian when it has none): snippets, a hero's line. */
export const trPlain = (value: unknown, lang: Lang): string => docToPlain(richIn(value, lang));
