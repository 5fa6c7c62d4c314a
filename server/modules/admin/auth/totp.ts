import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { DB } from '../../../db/schema.js';
import { type KeyRing, SecretKeyError } from '../../../lib/secret-box.js';

// The optional second factor: RFC 6238 codes (six digits, 30 s) that any authenticator app makes.
// Its secret is stored sealed with SECRET_KEY (server/lib/secret-box.ts) and bound to its account:
// a copy of the database alone does not give the codes.

const issuer = 'Туристический портал Ленинградской области';

export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer, label: email, secret }) };
}

/** What a sealed secret is bound to: the account it belongs to. */
const context = (staffId: number) => `staff:${staffId}:totp`;

export const sealTotpSecret = (keys: KeyRing, staffId: number, secret: string) =>
  keys.seal(secret, context(staffId));

/**
 * The secret of an account's stored value; one still in the clear (stored before secrets were
 * sealed, and not yet sealed by a start) is taken as it is. Throws SecretKeyError when no key
 * of the configuration opens it.
 */
export function openTotpSecret(keys: KeyRing, staffId: number, stored: string): string {
  return keys.keyIdOf(stored) === null ? stored : keys.open(stored, context(staffId));
}

/**
 * At start: seals with the current key every secret still in the clear or sealed with a previous
 * key (SECRET_KEY_PREVIOUS), so that after a rotation the old key can be dropped at the next
 * start. A secret no key opens is left as it is and reported: its account signs in with a recovery
 * code until the key it was sealed with is configured again.
 */
export async function resealTotpSecrets(
  db: Kysely<DB>,
  keys: KeyRing,
  log: FastifyBaseLogger,
): Promise<{ sealed: number; unreadable: number }> {
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .execute();
  let sealed = 0;
  const unreadable: string[] = [];
  for (const row of rows) {
    const stored = row.totp_secret as string;
    const id = Number(row.id);
    if (keys.keyIdOf(stored) === keys.currentId) continue;
    let secret: string;
    try {
      secret = openTotpSecret(keys, id, stored);
    } catch (err) {
      if (!(err instanceof SecretKeyError)) throw err;
      unreadable.push(`account ${id}: ${err.message}`);
      continue;
    }
    // Only if nobody changed it meanwhile (another process sealing it, a new set-up).
    const done = await db
      .updateTable('staff')
      .set({ totp_secret: sealTotpSecret(keys, id, secret) })
      .where('id', '=', id)
      .where('totp_secret', '=', stored)
      .executeTakeFirst();
    sealed += Number(done.numUpdatedRows);
  }
  if (sealed) log.info(`sealed ${sealed} second-factor secrets with the key ${keys.currentId}`);
  if (unreadable.length) {
    log.error(
      `SECRET_KEY: ${unreadable.length} second-factor secrets cannot be opened (${unreadable.join('; ')}). ` +
        'Put the key they were sealed with in SECRET_KEY_PREVIOUS; until then these accounts sign in with a recovery code.',
    );
  }
  return { sealed, unreadable: unreadable.length };
}

/**
 * The time step (30 s) of a code that is right now, or one step before or after (phone clocks
 * drift); null for a wrong code.
 */
export async function totpStep(secret: string, code: string): Promise<number | null> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30 });
    return result.valid ? Math.floor(Date.now() / 30_000) + result.delta : null;
  } catch {
    return null;
  }
}
