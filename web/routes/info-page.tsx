import { HydrationBoundary, useQuery } from '@tanstack/react-query';
import { useLoaderData, useLocation } from 'react-router';
import { infoPageSlugs } from '../../common/pages';
import { docToPlain } from '../../common/rich-text';
import { queries } from '../api/queries';
import { InfoPageView } from '../features/info-page/info-page';
import { useApi } from '../lib/api-context';
import { pageMeta } from '../lib/meta';
import { type RouteData, routeData, withSearchFields } from '../lib/route-data';

// One module for the seven information pages (/information, /route47, ...): the slug is the path.
const slugOf = (pathname: string) => pathname.replace(/^\/+|\/+$/g, '');

const data = routeData(
  ({ api, lang, url }) => [queries.infoPage(api, lang, slugOf(url.pathname)), queries.infoPages(api, lang)],
  ([page]) =>
    withSearchFields(
      {
        title: page.title,
        // the lead, or the body's words when a page has none (meta description, JSON-LD)
        description: page.annotation || docToPlain(page.body_doc),
        image: page.img,
        type: 'article',
      },
      page.seo,
    ),
  ['info'],
);
export const loader = data.loader;
export const clientLoader = data.clientLoader;
export const meta = pageMeta;

function InfoPageScreen({ slug }: { slug: string }) {
  const { api, lang } = useApi();
  const { data: page } = useQuery(queries.infoPage(api, lang, slug));
  const { data: pages = [] } = useQuery(queries.infoPages(api, lang));
  if (!page) return null;
  const order = new Map<string, number>(infoPageSlugs.map((s, i) => [s, i]));
  const others = pages
    .filter((p) => p.slug !== slug && order.has(p.slug))
    .sort((a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0));
  return <InfoPageView page={page} others={others} />;
}

export default function InfoPage() {
  const { dehydratedState } = useLoaderData<RouteData>();
  const slug = slugOf(useLocation().pathname);
  return (
    <HydrationBoundary state={dehydratedState}>
      <InfoPageScreen key={slug} slug={slug} />
    </HydrationBoundary>
  );
}
