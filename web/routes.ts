import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { infoPageSlugs } from '../common/pages';

export default [
  layout('routes/layout.tsx', [
    index('routes/home.tsx'),
    route('directions', 'routes/directions.tsx'),
    route('directions/detail/:id', 'routes/direction-detail.tsx'),
    route(':section/list', 'routes/section-list.tsx'),
    route(':section/detail/:id', 'routes/section-detail.tsx'),
    route('search/:query?', 'routes/search.tsx'),
    ...infoPageSlugs.map((slug) => route(slug, 'routes/info-page.tsx', { id: `info-${slug}` })),
    route('unsubscribe', 'routes/unsubscribe.tsx'),
    route('subscribe/confirm', 'routes/subscribe-confirm.tsx'),
    route('map', 'routes/map.tsx'),
    route('trip', 'routes/trip.tsx'),
    route('preview/:section/:id', 'routes/preview.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
