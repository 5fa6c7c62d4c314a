import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import Type from 'typebox';
import { languages } from '../../../common/languages.js';
import { infoPageSlugs } from '../../../common/pages.js';
import { hrefLang, localizedUrl } from '../../../common/urls.js';
import type { PlaceSection } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { fileResponse } from '../../lib/openapi.js';

// robots.txt and the sitemaps: every public page in every language, each with its hreflang
// alternates. The sitemap is an index of files of at most CHUNK items (x 3 languages), so it
// stays within the protocol's 50,000 URLs per file at any scale.

const CHUNK = 5000;

const placeSections: PlaceSection[] = [
  'attractions',
  'residence',
  'caterings',
  'entertainment',
  'tourist-information-centers',
];
const listSlugs = [
  'routes',
  'attractions',
  'popular-places',
  'events',
  'news',
  'residence',
  'caterings',
  'entertainment',
  'tourist-information-centers',
  'tourism-type',
];
type DetailKind = PlaceSection | 'routes' | 'events' | 'news' | 'tourism-type' | 'directions';
const detailKinds: DetailKind[] = [
  'directions',
  'routes',
  ...placeSections,
  'events',
  'news',
  'tourism-type',
];
const staticPaths = [
  '/',
  '/directions',
  '/map',
  ...listSlugs.map((s) => `/${s}/list`),
  ...infoPageSlugs.map((s) => `/${s}`),
];

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

function urlSet(publicUrl: string, paths: string[]): string {
  const entries = paths.flatMap((path) => {
    const alternates = languages
      .map(
        (l) =>
          `<xhtml:link rel="alternate" hreflang="${hrefLang(l)}" href="${xmlEscape(localizedUrl(publicUrl, path, l))}"/>`,
      )
      .concat(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(localizedUrl(publicUrl, path, 'ru'))}"/>`,
      )
      .join('');
    return languages.map(
      (l) => `<url><loc>${xmlEscape(localizedUrl(publicUrl, path, l))}</loc>${alternates}</url>`,
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

export const seoRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  /** The rows of one kind of detail page (a table, or a section of the places table). */
  function source(kind: DetailKind) {
    const table = {
      directions: 'directions',
      routes: 'routes',
      events: 'events',
      news: 'news',
      'tourism-type': 'tourism_types',
    }[kind as string];
    return table ? sql`${sql.table(table)}` : sql`places where section = ${kind}`;
  }
  async function countOf(kind: DetailKind): Promise<number> {
    const { rows } = await sql<{
      count: string | number;
    }>`select count(*) as count from ${source(kind)}`.execute(app.readDb);
    return Number(rows[0]?.count ?? 0);
  }
  async function idsOf(kind: DetailKind, chunk: number): Promise<number[]> {
    const { rows } = await sql<{
      id: number;
    }>`select id from ${source(kind)} order by id limit ${CHUNK} offset ${(chunk - 1) * CHUNK}`.execute(
      app.readDb,
    );
    return rows.map((r) => r.id);
  }

  const cache = 'public, max-age=3600, stale-while-revalidate=86400';

  app.get('/robots.txt', { schema: robotsSchema }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /search/',
      'Disallow: /unsubscribe',
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', cache).send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: indexSchema }, async (_request, reply) => {
    const counts = await Promise.all(
      detailKinds.map(async (kind) => {
        return [kind, await countOf(kind)] as const;
      }),
    );
    const files = ['pages'];
    for (const [kind, count] of counts) {
      for (let n = 1; n <= Math.ceil(count / CHUNK); n++) files.push(`${kind}-${n}`);
    }
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
      .map((f) => `<sitemap><loc>${xmlEscape(`${publicUrl}/sitemaps/${f}.xml`)}</loc></sitemap>`)
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
      let paths: string[];
      if (file === 'pages.xml') {
        paths = staticPaths;
      } else {
        const match = /^([a-z-]+)-([0-9]{1,6})\.xml$/.exec(file);
        const kind = match?.[1] as DetailKind | undefined;
        const n = Number(match?.[2] ?? 0);
        if (!kind || !detailKinds.includes(kind) || n < 1) throw notFound(`sitemap ${file}`);
        const found = await idsOf(kind, n);
        if (!found.length) throw notFound(`sitemap ${file}`);
        paths = found.map((id) => detailPath(kind, id));
      }
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', cache)
        .send(urlSet(publicUrl, paths));
    },
  );
};
