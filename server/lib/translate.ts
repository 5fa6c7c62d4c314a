import type { Lang } from '../../common/languages.js';
import type { Translated } from '../db/schema.js';

/** The text in the requested language, falling back to Russian field by field. */
export function tr(value: Translated | null | undefined, lang: Lang): string {
  if (!value) return '';
  return value[lang] || value.ru || '';
}

export function trOrNull(value: Translated | null | undefined, lang: Lang): string | null {
  return value ? tr(value, lang) || null : null;
}
