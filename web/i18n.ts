import i18next, { type i18n } from 'i18next';
import { defaultLang, type Lang, langCookie, languages } from '../common/languages';

/** All namespaces of one language: { translation: {...}, layout: {...}, ... }. */
export type Translations = Record<string, Record<string, unknown>>;

/** Where the chosen language is kept: the same names on the server (cookie) and in the browser. */
export { langCookie, langOfRequest } from '../common/languages';
export const langStorageKey = 'i18nextLng';

/**
 * One i18next instance per render tree, started in the language the server rendered with and with
 * all that language's strings carried in the page, so nothing is fetched to render or to hydrate.
 * No language detector: the server picks the page's language (`?lng=`, then the cookie, ...) and
 * the page says which. Another language's strings are added when the visitor switches to it
 * (web/shell/use-language-switch.ts).
 */
export function createI18n(lang: Lang, bundles: Translations): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: defaultLang,
    supportedLngs: [...languages],
    resources: { [lang]: bundles },
    ns: Object.keys(bundles),
    defaultNS: 'translation',
    initAsync: false,
    interpolation: { escapeValue: false },
    // Said outright, i18next takes every key as a path (`group.key`, `ns:key`) instead of guessing
    // at each call whether it is an object path or a sentence used as its own key.
    keySeparator: '.',
    nsSeparator: ':',
    // In the browser a missing string is most likely a page that does not name the namespace it
    // renders (web/lib/page-strings.ts: its route's `strings`): said once per key on the console,
    // where tests see it.
    ...(typeof window === 'undefined' ? {} : { saveMissing: true, missingKeyHandler: reportMissing }),
  });
  return instance;
}

const reported = new Set<string>();
function reportMissing(lngs: readonly string[], ns: string, key: string): void {
  const id = `${lngs.join(',')}|${ns}:${key}`;
  if (reported.has(id)) return;
  reported.add(id);
  console.error(`missing UI string ${ns}:${key} (${lngs.join(', ')})`);
}

const serverInstances = new WeakMap<Translations, i18n>();
/**
 * The server's i18next instance of a language, made once and shared by every page it renders: the
 * strings are only read, and making an instance took longer than rendering part of a page. It has
 * every namespace; what a page carries to the browser is chosen by its loaders.
 */
export function serverI18n(lang: Lang, all: Translations): i18n {
  let instance = serverInstances.get(all);
  if (!instance) {
    instance = createI18n(lang, all);
    serverInstances.set(all, instance);
  }
  return instance;
}

/**
 * Remembers the page's language for the next visit: the cookie the server reads (a year, the whole
 * site) and the localStorage key i18next's browser detector used, so earlier choices still hold.
 */
export function rememberLang(lng: Lang): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers the site supports
  document.cookie = `${langCookie}=${lng}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax`;
  try {
    localStorage.setItem(langStorageKey, lng);
  } catch {
    // Storage may be off (private mode, blocked): the cookie is what the server reads anyway.
  }
}
