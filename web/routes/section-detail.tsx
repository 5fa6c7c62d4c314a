import { HydrationBoundary, keepPreviousData, useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, data as response, useLoaderData, useParams } from 'react-router';
import { detailQuery } from '../api/queries';
import { type DetailSection, detailPageInfo, isDetailSection } from '../features/detail/detail-config';
import { DetailPage } from '../features/detail/detail-page';
import { pageState } from '../features/detail/page-item';
import { useApi } from '../lib/api-context';
import { pageMeta } from '../lib/meta';
import { idParam, type RouteData, routeData } from '../lib/route-data';

// /{section}/detail/{id} of the nine sections with detail pages. An unknown section, a malformed
// id or an id the API does not know is the not-found page with status 404.

function sectionOf(params: LoaderFunctionArgs['params']): DetailSection {
  const section = params.section;
  if (!isDetailSection(section)) throw response('Not Found', { status: 404 });
  return section;
}

function dataOf(args: LoaderFunctionArgs) {
  const section = sectionOf(args.params);
  return routeData(
    ({ api, lang, params }) => [detailQuery(api, lang, section, idParam(params))],
    ([item]) => detailPageInfo(section, item),
    // The small map's strings come with its code (web/features/map/lazy.tsx).
    ['detail', 'cards'],
  );
}
export async function loader(args: LoaderFunctionArgs): Promise<RouteData> {
  const data = await dataOf(args).loader(args);
  // The item as the HTML shows it; the browser fetches the rest as the app starts.
  return { ...data, dehydratedState: data.dehydratedState && pageState(data.dehydratedState) };
}
export const clientLoader = (args: LoaderFunctionArgs) => dataOf(args).clientLoader(args);
export const meta = pageMeta;

function DetailScreen({ section, id }: { section: DetailSection; id: number }) {
  const { api, lang } = useApi();
  const { data: item } = useQuery({
    ...detailQuery(api, lang, section, id),
    placeholderData: keepPreviousData,
  });
  if (!item) return null;
  return <DetailPage section={section} item={item} />;
}

export default function SectionDetail() {
  const { dehydratedState } = useLoaderData<RouteData>();
  const params = useParams();
  const section = params.section as DetailSection;
  return (
    <HydrationBoundary state={dehydratedState}>
      <DetailScreen key={`${section}/${params.id}`} section={section} id={Number(params.id)} />
    </HydrationBoundary>
  );
}
