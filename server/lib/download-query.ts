import Type from 'typebox';
import { type Lang, normalizeLang } from '../../common/languages.js';

/** `?lng=` of a download (ru, en, zh; ch means zh); without it the Accept-Language header decides. */
export const DownloadQuery = Type.Object({
  lng: Type.Optional(
    Type.String({ pattern: '^[A-Za-z]{2}([-_][A-Za-z0-9]{1,8})?$', description: 'ru, en or zh' }),
  ),
});

export const downloadLang = (query: { lng?: string }, fallback: Lang): Lang =>
  normalizeLang(query.lng) ?? fallback;

export const productName = 'Leningrad Region tourism portal';
