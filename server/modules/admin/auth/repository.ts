import { type Kysely, sql, type Transaction } from 'kysely';
import type { StaffMe } from '../../../../common/admin-api.js';
import type { DB, StaffRole } from '../../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface StaffRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enabled: boolean;
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

export async function setPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('staff')
    .set({ password_hash: passwordHash, password_changed_at: new Date() })
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
