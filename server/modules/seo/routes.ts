import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { isReferenceSource } from '../../../common/editorial.js';
import { defaultLang, type Lang, langTag, languages } from '../../../common/languages.js';
import { infoPageSlugs } from '../../../common/pages.js';
import { type DetailSection, everySection, isDetailSection, sections } from '../../../common/sections.js';
import { localizedUrl, negotiatedUrl } from '../../../common/urls.js';
import { notFound } from '../../lib/errors.js';
import { fileResponse } from '../../lib/openapi.js';
import {
  type DetailKind,
  kindItems,
  kindLastChange,
  kindSummary,
  lastEventOver,
  latestSaves,
  pageChanges,
} from './repository.js';

// robots.txt and the sitemaps: every public page in every language, each with its hreflang
// alternates and <lastmod>, when its content last changed: a page of one item, that item's; a list,
// the map and the home page, the latest change of what they show. The sitemap is an index of files
// of at most CHUNK items (x 3 languages), so it stays within the protocol's 50,000 URLs per file
// at any scale; the index gives each file the latest change of its kind (one aggregate per kind,
// as cheap as the count; the latest change within each file would number the rows: 0.4 s instead
// of 0.06 s for the attractions at factor 10).

const CHUNK = 5000;

const inSitemap = sections.filter((s) => s.sitemap);
/** The kinds of detail pages: the directions' and those of the sections with their own. */
const detailKinds: DetailKind[] = [
  'directions',
  ...inSitemap.filter((s) => isDetailSection(s.slug)).map((s) => s.slug as DetailSection),
];

/**
 * The pages that show many items, each with the kinds of content it shows (`ended`: the events
 * still to come, a list that changes when an event is over). Every list names districts, cities
 * and types (the directories): a change of those changes it too.
 */
interface ListPage {
  path: string;
  kinds: readonly DetailKind[];
  ended?: true;
}
const listPages: ListPage[] = [
  // The home page shows some of everything, and how many there are of each.
  { path: '/', kinds: detailKinds, ended: true },
  { path: '/directions', kinds: ['directions'] },
  // The map: the districts' outlines and the items of its layers.
  {
    path: '/map',
    kinds: ['directions', ...everySection.flatMap((s) => (s.map && isDetailSection(s.slug) ? [s.slug] : []))],
    ended: true,
  },
  ...everySection
    .filter((s) => s.sitemap)
    .map((s) => ({
      path: `/${s.slug}/list`,
      // popular places are attractions
      kinds: [(s.detailOf ?? s.slug) as DetailKind],
      ...(s.scope?.current ? { ended: true as const } : {}),
    })),
];

/** The latest of some dates (null when none is known). */
function latest(dates: readonly (Date | string | null | undefined)[]): Date | null {
  let last: Date | null = null;
  for (const d of dates) {
    if (!d) continue;
    const date = new Date(d);
    if (!last || date > last) last = date;
  }
  return last;
}

interface SitemapEntry {
  path: string;
  lastmod?: Date | string | null;
}
/** W3C datetime, to the second, in UTC. */
const w3cDate = (value: Date | string) => new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

