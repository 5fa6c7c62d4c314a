import type { Lang } from './languages.js';

/** The URL of a page in a language: ru (the default) has no `lng` parameter. */
export function localizedUrl(publicUrl: string, pathname: string, lang: Lang): string {
  return `${publicUrl}${pathname}${lang === 'ru' ? '' : `?lng=${lang}`}`;
}

/** The hreflang code of a language (Chinese content is written in simplified characters). */
export const hrefLang = (lang: Lang) => (lang === 'zh' ? 'zh-Hans' : lang);
