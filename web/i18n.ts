import i18next, { type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { defaultLang, type Lang, langCookie, languages, normalizeLang } from '../common/languages';

/** All namespaces of one language: { translation: {...}, layout: {...}, ... }. */
export type Translations = Record<string, Record<string, unknown>>;

/** Where the chosen language is kept: the same names on the server (cookie) and in the browser. */
export { langCookie, langOfRequest } from '../common/languages';
export const langStorageKey = 'i18nextLng';

/**
 * One i18next instance per render tree, started in the language the server rendered with and with
 * its strings inlined, so nothing is fetched before the first paint. In the browser, other languages
 * load from /locales/<lng>/<ns>.json (retried 5 times from 350 ms doubling on 5xx and network
 * errors, not on 4xx: i18next's own maxRetries/retryTimeout with the http backend's retry flag).
 */
export function createI18n(lang: Lang, bundles: Translations): i18n {
  const instance = i18next.createInstance();
  if (typeof window !== 'undefined') instance.use(HttpBackend).use(LanguageDetector);
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: defaultLang,
    supportedLngs: [...languages],
    resources: { [lang]: bundles },
    ns: Object.keys(bundles),
    defaultNS: 'translation',
    partialBundledLanguages: true,
    initAsync: false,
    maxRetries: 5,
    retryTimeout: 350,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    detection: {
      order: ['querystring', 'cookie', 'localStorage'],
      lookupQuerystring: 'lng',
      lookupCookie: langCookie,
      lookupLocalStorage: langStorageKey,
      caches: ['localStorage', 'cookie'],
      cookieOptions: { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600 },
      convertDetectedLanguage: (lng: string) => normalizeLang(lng) ?? defaultLang,
    },
  });
  return instance;
}
