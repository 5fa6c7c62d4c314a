import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import Type from 'typebox';
import { defaultLang, type Lang, languages } from '../../../common/languages.js';
import { infoPageSlugs } from '../../../common/pages.js';
import { type DetailSection, isDetailSection, sectionOf, sections } from '../../../common/sections.js';
import { hrefLang, localizedUrl, negotiatedUrl } from '../../../common/urls.js';
import { notFound } from '../../lib/errors.js';
import { fileResponse } from '../../lib/openapi.js';

// robots.txt and the sitemaps: every public page in every language, each with its hreflang
// alternates and, for a page of one item, <lastmod> (when its content last changed). The sitemap
// is an index of files of at most CHUNK items (x 3 languages), so it stays within the protocol's
// 50,000 URLs per file at any scale; the index gives each file the latest change of its kind
// (one aggregate per kind, as cheap as the count; the latest change within each file would number
// the rows: 0.4 s instead of 0.06 s for the attractions at factor 10).

const CHUNK = 5000;

const inSitemap = sections.filter((s) => s.sitemap);
type DetailKind = DetailSection | 'directions';
/** The kinds of detail pages: the directions' and those of the sections with their own. */
const detailKinds: DetailKind[] = [
  'directions',
  ...inSitemap.filter((s) => isDetailSection(s.slug)).map((s) => s.slug as DetailSection),
];
/** The lists and the home page change with every item: no one date to give them. */
const staticPaths = ['/', '/directions', '/map', ...inSitemap.map((s) => `/${s.slug}/list`)];

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
          `<xhtml:link rel="alternate" hreflang="${hrefLang(l)}" href="${xmlEscape(localizedUrl(publicUrl, path, l))}"/>`,
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
  /** The rows of one kind of detail page (a table, or a section of the places table). */
  function source(kind: DetailKind) {
    if (kind === 'directions') return sql`directions`;
    const { table, scope } = sectionOf(kind);
    return scope?.section
      ? sql`${sql.table(table)} where section = ${scope.section}`
      : sql`${sql.table(table)}`;
  }
  /** How many items of one kind of detail page there are, and when the latest of them changed. */
  async function summaryOf(kind: DetailKind): Promise<{ count: number; lastmod: Date | string | null }> {
    const { rows } = await sql<{ count: string | number; lastmod: Date | string | null }>`
      select count(*) as count, max(updated_at) as lastmod from ${source(kind)}`.execute(app.readDb);
    return { count: Number(rows[0]?.count ?? 0), lastmod: rows[0]?.lastmod ?? null };
  }
  async function entriesOf(kind: DetailKind, chunk: number): Promise<SitemapEntry[]> {
    const { rows } = await sql<{
      id: number;
      updated_at: Date | string;
    }>`select id, updated_at from ${source(kind)} order by id limit ${CHUNK} offset ${(chunk - 1) * CHUNK}`.execute(
      app.readDb,
    );
    return rows.map((r) => ({ path: detailPath(kind, r.id), lastmod: r.updated_at }));
  }
  async function pageEntries(): Promise<SitemapEntry[]> {
    const { rows } = await sql<{ slug: string; updated_at: Date | string }>`
      select slug, updated_at from pages`.execute(app.readDb);
    const updated = new Map(rows.map((r) => [r.slug, r.updated_at]));
    return [
      ...staticPaths.map((path) => ({ path })),
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
<Language>${hrefLang(lang)}</Language>
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
    const perKind = await Promise.all(
      detailKinds.map(async (kind) => [kind, await summaryOf(kind)] as const),
    );
    const files: SitemapEntry[] = [{ path: 'pages' }];
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
