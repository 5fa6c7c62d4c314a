import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { sha256 } from './sessions.js';

// Recovery codes: one-time codes that sign in in place of a code of the authenticator app, for the
// day the phone is lost. Each has 16 characters of Crockford's base32 (80 random bits): SHA-256 is
// enough to store them (guessing one from its hash takes 2^79 tries on average), and unlike a hash
// keyed with SECRET_KEY they do not have to be made again when the key changes.

export const recoveryCodeCount = 10;
const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
/** `k7dq-m2xp-9fhr-w3tb` */
export const recoveryCodeShape = /^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/;

type Db = Kysely<DB> | Transaction<DB>;

function newCode(): string {
  const chars = Array.from({ length: 16 }, () => alphabet[crypto.randomInt(alphabet.length)]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/**
 * A code as typed, in the form it is stored in: case, spaces and dashes do not matter, and the
 * letters read for digits (o, i, l) are those digits, as Crockford's base32 has it.
 */
export function normalRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

const hashOf = (staffId: number, typed: string) => sha256(`${staffId}:${normalRecoveryCode(typed)}`);

/** New codes for an account, replacing all its others; the only time they are seen in the clear. */
export async function replaceRecoveryCodes(db: Db, staffId: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newCode);
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  await db
    .insertInto('staff_recovery_codes')
    .values(codes.map((code) => ({ staff_id: staffId, code_hash: hashOf(staffId, code) })))
    .execute();
  return codes;
}

/** Spends a code: true once for each code of the account, false for anything else. */
export async function spendRecoveryCode(db: Db, staffId: number, typed: string): Promise<boolean> {
  const used = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: new Date() })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', hashOf(staffId, typed))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Db, staffId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRecoveryCodes(db: Db, staffId: number): Promise<void> {
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
}
