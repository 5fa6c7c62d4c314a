import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { newToken, sha256 } from './sessions.js';

// The device cookie: a browser an account has signed in from is recognised at its next sign-in,
// and other people's failed guesses on that account do not slow it down. A guesser elsewhere never
// holds one, so slowing down every browser but these stops the guesser and not the owner. The
// cookie carries a random value (only its SHA-256 is stored), renewed at every sign-in.

export const deviceCookie = 'portal_device';
/** A device not used for a sign-in this long is forgotten. */
export const deviceDays = 180;
/** A trusted browser's own failures in a row after which it is trusted no more. */
export const deviceFailures = 10;
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

const cookieOptions = (request: FastifyRequest) =>
  ({
    // Only the sign-in reads it.
    path: '/api/admin/auth/sign-in',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: deviceDays * 86_400,
  }) as const;

/** The id of the request's trusted device when it belongs to `staffId`, else null. */
export async function trustedDevice(
  db: Kysely<DB>,
  request: FastifyRequest,
  staffId: number,
): Promise<string | null> {
  const token = request.cookies[deviceCookie];
  if (!token || !tokenShape.test(token)) return null;
  const row = await db
    .selectFrom('staff_devices')
    .select('id')
    .where('id', '=', sha256(token))
    .where('staff_id', '=', staffId)
    .where('failures', '<', deviceFailures)
    .where(sql<boolean>`last_used_at > now() - make_interval(days => ${deviceDays})`)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** After a sign-in: the browser gets a new device cookie for the account (replacing `previous`). */
export async function rememberDevice(
  db: Kysely<DB>,
  request: FastifyRequest,
  reply: FastifyReply,
  staffId: number,
  previous: string | null,
): Promise<void> {
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    if (previous) await trx.deleteFrom('staff_devices').where('id', '=', previous).execute();
    await trx
      .insertInto('staff_devices')
      .values({ id: sha256(token), staff_id: staffId })
      .execute();
    await trx
      .deleteFrom('staff_devices')
      .where(sql<boolean>`last_used_at < now() - make_interval(days => ${deviceDays})`)
      .execute();
  });
  void reply.setCookie(deviceCookie, token, cookieOptions(request));
}

/** A failed sign-in from a trusted browser: counted against that browser alone. */
export async function deviceFailed(db: Kysely<DB>, id: string): Promise<void> {
  await db
    .updateTable('staff_devices')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Forgets every browser of an account (signed out everywhere, a new password set by a link). */
export async function forgetDevices(db: Kysely<DB>, staffId: number): Promise<void> {
  await db.deleteFrom('staff_devices').where('staff_id', '=', staffId).execute();
}
