import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, PracticalOffer, PracticalOfferQuery } from '../../../common/api.js';
import { readRoute } from '../../lib/readers.js';
import { type OfferRow, offerOf, offerRows } from './repository.js';

/** How long the answer is kept at most when no content change was heard (a write from elsewhere). */
const TTL_MS = 60_000;

/**
 * GET /api/practical-filters/: which practical filters each list should offer (decision 037). The
 * lists and the map ask for it with every page, so the one pass over the places it takes is kept
 * until the content changes (every process hears of it) or a minute has passed.
 */
export const practicalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  let held: { at: number; rows: Promise<OfferRow[]> } | null = null;
  app.contentChanges.onChange(() => {
    held = null;
  });
  const rows = () => {
    if (!held || Date.now() - held.at > TTL_MS) {
      const current = { at: Date.now(), rows: offerRows(app.readDb) };
      held = current;
      // A failure is not kept: the next request asks again.
      current.rows.catch(() => {
        if (held === current) held = null;
      });
    }
    return held.rows;
  };

  app.routeReads.practicalOffer = readRoute(
    app,
    '/practical-filters/',
    {
      schema: {
        tags: ['content'],
        summary:
          'The practical filters (free, open now, step-free entrance) some place of each section can pass',
        description:
          'A list offers a practical filter only when some place of its section (in the district, for a ' +
          "direction's tabs) can pass it: it appears by itself once the staff enter such a fact.",
        querystring: PracticalOfferQuery,
        response: { 200: PracticalOffer, 400: ErrorBody },
      },
    },
    async (request) => offerOf(await rows(), request.query.district),
  );
};
