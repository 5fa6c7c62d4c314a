import { HydrationBoundary, useQuery } from '@tanstack/react-query';
import { useLoaderData } from 'react-router';
import type { MainPageT } from '../../common/api';
import { queries } from '../api/queries';
import { useApi } from '../lib/api-context';
import { pageMeta } from '../lib/meta';
import { type RouteData, routeData } from '../lib/route-data';

const data = routeData(
  ({ api, lang }) => [queries.mainPage(api, lang)],
  ([main]: MainPageT[]) => ({
    title: main?.title ?? '',
    description: main?.description ?? '',
    image: main?.img,
  }),
);
export const loader = data.loader;
export const clientLoader = data.clientLoader;
export const meta = pageMeta;

function HomePage() {
  const { api, lang } = useApi();
  const { data: main } = useQuery(queries.mainPage(api, lang));
  if (!main) return null;
  return (
    <section className="hero">
      <h1>{main.title}</h1>
      <p>{main.description}</p>
    </section>
  );
}

export default function Home() {
  const { dehydratedState } = useLoaderData<RouteData>();
  return (
    <HydrationBoundary state={dehydratedState}>
      <HomePage />
    </HydrationBoundary>
  );
}
