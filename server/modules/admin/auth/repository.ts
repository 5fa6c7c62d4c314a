import { type Kysely, sql, type Transaction } from 'kysely';
import type { StaffMe } from '../../../../common/admin-api.js';
import type { DB, StaffRole } from '../../../db/schema.js';

/** Failed sign-ins in a row that lock an account until an admin (or a password reset) lifts it. */
export const lockAfterFailures = 10;

type Db = Kysely<DB> | Transaction<DB>;

export interface StaffRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enabled: boolean;
  locked_at: Date | null;
  disabled_at: Date | null;
}

const columns = [
  'id',
  'email',
  'name',
  'role',
  'password_hash',
  'totp_secret',
  'totp_enabled',
  'locked_at',
  'disabled_at',
] as const;

const normal = (row: StaffRow | undefined) => (row ? { ...row, id: Number(row.id) } : null);

export async function staffByEmail(db: Db, email: string): Promise<StaffRow | null> {
  return normal(
    await db
      .selectFrom('staff')
      .select(columns)
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst(),
  );
}

export async function staffById(db: Db, id: number): Promise<StaffRow | null> {
  return normal(await db.selectFrom('staff').select(columns).where('id', '=', id).executeTakeFirst());
}

export async function anyStaff(db: Db): Promise<boolean> {
  return (await db.selectFrom('staff').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Counts a failed sign-in; the one that reaches the threshold locks the account. */
export async function recordFailure(db: Db, id: number): Promise<void> {
  await db
    .updateTable('staff')
    .set((eb) => ({
      failed_logins: eb('failed_logins', '+', 1),
      locked_at: sql`case when failed_logins + 1 >= ${lockAfterFailures} then coalesce(locked_at, now()) else locked_at end`,
    }))
    .where('id', '=', id)
    .execute();
}

export async function recordSuccess(db: Db, id: number): Promise<void> {
  await db.updateTable('staff').set({ failed_logins: 0 }).where('id', '=', id).execute();
}

export async function setPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('staff')
    .set({ password_hash: passwordHash, password_changed_at: new Date(), failed_logins: 0, locked_at: null })
    .where('id', '=', id)
    .execute();
}

export function me(
  row: Pick<StaffRow, 'id' | 'email' | 'name' | 'role' | 'totp_enabled'>,
  totpRequired: boolean,
): StaffMe {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    totp_enabled: row.totp_enabled,
    totp_required: totpRequired && row.role === 'admin' && !row.totp_enabled,
  };
}
