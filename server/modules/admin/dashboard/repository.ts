import { type Kysely, sql } from 'kysely';
import type { Coverage, Dashboard } from '../../../../common/admin-api.js';
import { coverageSections } from '../../../../common/coverage.js';
import { editableSections, isEditableSection, titleOf } from '../../../../common/editorial.js';
import type { DB } from '../../../db/schema.js';
import { coverages, type SectionCoverage, type Summary, summaries } from '../content/repository.js';

/** The Russian name of the item a history entry saved, from the kind's title field (pages have a title). */
const savedName = sql<string | null>`case h.section ${sql.join(
  editableSections
    .filter((s) => titleOf(s) !== 'name')
    .map((s) => sql`when ${s} then h.document -> ${titleOf(s)} ->> 'ru'`),
  sql` `,
)} else h.document -> 'name' ->> 'ru' end`;

/** What waits for the staff: new messages, the sections' states and gaps, what is scheduled, recent changes. */
export async function readDashboard(db: Kysely<DB>): Promise<Dashboard> {
  const [feedback, sections, scheduled, recent] = await Promise.all([
    db
      .selectFrom('feedback')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'new')
      .executeTakeFirstOrThrow(),
    summaries(db, editableSections).then((found) =>
      editableSections.map((section) => ({ section, ...(found.get(section) as Summary) })),
    ),
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
}

/** Per section, how many published items state each fact a visitor looks for (common/coverage.ts). */
export async function readCoverage(db: Kysely<DB>): Promise<Coverage> {
  const sections = coverageSections.filter(isEditableSection);
  const found = await coverages(db, sections);
  return { sections: sections.map((section) => ({ section, ...(found.get(section) as SectionCoverage) })) };
}
