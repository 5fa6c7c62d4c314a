import { HydrationBoundary, keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router';
import type { MainPageT } from '../../common/api';
import { queries } from '../api/queries';
import { Hero } from '../features/home/hero';
import { HobbySearch } from '../features/home/hobby-search';
import { homeQueries } from '../features/home/home-queries';
import { PopularPlaces } from '../features/home/popular-places';
import { ReadyRoutes } from '../features/home/ready-routes';
import { RegionMapSection } from '../features/home/region-map-section';
import { Stats } from '../features/home/stats';
import { TourismTypes } from '../features/home/tourism-types';
import { useApi } from '../lib/api-context';
import { pageMeta } from '../lib/meta';
import { type RouteData, routeData } from '../lib/route-data';

const data = routeData(homeQueries, ([main]: MainPageT[]) => ({
  title: main?.title ?? '',
  description: main?.description ?? '',
  image: main?.img,
}));
export const loader = data.loader;
export const clientLoader = data.clientLoader;
export const meta = pageMeta;

function HomePage() {
  const { api, lang } = useApi();
  const { data: main } = useQuery({ ...queries.mainPage(api, lang), placeholderData: keepPreviousData });
  if (!main) return null;
  return (
    <>
      <Hero main={main} />
      <Stats />
      {/* Each section below the first screen is a hydration unit of its own: React hydrates and
          commits them one by one, in short tasks, instead of the whole page in one commit. */}
      <Suspense>
        <PopularPlaces />
      </Suspense>
      <Suspense>
        <TourismTypes />
      </Suspense>
      <Suspense>
        <HobbySearch />
      </Suspense>
      <Suspense>
        <RegionMapSection />
      </Suspense>
      <Suspense>
        <ReadyRoutes />
      </Suspense>
    </>
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
