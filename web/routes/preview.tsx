import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import {
  type AnyDetail,
  type DetailSection,
  detailPageInfo,
  isDetailSection,
} from '../features/detail/detail-config';
import { DetailPage } from '../features/detail/detail-page';
import { PreviewBanner } from '../features/detail/preview-banner';
import { pageMeta } from '../lib/meta';
import { idParam, type RouteData } from '../lib/route-data';

// /preview/{section}/{id}: an item of an editable section in any state (draft, scheduled,
// archived, published) as its public page would show it, for a signed-in member of staff only
// (the server refuses anyone else before this loader runs, and gives the loader no preview then).
// The same page as /{section}/detail/{id}, under a banner, never indexed and never cached.

interface PreviewData extends RouteData {
  section: DetailSection;
  item: AnyDetail;
}

export async function loader({ context, params }: LoaderFunctionArgs): Promise<PreviewData> {
  if (!context.preview) throw data('Unauthorized', { status: 401 });
  const section = params.section;
  if (!isDetailSection(section)) throw data('Not Found', { status: 404 });
  const answer = await context.preview(section, idParam(params), context.lang);
  if (!answer.ok) throw data(answer.body.message, { status: answer.status });
  const item = answer.data as AnyDetail;
  return {
    section,
    item,
    dehydratedState: null,
    page: detailPageInfo(section, item),
    strings: ['detail', 'cards'],
  };
}

export const meta = (args: Parameters<typeof pageMeta>[0]) => pageMeta(args, { noindex: true });

export default function Preview() {
  const { section, item } = useLoaderData<PreviewData>();
  return (
    <>
      <PreviewBanner />
      <DetailPage section={section} item={item} path={`/${section}/detail/${item.id}`} />
    </>
  );
}
