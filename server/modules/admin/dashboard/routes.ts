import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminError, Coverage, Dashboard } from '../../../../common/admin-api.js';
import { readCoverage, readDashboard } from './repository.js';

const tags = ['admin'];

/** GET /api/admin/dashboard: new messages, the sections' states and gaps, what is scheduled, recent changes. */
export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'What waits for the staff: new messages, drafts, scheduled items, gaps, recent changes',
        description:
          'Per kind of content: items in each state, lacking a language, and published without a real photo; ' +
          'the next 20 scheduled items; the last 20 saves with who made them and the item’s name then.',
        response: { 200: Dashboard, 401: AdminError, 403: AdminError },
      },
    },
    () => readDashboard(app.db),
  );

  app.get(
    '/coverage',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Per section, how many published items state each fact visitors look for',
        description:
          'Hours (a weekly schedule), phone, price (admission), accessibility (any fact known), a real photo ' +
          '(a generated illustration is none) and the English and Chinese of the name, annotation and ' +
          'description, each out of `total`. The sections and their facts follow from the sections’ fields.',
        response: { 200: Coverage, 401: AdminError, 403: AdminError },
      },
    },
    () => readCoverage(app.db),
  );
};