function urlSet(publicUrl: string, pages: SitemapEntry[]): string {
  const entries = pages.flatMap(({ path, lastmod }) => {
    const alternates = languages
      .map(
        (l) =>
          `<xhtml:link rel="alternate" hreflang="${langTag(l)}" href="${xmlEscape(localizedUrl(publicUrl, path, l))}"/>`,
      )
      .concat(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(negotiatedUrl(publicUrl, path))}"/>`,
      )
      .join('');
    const modified = lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : '';
    return languages.map(
      (l) => `<url><loc>${xmlEscape(localizedUrl(publicUrl, path, l))}</loc>${modified}${alternates}</url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

const detailPath = (kind: DetailKind, id: number) => `/${kind}/detail/${id}`;

const file = (summary: string, type: string, example: string) => ({
  tags: ['service'],
  summary,
  response: { 200: fileResponse(`the ${type} file`, [type], { example }) },
});
const xmlStart = '<?xml version="1.0" encoding="UTF-8"?>\n';
const robotsSchema = file('Rules for crawlers, with the sitemap', 'text/plain', 'User-agent: *\nAllow: /\n…');
const indexSchema = file(
  'The sitemap index: one sitemap per kind of page and chunk',
  'application/xml',
  `${xmlStart}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">…</sitemapindex>`,
);
const sitemapSchema = file(
  'One sitemap: every page of a kind (pages, routes-1, ...) in every language',
  'application/xml',
  `${xmlStart}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">…</urlset>`,
);

const openSearchSchema = {
  ...file(
    "The site search as an OpenSearch description, for a browser's list of search engines",
    'application/opensearchdescription+xml',
    `${xmlStart}<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">…</OpenSearchDescription>`,
  ),
  querystring: Type.Object({
    lng: Type.Optional(
      Type.Union(
        languages.map((l) => Type.Literal(l)),
        { description: `the language of its names and of the results (default ${defaultLang})` },
      ),
    ),
  }),
};

/** Text of the strings, or a clear failure: a description without its names would be refused. */
function stringAt(bundles: Record<string, Record<string, unknown>>, ns: string, key: string): string {
  let node: unknown = bundles[ns];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`locales: ${ns}.json has no ${key}`);
  return node;
}

export const seoRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const db = app.readDb;
  async function entriesOf(kind: DetailKind, chunk: number): Promise<SitemapEntry[]> {
    const rows = await kindItems(db, kind, CHUNK, (chunk - 1) * CHUNK);
    return rows.map((r) => ({ path: detailPath(kind, r.id), lastmod: r.updated_at }));
  }
  /**
   * When each kind of content last changed as visitors see it: its rows' latest update, or the
   * back office's latest save of it, and when the last event that is over left the lists of events
   * to come.
   */
  async function changes(latestOfKinds: Promise<(readonly [DetailKind, Date | string | null])[]>) {
    const [perKind, saved, ended] = await Promise.all([latestOfKinds, latestSaves(db), lastEventOver(db)]);
    const rows = new Map<string, Date | string | null>(perKind);
    const saves = new Map(saved.map((r) => [r.section, r.lastmod]));
    const directories = saved.filter((r) => isReferenceSource(r.section)).map((r) => r.lastmod);
    return (page: ListPage) =>
      latest([
        ...page.kinds.flatMap((kind) => [rows.get(kind), saves.get(kind)]),
        ...directories,
        page.ended ? ended : null,
      ]);
  }
  /** The pages file's entries; `latestOfKinds`: each kind's latest row change, when read already. */
  async function pageEntries(
    latestOfKinds = Promise.all(
      detailKinds.map(async (kind) => [kind, await kindLastChange(db, kind)] as const),
    ),
  ): Promise<SitemapEntry[]> {
    const [rows, lastChangeOf] = await Promise.all([pageChanges(db), changes(latestOfKinds)]);
    const updated = new Map(rows.map((r) => [r.slug, r.updated_at]));
    return [
      ...listPages.map((page) => ({ path: page.path, lastmod: lastChangeOf(page) })),
      ...infoPageSlugs.map((slug) => ({ path: `/${slug}`, lastmod: updated.get(slug) })),
    ];
  }

  const cache = 'public, max-age=3600, stale-while-revalidate=86400';

  app.get('/robots.txt', { schema: robotsSchema }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      // The results of the site search, at /search?q= and /search/{query}.
      'Disallow: /search',
      'Disallow: /unsubscribe',
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', cache).send(lines.join('\n'));
  });

  // Browsers find it through the <link rel="search"> of every page (web/lib/deferred-start.ts). Its
  // results address is the search form's own (`/search?q=`), in the description's language.
  app.get('/opensearch.xml', { schema: openSearchSchema }, async (request, reply) => {
    const lang: Lang = (request.query as { lng?: Lang }).lng ?? defaultLang;
    const strings = await app.localeFiles.bundles(lang);
    // searchHref's form, with OpenSearch's placeholder where the query goes.
    const results = localizedUrl(publicUrl, '/search?q={searchTerms}', lang);
    const body = `${xmlStart}<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
<ShortName>${xmlEscape(stringAt(strings, 'offline', 'app.shortName'))}</ShortName>
<LongName>${xmlEscape(stringAt(strings, 'offline', 'app.name'))}</LongName>
<Description>${xmlEscape(stringAt(strings, 'search', 'description'))}</Description>
<Language>${langTag(lang)}</Language>
<InputEncoding>UTF-8</InputEncoding>
<OutputEncoding>UTF-8</OutputEncoding>
<Image width="16" height="16" type="image/x-icon">${xmlEscape(`${publicUrl}/favicon.ico`)}</Image>
<Url type="text/html" template="${xmlEscape(results)}"/>
<Url type="application/opensearchdescription+xml" rel="self" template="${xmlEscape(`${publicUrl}/opensearch.xml?lng=${lang}`)}"/>
</OpenSearchDescription>
`;
    return reply
      .type('application/opensearchdescription+xml; charset=utf-8')
      .header('cache-control', cache)
      .send(body);
  });

  app.get('/sitemap.xml', { schema: indexSchema }, async (_request, reply) => {
    const summaries = Promise.all(
      detailKinds.map(async (kind) => [kind, await kindSummary(db, kind)] as const),
    );
    // the pages file's dates from the same aggregates
    const [perKind, pages] = await Promise.all([
      summaries,
      pageEntries(summaries.then((all) => all.map(([kind, s]) => [kind, s.lastmod] as const))),
    ]);
    const files: SitemapEntry[] = [{ path: 'pages', lastmod: latest(pages.map((p) => p.lastmod)) }];
    for (const [kind, { count, lastmod }] of perKind) {
      for (let n = 1; n <= Math.ceil(count / CHUNK); n++) files.push({ path: `${kind}-${n}`, lastmod });
    }
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
      .map(
        (f) =>
          `<sitemap><loc>${xmlEscape(`${publicUrl}/sitemaps/${f.path}.xml`)}</loc>${f.lastmod ? `<lastmod>${w3cDate(f.lastmod)}</lastmod>` : ''}</sitemap>`,
      )
      .join('\n')}\n</sitemapindex>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', cache).send(body);
  });

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        ...sitemapSchema,
        params: Type.Object({ file: Type.String({ pattern: '^[a-z-]+(-[0-9]{1,6})?\\.xml$' }) }),
      },
    },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      let pages: SitemapEntry[];
      if (file === 'pages.xml') {
        pages = await pageEntries();
      } else {
        const match = /^([a-z-]+)-([0-9]{1,6})\.xml$/.exec(file);
        const kind = match?.[1] as DetailKind | undefined;
        const n = Number(match?.[2] ?? 0);
        if (!kind || !detailKinds.includes(kind) || n < 1) throw notFound(`sitemap ${file}`);
        pages = await entriesOf(kind, n);
        if (!pages.length) throw notFound(`sitemap ${file}`);
      }
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', cache)
        .send(urlSet(publicUrl, pages));
    },
  );
};
