import { useLocation, useRouteLoaderData } from 'react-router';
import type { Lang } from '../../common/languages';
import { siteLogo } from '../../common/site-logo';
import { localizedUrl } from '../../common/urls';
import { useApi } from './api-context';
import type { RootData } from './route-data';

// schema.org structured data (https://schema.org) as JSON-LD: what every page's blocks share. The
// detail pages' own data is web/features/detail/json-ld.ts.

export type Json = Record<string, unknown>;

/** JSON safe inside <script>: `<` cannot close the script or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The site's public origin, the page's language and the page's absolute address in it (`path`:
 * its public path when the page is shown elsewhere, as the staff's preview shows one).
 */
export function usePageAddress(path?: string): { publicUrl: string; lang: Lang; url: string } {
  const root = useRouteLoaderData<RootData>('root');
  const { pathname } = useLocation();
  const { lang } = useApi();
  const publicUrl = root?.publicUrl ?? '';
  return { publicUrl, lang, url: localizedUrl(publicUrl, path ?? pathname, lang) };
}

/** One block of structured data in the page. */
export function JsonLd({ data }: { data: unknown }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped (scriptJson)
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />;
}

/** An address of the site as an absolute URL (one that is absolute already stays as it is). */
export const absolute = (publicUrl: string, path: string) =>
  /^https?:/.test(path) ? path : `${publicUrl}${path}`;

/** Drops undefined and null members (schema.org readers prefer missing to null). */
export function compact(value: Json): Json {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}

/** The portal as an organisation: the publisher and author of its news, named on the home page. */
export const portalOrganization = (publicUrl: string, siteName: string): Json =>
  compact({
    '@type': 'Organization',
    '@id': `${publicUrl}/#organization`,
    name: siteName,
    url: `${publicUrl}/`,
    logo: {
      '@type': 'ImageObject',
      url: absolute(publicUrl, siteLogo.path),
      width: siteLogo.size,
      height: siteLogo.size,
    },
  });

/** The way from the home page to a page, each step with its address (the last one's is optional). */
export function breadcrumbJsonLd(crumbs: { name: string; url?: string }[]): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, n) =>
      compact({ '@type': 'ListItem', position: n + 1, name: c.name, item: c.url }),
    ),
  };
}
