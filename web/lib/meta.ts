import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { type Lang, langTag, languages } from '../../common/languages';
import { shareImageUrl } from '../../common/media';
import { derivedDescription, documentTitle, oneLine } from '../../common/search-texts';
import { localizedUrl, negotiatedUrl } from '../../common/urls';
import { browserTranslations, serverStrings, startStrings } from './page-strings';
import { browserLang, type PageInfo, type RootBase, rootBaseOf } from './route-data';

interface MetaArgs {
  location: { pathname: string; search: string };
  // biome-ignore lint/suspicious/noExplicitAny: matches of any route
  matches: readonly ({ id: string; data?: any; loaderData?: any } | undefined)[];
}

const ogLocale: Record<Lang, string> = { ru: 'ru_RU', en: 'en_US', zh: 'zh_CN' };

/**
 * Title, description, canonical URL, hreflang alternates and Open Graph tags of a page. The
 * language and the public origin come from the root loader.
 */
export function pageMeta(
  args: MetaArgs & { loaderData?: { page?: PageInfo }; error?: unknown },
  options: {
    noindex?: boolean;
    /** The page's canonical address (path and query), when it is not the path it was asked by. */
    path?: string;
  } = {},
): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === 'root');
  // When the root's own data failed (the database is down), its strings come with the error.
  const rootData = (root?.loaderData ?? root?.data ?? rootBaseOf(args.error)) as RootBase | undefined;
  // In the browser the language may have been switched since the server rendered the page.
  const current = typeof document !== 'undefined' ? browserTranslations() : {};
  const switched = Object.keys(current ?? {}).length > 0;
  const lang: Lang = switched ? browserLang() : (rootData?.lang ?? 'ru');
  // Otherwise the strings the page was rendered with: the server's, or those the app's entry
  // fetched (the same), read without being carried in the page's data. (`import.meta.env.SSR`:
  // the browser's build leaves the server's branch out.)
  const bundles = switched ? current : import.meta.env.SSR ? serverStrings(lang) : startStrings();
  const publicUrl = rootData?.publicUrl ?? '';
  const common = bundles?.translation?.common as Record<string, string> | undefined;
  const status = isRouteErrorResponse(args.error) ? args.error.status : 500;
  const page: PageInfo = args.error
    ? status === 503
      ? { title: common?.unavailable ?? '503', description: common?.unavailableText ?? '' }
      : status === 410
        ? { title: common?.gone ?? '410', description: common?.goneText ?? '' }
        : {
            title: status === 404 ? (common?.notFound ?? '404') : 'Unexpected Application Error!',
            description: common?.notFoundText ?? '',
          }
    : (args.loaderData?.page ?? { title: '', description: '' });
  const siteName = String((bundles?.translation?.site as { name?: string } | undefined)?.name ?? '');
  // The item's search title and description, when its editors set them (decision 053), are said
  // as they wrote them; otherwise the page's own, as before.
  const title = page.searchTitle || documentTitle(page.title, siteName);
  // Each address is its own canonical: the page of a language (`?lng=`) is that language's, the
  // address without one (the x-default alternate, which answers in the visitor's language) is
  // itself. Pointing it at `?lng=ru`, another of its hreflang alternates, tells search engines
  // the alternates disagree (Lighthouse's canonical audit fails it).
  const path = options.path ?? args.location.pathname;
  const canonical = new URLSearchParams(args.location.search).has('lng')
    ? localizedUrl(publicUrl, path, lang)
    : negotiatedUrl(publicUrl, path);
  const description = page.searchDescription
    ? oneLine(page.searchDescription)
    : derivedDescription(page.description);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...languages.map((l) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: langTag(l),
      href: localizedUrl(publicUrl, path, l),
    })),
    {
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: negotiatedUrl(publicUrl, path),
    },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: page.searchTitle || page.title || siteName },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: ogLocale[lang] },
  ];
  // Error pages and pages asked not to be indexed (search results) stay out of search engines.
  if (args.error || options.noindex) tags.push({ name: 'robots', content: 'noindex' });
  // Social cards: the page's picture shows the item the page is named after, so its name is the
  // alt, unless the picture is a photo whose alt text says what it shows.
  const image = page.image ? `${publicUrl}${shareImageUrl(page.image)}` : null;
  const imageAlt = page.imageAlt || page.title || siteName;
  if (image)
    tags.push({ property: 'og:image', content: image }, { property: 'og:image:alt', content: imageAlt });
  // The Twitter card takes its title, description and image from og:title, og:description and
  // og:image when it has none of its own: only what Open Graph cannot say is written again.
  tags.push({ name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' });
  if (image) tags.push({ name: 'twitter:image:alt', content: imageAlt });
  return tags;
}
