import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SubscribeToggle } from '../../../common/api.js';
import { readRoute } from '../../lib/readers.js';

export const subscriptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.routeReads.subscribeToggle = readRoute(
    app,
    '/auth/subscribe/toggle/',
    {
      schema: {
        tags: ['service'],
        summary: 'Whether the newsletter subscription is offered (SUBSCRIPTION_ENABLED)',
        response: { 200: SubscribeToggle },
      },
    },
    async () => ({ status: app.config.subscriptionEnabled }),
  );
};
