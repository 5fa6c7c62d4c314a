import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sections } from '../../common/sections.js';
import { directionsRoutes } from './directions/routes.js';
import { directoryRoutes } from './directory/routes.js';
import { eventsRoutes } from './events/routes.js';
import { footerRoutes } from './footer/routes.js';
import { healthRoutes } from './health/routes.js';
import { mapRoutes } from './map/routes.js';
import { newsRoutes } from './news/routes.js';
import { pagesRoutes } from './pages/routes.js';
import { placeSectionRoutes } from './places/routes.js';
import { practicalRoutes } from './practical/routes.js';
import { routesRoutes } from './routes/routes.js';
import { searchRoutes } from './search/routes.js';
import { subscriptionRoutes } from './subscription/routes.js';
import { tourismTypesRoutes } from './tourism-types/routes.js';
import { tripRoutes } from './trip/routes.js';
import { visitorsRoutes } from './visitors/routes.js';

/** Everything under /api. */
export const apiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Content changes rarely; shared caches may keep it a minute and serve it stale while refreshing.
  // A callback hook: it runs for every answer, an async one would cost a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method === 'GET' && reply.statusCode === 200 && !reply.hasHeader('cache-control')) {
      // A response that hands a visitor their own XSRF cookie must never reach a shared cache.
      void reply.header(
        'cache-control',
        reply.hasHeader('set-cookie')
          ? 'private, no-store'
          : 'public, max-age=60, stale-while-revalidate=600',
      );
    }
    void reply.header('vary', 'Accept-Language, Accept-Encoding');
    done(null, payload);
  });

  await app.register(healthRoutes);
  await app.register(pagesRoutes);
  await app.register(footerRoutes);
  await app.register(directionsRoutes);
  await app.register(directoryRoutes);
  await app.register(tourismTypesRoutes);
  for (const section of sections) {
    if (section.table === 'places') await app.register(placeSectionRoutes(section));
  }
  await app.register(routesRoutes);
  await app.register(eventsRoutes);
  await app.register(newsRoutes);
  await app.register(subscriptionRoutes);
  await app.register(visitorsRoutes);
  await app.register(mapRoutes);
  await app.register(practicalRoutes);
  await app.register(searchRoutes);
  await app.register(tripRoutes);
};
