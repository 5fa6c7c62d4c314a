import type { Kysely, Transaction } from 'kysely';
import type { ContentImportT, ImportPlanT, ImportRowT } from '../../../../common/admin-api.js';
import type { DB } from '../../../db/schema.js';
import type { Save } from './repository.js';

// The imports of sections' spreadsheets (migration 028): each dry run with its plan, until it is
// applied (then kept for undoing it), cancelled, or too old.

type Db = Kysely<DB> | Transaction<DB>;

/** What applying one row does: an item saved from `before` to `after` (based on `base`), or a new one. */
export interface ImportStep {
  row: number;
  /** The item; null for a new one until it is applied (then its new id). */
  id: number | null;
  /** The version the dry run read and the apply must still find; null for a new item. */
  base: number | null;
  before: Save | null;
  after: Save;
}

/** What a dry run keeps for the apply and the undo, besides the answer it gave. */
export interface StoredPlan {
  unknown_columns: string[];
  rows: ImportRowT[];
  steps: ImportStep[];
}

/** How long a dry run can be applied: after that the file is read again. */
export const planLifetimeMs = 24 * 60 * 60 * 1000;

export interface ImportRecord extends ContentImportT {
  plan: StoredPlan | null;
  staff_id: number | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const selectImports = (db: Db) =>
  db
    .selectFrom('content_imports as i')
    .leftJoin('staff as s', 's.id', 'i.staff_id')
    .select([
      'i.id',
      'i.section',
      'i.file_name',
      'i.format',
      'i.status',
      'i.staff_id',
      's.name as staff_name',
      'i.created_at',
      'i.applied_at',
      'i.undone_at',
      'i.counts',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectImports>['executeTakeFirstOrThrow']>>;

const recordOf = (r: Row): ContentImportT => ({
  id: r.id,
  section: r.section,
  file_name: r.file_name,
  format: r.format,
  status: r.status,
  staff: r.staff_id ? { id: Number(r.staff_id), name: r.staff_name ?? '' } : null,
  created_at: r.created_at.toISOString(),
  applied_at: iso(r.applied_at),
  undone_at: iso(r.undone_at),
  counts: r.counts as ContentImportT['counts'],
});

/** Keeps a dry run; unapplied ones older than a plan's lifetime lose their plan (they can no longer be applied). */
export async function addImport(
  db: Kysely<DB>,
  record: Pick<ContentImportT, 'id' | 'section' | 'file_name' | 'format' | 'counts'>,
  staffId: number,
  plan: StoredPlan,
): Promise<void> {
  await db
    .updateTable('content_imports')
    .set({ status: 'cancelled', plan: null })
    .where('status', '=', 'planned')
    .where('created_at', '<', new Date(Date.now() - planLifetimeMs))
    .execute();
  await db
    .insertInto('content_imports')
    .values({
      ...record,
      counts: JSON.stringify(record.counts),
      status: 'planned',
      staff_id: staffId,
      plan: JSON.stringify(plan),
    })
    .execute();
}

/** One import with its plan (locked in a transaction, for the apply and the undo), or null. */
export async function getImport(db: Db, id: string, lock = false): Promise<ImportRecord | null> {
  let query = selectImports(db).select(['i.plan']).where('i.id', '=', id);
  if (lock) query = query.forUpdate('i');
  const r = await query.executeTakeFirst();
  if (!r) return null;
  return { ...recordOf(r), plan: (r.plan as StoredPlan | null) ?? null, staff_id: r.staff_id };
}

/** The dry run's answer again: the import and its rows. */
export function planAnswer(record: ImportRecord): ImportPlanT {
  const { plan, staff_id: _, ...rest } = record;
  return { ...rest, unknown_columns: plan?.unknown_columns ?? [], rows: plan?.rows ?? [] };
}

/** The latest imports, of one section or of all, newest first. */
export async function listImports(db: Db, sections: readonly string[]): Promise<ContentImportT[]> {
  if (!sections.length) return [];
  const rows = await selectImports(db)
    .where('i.section', 'in', sections)
    .where('i.status', '<>', 'cancelled')
    .orderBy('i.created_at', 'desc')
    .limit(50)
    .execute();
  return rows.map(recordOf);
}

export async function markApplied(trx: Transaction<DB>, id: string, staffId: number, plan: StoredPlan) {
  await trx
    .updateTable('content_imports')
    .set({ status: 'applied', applied_at: new Date(), applied_by: staffId, plan: JSON.stringify(plan) })
    .where('id', '=', id)
    .execute();
}

export async function markUndone(trx: Transaction<DB>, id: string, staffId: number) {
  await trx
    .updateTable('content_imports')
    .set({ status: 'undone', undone_at: new Date(), undone_by: staffId })
    .where('id', '=', id)
    .execute();
}

/** Drops a dry run that was not applied; false when it is not a planned one. */
export async function cancelImport(db: Db, id: string): Promise<boolean> {
  const r = await db
    .updateTable('content_imports')
    .set({ status: 'cancelled', plan: null })
    .where('id', '=', id)
    .where('status', '=', 'planned')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
