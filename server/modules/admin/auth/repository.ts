import { type Kysely, sql, type Transaction } from 'kysely';
import type { StaffMe } from '../../../../common/admin-api.js';
import type { DB, StaffRole } from '../../../db/schema.js';
import { deleteRecoveryCodes, replaceRecoveryCodes } from './recovery-codes.js';

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

/**
 * Claims a step of the account's authenticator app for a sign-in: false when a code of that step
 * or a later one was accepted already (a code counts once).
 */
export async function claimTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const claimed = await db
    .updateTable('staff')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** Keeps a new second factor's secret (sealed), not in use until a code of it is confirmed. */
export async function storeTotpSecret(db: Db, id: number, sealedSecret: string): Promise<void> {
  await db.updateTable('staff').set({ totp_secret: sealedSecret }).where('id', '=', id).execute();
}

/** Turns the second factor on, with new recovery codes (answered: the only time they are seen). */
export async function enableTotp(db: Kysely<DB>, id: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set({ totp_enabled: true }).where('id', '=', id).execute();
    return replaceRecoveryCodes(trx, id);
  });
}

/** Turns the second factor off: its secret and its recovery codes go with it. */
export async function disableTotp(db: Kysely<DB>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff')
      .set({ totp_enabled: false, totp_secret: null })
      .where('id', '=', id)
      .execute();
    await deleteRecoveryCodes(trx, id);
  });
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
