import { type ComponentProps, useCallback } from 'react';
import {
  type NavigateOptions,
  Link as RouterLink,
  NavLink as RouterNavLink,
  type To,
  useNavigate as useRouterNavigate,
} from 'react-router';
import { defaultLang, type Lang, normalizeLang } from '../../common/languages';
import { useTranslation } from './translation';

// Every internal link of a page names the page's language (`?lng=`, the address that canonical,
// hreflang and the sitemap give each language): a crawler keeps no cookie, and a visitor whose
// browser prefers another language would otherwise leave the page's language at the first click.
// The screens take Link, NavLink and useNavigate from here, never from react-router (biome.json
// refuses it), `langHref` for a plain <a> (an SVG link), and <LangField /> in a form sent with GET
// (its fields replace the query of its action). The language switch is the one link to another
// language.

/** The language of the page being rendered (it changes in place when the visitor switches). */
export function usePageLang(): Lang {
  const { i18n } = useTranslation();
  return normalizeLang(i18n.language) ?? defaultLang;
}

/** A query string (with or without its `?`) with `lng` set to `lang`, last; the rest as written. */
export function searchWithLang(search: string, lang: Lang): string {
  const rest = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && !/^lng(=|$)/.test(pair));
  return `?${[...rest, `lng=${lang}`].join('&')}`;
}

/** Whether an address leaves the site's pages: another scheme or host, or a place in this page. */
const notAPage = (href: string) => /^([a-z][a-z\d+.-]*:|\/\/|#)/i.test(href);

/** An address of the site (a path, a query, a path with a query and a hash) in a language. */
export function langHref(href: string, lang: Lang): string {
  if (notAPage(href)) return href;
  const hashAt = href.indexOf('#');
  const hash = hashAt < 0 ? '' : href.slice(hashAt);
  const beforeHash = hashAt < 0 ? href : href.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const search = queryAt < 0 ? '' : beforeHash.slice(queryAt);
  return `${path}${searchWithLang(search, lang)}${hash}`;
}

/** A router destination (an address, or its parts) in a language. */
export function withLang(to: To, lang: Lang): To {
  if (typeof to === 'string') return langHref(to, lang);
  return { ...to, search: searchWithLang(to.search ?? '', lang) };
}

/** React Router's Link, to the destination in the page's language. */
export function Link({ to, ...props }: ComponentProps<typeof RouterLink>) {
  return <RouterLink to={withLang(to, usePageLang())} {...props} />;
}

/** React Router's NavLink (marks the current page), to the destination in the page's language. */
export function NavLink({ to, ...props }: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink to={withLang(to, usePageLang())} {...props} />;
}

/** React Router's navigate, to destinations in the page's language (a number goes back or forward). */
export function useNavigate(): (to: To | number, options?: NavigateOptions) => void | Promise<void> {
  const navigate = useRouterNavigate();
  const lang = usePageLang();
  return useCallback(
    (to: To | number, options?: NavigateOptions) =>
      typeof to === 'number' ? navigate(to) : navigate(withLang(to, lang), options),
    [navigate, lang],
  );
}

/** The page's language as a field of a form sent with GET, whose fields become the whole query. */
export function LangField() {
  return <input type="hidden" name="lng" value={usePageLang()} />;
}
