import type { AdminErrorCode, AdminErrorParams } from '../../../common/admin-errors.js';
import { HttpError } from '../../lib/errors.js';

/**
 * A refusal of the back office's API: the English message for logs and API users, the code and
 * params the back office words it with in its own language (common/admin-errors.ts), and any
 * other field of AdminError (`field`, `second_factor`, ...).
 */
export function staffError(
  status: number,
  code: AdminErrorCode,
  message: string,
  extra: { params?: AdminErrorParams; [field: string]: unknown } = {},
): HttpError {
  return new HttpError(status, message, { code, ...extra });
}

/** 404 of an item, account, message or photo that is not there (any more). */
export const staffNotFound = (what: string) => staffError(404, 'not_found', `${what} not found`);
