export const languages = ['ru', 'en', 'zh'] as const;
export type Lang = (typeof languages)[number];
export const defaultLang: Lang = 'ru';

/**
 * The language tag (BCP 47) that names a language to browsers and search engines: `<html lang>`,
 * hreflang in pages and sitemaps, the manifest's `lang`. One form for all of them, so a page's
 * language is its own hreflang: Chinese is `zh-Hans` (the content is written in simplified
 * characters). The addresses keep the short code (`?lng=zh`).
 */
export const langTag = (lang: Lang): string => (lang === 'zh' ? 'zh-Hans' : lang);

/** Maps a language tag to a supported language: `ch` (the original portal's code) means zh. */
export function normalizeLang(tag: string | null | undefined): Lang | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (base === 'ch') return 'zh';
  return (languages as readonly string[]).includes(base ?? '') ? (base as Lang) : null;
}

/** Picks the best supported language of an Accept-Language header, by quality; ru if none. */
export function langFromAcceptLanguage(header: string | undefined): Lang {
  if (!header) return defaultLang;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: normalizeLang(tag), quality: Number.isFinite(quality) ? quality : 0, i };
    })
    .filter((x) => x.lang !== null && x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.i - b.i);
  return ranked[0]?.lang ?? defaultLang;
}

/** The cookie that keeps the chosen language: the same name on the server and in the browser (i18next's). */
export const langCookie = 'i18next';

/** The language the visitor chose: `lng` in the query, then the cookie; null when neither says one. */
export function chosenLang(url: URL, cookieHeader: string | null): Lang | null {
  const fromQuery = normalizeLang(url.searchParams.get('lng'));
  if (fromQuery) return fromQuery;
  const cookie = (cookieHeader ?? '')
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([name]) => name === langCookie)?.[1];
  let value: string | null = null;
  try {
    value = cookie ? decodeURIComponent(cookie) : null;
  } catch {
    // a malformed cookie is no language
  }
  return normalizeLang(value);
}

/**
 * The language of a page request: the visitor's choice (`lng`, then the cookie), else the best
 * match of the browser's Accept-Language (a first-time visitor from abroad reads their language),
 * else ru.
 */
export function langOfRequest(url: URL, cookieHeader: string | null, acceptLanguage?: string | null): Lang {
  return chosenLang(url, cookieHeader) ?? langFromAcceptLanguage(acceptLanguage ?? undefined);
}
