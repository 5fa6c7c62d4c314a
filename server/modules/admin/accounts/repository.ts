import { type Kysely, sql } from 'kysely';
import type { StaffAccount } from '../../../../common/admin-api.js';
import type { DB, QueuedMail, StaffLinkPurpose, StaffRole } from '../../../db/schema.js';
import type { MailQueue } from '../../../lib/mail.js';
import { createLink } from '../auth/links.js';

/** The staff accounts in the order they were made (or the one with the id), with when each was last seen. */
export async function listAccounts(db: Kysely<DB>, id?: number): Promise<StaffAccount[]> {
  let query = db
    .selectFrom('staff as a')
    .select([
      'a.id',
      'a.email',
      'a.name',
      'a.role',
      'a.totp_enabled',
      'a.created_at',
      sql<boolean>`a.password_hash is null`.as('invited'),
      sql<boolean>`a.disabled_at is not null`.as('disabled'),
      sql<Date | null>`(select max(s.last_seen_at) from staff_sessions s where s.staff_id = a.id)`.as(
        'last_seen_at',
      ),
    ])
    .orderBy('a.id');
  if (id !== undefined) query = query.where('a.id', '=', id);
  const rows = await query.execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    created_at: r.created_at.toISOString(),
    last_seen_at: r.last_seen_at ? new Date(r.last_seen_at).toISOString() : null,
  }));
}

/** Whether a change of the account would leave the portal without an admin who can sign in. */
export async function lastAdmin(db: Kysely<DB>, id: number): Promise<boolean> {
  const others = await db
    .selectFrom('staff')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .where('password_hash', 'is not', null)
    .where('id', '!=', id)
    .executeTakeFirstOrThrow();
  return others.n === 0;
}

/** A new one-time link for an account and the mail that carries it (`letter` of the link's token). */
async function queueLink(
  db: Kysely<DB>,
  mail: MailQueue,
  purpose: StaffLinkPurpose,
  staffId: number,
  letter: (token: string) => QueuedMail,
): Promise<void> {
  const token = await createLink(db, purpose, staffId);
  await mail.enqueue(db, `staff-${purpose}`, letter(token));
}

/**
 * Invites a member of staff: the account without a password, its invitation link and the mail
 * that carries it, in one transaction. Returns the account's id.
 */
export async function inviteAccount(
  db: Kysely<DB>,
  mail: MailQueue,
  account: { email: string; name: string; role: StaffRole },
  letter: (token: string) => QueuedMail,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('staff').values(account).returning('id').executeTakeFirstOrThrow();
    await queueLink(trx, mail, 'invite', Number(row.id), letter);
    return Number(row.id);
  });
}

/** Replaces an account's link of the purpose with a new one, and queues the mail that carries it. */
export async function mailLink(
  db: Kysely<DB>,
  mail: MailQueue,
  purpose: StaffLinkPurpose,
  staffId: number,
  letter: (token: string) => QueuedMail,
): Promise<void> {
  await db.transaction().execute((trx) => queueLink(trx, mail, purpose, staffId, letter));
}

/** Sets the fields given: name, role, and disabled (since now) or not. */
export async function updateAccount(
  db: Kysely<DB>,
  id: number,
  changes: { name?: string | undefined; role?: StaffRole | undefined; disabled?: boolean | undefined },
): Promise<void> {
  const { name, role, disabled } = changes;
  await db
    .updateTable('staff')
    .set({
      ...(name !== undefined ? { name: name.trim() } : {}),
      ...(role !== undefined ? { role } : {}),
      ...(disabled !== undefined ? { disabled_at: disabled ? new Date() : null } : {}),
    })
    .where('id', '=', id)
    .execute();
}
