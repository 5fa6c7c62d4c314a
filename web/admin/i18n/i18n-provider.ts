import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';
import { mergeTranslations } from 'react-admin';
import { en } from './en';
import { ru } from './ru';

export type AdminLocale = 'ru' | 'en';

/**
 * The back office speaks Russian by default and English on request (the language menu of the top
 * bar; react-admin keeps the choice in the browser's storage). ra-language-russian is a community
 * package a few releases behind react-admin: the English text fills the keys it lacks.
 */
const messages: Record<AdminLocale, ReturnType<typeof mergeTranslations>> = {
  ru: mergeTranslations(englishMessages, russianMessages, ru),
  en: mergeTranslations(englishMessages, en),
};

export const i18nProvider = polyglotI18nProvider(
  (locale) => messages[locale === 'en' ? 'en' : 'ru'],
  'ru',
  [
    { locale: 'ru', name: 'Русский' },
    { locale: 'en', name: 'English' },
  ],
  { allowMissing: true },
);
