import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DB, StaffRole } from '../../../db/schema.js';

/** The session cookie: HttpOnly (no script reads it), SameSite=Strict, Secure over HTTPS. */
export const sessionCookie = 'portal_staff';
/** A session ends after this long without a request ... */
export const idleMinutes = 30;
/** ... and this long after the sign-in, whichever comes first. */
export const absoluteHours = 12;
/** last_seen_at is written at most this often: a click every second must not be a write every second. */
const touchEverySeconds = 60;

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
export const newToken = () => crypto.randomBytes(32).toString('base64url');
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** The signed-in account of a request. */
export interface Staff {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  totp_enabled: boolean;
  sessionId: string;
}

export function cookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  } as const;
}

/**
 * Starts a session for an account: a new random id every sign-in (a session id planted before the
 * sign-in is never promoted), stored hashed; the cookie carries the id.
 */
export async function startSession(
  db: Kysely<DB>,
  request: FastifyRequest,
  reply: FastifyReply,
  staffId: number,
): Promise<void> {
  const token = newToken();
  await db
    .insertInto('staff_sessions')
    .values({
      id: sha256(token),
      staff_id: staffId,
      ip: request.ip,
      user_agent: (request.headers['user-agent'] ?? '').slice(0, 300),
    })
    .execute();
  void reply.setCookie(sessionCookie, token, cookieOptions(request));
}

/** The live session of a request's cookie with its account, touching it; null if none. */
export async function currentStaff(db: Kysely<DB>, request: FastifyRequest): Promise<Staff | null> {
  const token = request.cookies[sessionCookie];
  if (!token || !tokenShape.test(token)) return null;
  const id = sha256(token);
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as a', 'a.id', 's.staff_id')
    .select([
      'a.id',
      'a.email',
      'a.name',
      'a.role',
      'a.totp_enabled',
      sql<boolean>`s.last_seen_at < now() - make_interval(secs => ${touchEverySeconds})`.as('stale'),
    ])
    .where('s.id', '=', id)
    .where('a.disabled_at', 'is', null)
    .where(sql<boolean>`s.last_seen_at > now() - make_interval(mins => ${idleMinutes})`)
    .where(sql<boolean>`s.created_at > now() - make_interval(hours => ${absoluteHours})`)
    .executeTakeFirst();
  if (!row) return null;
  if (row.stale)
    await db.updateTable('staff_sessions').set({ last_seen_at: new Date() }).where('id', '=', id).execute();
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    role: row.role,
    totp_enabled: row.totp_enabled,
    sessionId: id,
  };
}

/** Ends the request's session on the server and clears its cookie. */
export async function endSession(
  db: Kysely<DB>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = request.cookies[sessionCookie];
  if (token && tokenShape.test(token))
    await db.deleteFrom('staff_sessions').where('id', '=', sha256(token)).execute();
  void reply.clearCookie(sessionCookie, cookieOptions(request));
}

/** Ends every session of an account (sign out everywhere, a new password, a disabled account). */
export async function endAllSessions(db: Kysely<DB>, staffId: number, except?: string): Promise<void> {
  let query = db.deleteFrom('staff_sessions').where('staff_id', '=', staffId);
  if (except) query = query.where('id', '!=', except);
  await query.execute();
}

/** Deletes the sessions that can no longer be used (run now and then; they would be refused anyway). */
export async function purgeSessions(db: Kysely<DB>): Promise<void> {
  await db
    .deleteFrom('staff_sessions')
    .where((eb) =>
      eb.or([
        eb(sql`last_seen_at`, '<', sql`now() - make_interval(mins => ${idleMinutes})`),
        eb(sql`created_at`, '<', sql`now() - make_interval(hours => ${absoluteHours})`),
      ]),
    )
    .execute();
}
