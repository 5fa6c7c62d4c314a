import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { AdminError, Dashboard } from '../../../../common/admin-api.js';
import { editableSections, titleOf } from '../../../../common/editorial.js';
import { summary } from '../content/repository.js';

const tags = ['admin'];

/** The Russian name of the item a history entry saved, from the kind's title field (pages have a title). */
const savedName = sql<string | null>`case h.section ${sql.join(
  editableSections
    .filter((s) => titleOf(s) !== 'name')
    .map((s) => sql`when ${s} then h.document -> ${titleOf(s)} ->> 'ru'`),
  sql` `,
)} else h.document -> 'name' ->> 'ru' end`;

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
    async () => {
      const db = app.db;
      const [feedback, sections, scheduled, recent] = await Promise.all([
        db
          .selectFrom('feedback')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('status', '=', 'new')
          .executeTakeFirstOrThrow(),
        Promise.all(editableSections.map(async (section) => ({ section, ...(await summary(db, section)) }))),
        db
          .selectFrom('content_drafts')
          .select(['section', 'id', 'publish_at', sql<string>`document -> 'name' ->> 'ru'`.as('name')])
          .where('status', '=', 'scheduled')
          .orderBy('publish_at')
          .limit(20)
          .execute(),
        db
          .selectFrom('content_history as h')
          .leftJoin('staff as s', 's.id', 'h.staff_id')
          .select([
            'h.section',
            'h.item_id',
            'h.version',
            'h.status',
            'h.changes',
            'h.changed_at',
            savedName.as('item_name'),
            's.name',
            's.email',
          ])
          .orderBy('h.id', 'desc')
          .limit(20)
          .execute(),
      ]);
      return {
        feedback_new: feedback.n,
        sections,
        scheduled: scheduled.map((r) => ({
          section: r.section,
          id: r.id,
          name: r.name ?? '',
          publish_at: (r.publish_at as Date).toISOString(),
        })),
        recent: recent.map((r) => ({
          section: r.section,
          id: r.item_id,
          name: r.item_name ?? '',
          version: r.version,
          status: r.status,
          fields: Object.keys(r.changes as object),
          changed_at: r.changed_at.toISOString(),
          staff: r.name || r.email || null,
        })),
      };
    },
  );
};
