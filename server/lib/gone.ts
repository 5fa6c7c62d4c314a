import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { HttpError, notFound } from './errors.js';

/**
 * The error for an item a detail route did not find: 410 Gone when the back office archived it
 * (the address existed and will not come back: search engines drop it), else 404. Costs a query
 * only on the way to an error.
 */
export async function notFoundOrGone(
  db: Kysely<DB>,
  section: string,
  id: number,
  what: string,
): Promise<HttpError> {
  const archived = await db
    .selectFrom('content_drafts')
    .select('id')
    .where('section', '=', section)
    .where('id', '=', id)
    .where('status', '=', 'archived')
    .executeTakeFirst();
  return archived ? new HttpError(410, `${what} was removed from the site`) : notFound(what);
}
