import { LRUCache } from 'lru-cache';
import { defaultLang, type Lang, langFromAcceptLanguage } from '../../common/languages.js';

/** The languages picked for the Accept-Language values seen (browsers send a few hundred at most). */
const langOf = new LRUCache<string, Lang>({ max: 256 });

/** The language of an API answer: the best match of Accept-Language, else ru. */
export function langOfAcceptLanguage(header: string | undefined): Lang {
  if (!header) return defaultLang;
  let lang = langOf.get(header);
  if (lang === undefined) {
    lang = langFromAcceptLanguage(header);
    langOf.set(header, lang);
  }
  return lang;
}
