import { HydrationBoundary, keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router';
import type { MainPageT } from '../../common/api';
import { homeQueries } from '../api/home-queries';
import { queries } from '../api/queries';
import { deferredStyles } from '../features/home/deferred-styles';
import { Hero } from '../features/home/hero';
import { sectionIds } from '../features/home/section-ids';
import { Stats } from '../features/home/stats';
import { useApi } from '../lib/api-context';
import { JsonLd, portalOrganization, usePageAddress } from '../lib/json-ld';
import { lazyNearScreen } from '../lib/lazy-near-screen';
import { pageMeta } from '../lib/meta';
import { type RouteData, routeData } from '../lib/route-data';
import { useTranslation } from '../lib/translation';

const data = routeData(
  homeQueries,
  ([main]: MainPageT[]) => ({
    title: main?.title ?? '',
    description: main?.description ?? '',
    image: main?.img,
  }),
  ['home', 'cards', 'region-map'],
);
export const loader = data.loader;
export const clientLoader = data.clientLoader;
export const meta = pageMeta;

// Their styles come with the page (see deferred-styles); the list is referred to so it is kept.
export const handle = { styles: deferredStyles.length };

// The sections below the first screen: the server renders them in full; in the browser their code
// loads when they come near the screen (or at the first interaction), and until then React keeps
// their server HTML, readable and with working links. So the page starts with less code.
const PopularPlaces = lazyNearScreen(sectionIds.popular, () =>
  import('../features/home/popular-places').then((m) => m.PopularPlaces),
);
const TourismTypes = lazyNearScreen(sectionIds.tourismTypes, () =>
  import('../features/home/tourism-types').then((m) => m.TourismTypes),
);
const HobbySearch = lazyNearScreen(sectionIds.hobbySearch, () =>
  import('../features/home/hobby-search').then((m) => m.HobbySearch),
);
const RegionMapSection = lazyNearScreen(sectionIds.regionMap, () =>
  import('../features/home/region-map-section').then((m) => m.RegionMapSection),
);
const ReadyRoutes = lazyNearScreen(sectionIds.routes, () =>
  import('../features/home/ready-routes').then((m) => m.ReadyRoutes),
);

function HomePage() {
  const { api, lang } = useApi();
  const { t } = useTranslation();
  const { publicUrl } = usePageAddress();
  const { data: main } = useQuery({ ...queries.mainPage(api, lang), placeholderData: keepPreviousData });
  if (!main) return null;
  return (
    <>
      {/* The portal as an organisation, with its logo, where search engines look for it. */}
      <JsonLd data={{ '@context': 'https://schema.org', ...portalOrganization(publicUrl, t('site.name')) }} />
      <Hero main={main} />
      <Stats />
      {/* Each section below the first screen is a hydration unit of its own: React hydrates it
          when its code has come, in a short task of its own, and keeps its server HTML until then. */}
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
