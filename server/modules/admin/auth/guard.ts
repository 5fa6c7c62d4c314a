import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '../../../db/schema.js';
import { HttpError } from '../../../lib/errors.js';
import { isAdminSlashPath } from '../../../lib/request-url.js';
import { staffError } from '../errors.js';
import { readSettings } from '../settings/repository.js';
import { currentStaff, type Staff } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account of an /api/admin/ request that passed `requireStaff`. */
    staff: Staff | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call an /api/admin/ route: 'editor' (any signed-in account), 'admin', or 'anyone'
     * (sign-in, one-time links). Every admin route says it; one that does not is refused.
     */
    staff?: StaffRole | 'anyone';
  }
}

/**
 * The rule of every /api/admin/ route, from its `config.staff`: no session is a 401, a session
 * whose role is too low a 403. Enforced here, on the server, whatever the back office shows.
 */
export function registerStaffGuard(app: FastifyInstance): void {
  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Answers about one account are never kept by a shared cache or the response cache.
    void reply.header('cache-control', 'private, no-store');
    if (isAdminSlashPath(request.url)) {
      throw staffError(
        404,
        'not_found',
        `No such resource: ${request.url.split('?')[0]} (the addresses end without a slash)`,
      );
    }
    const rule = request.routeOptions.config.staff;
    if (request.routeOptions.url === undefined) return;
    if (rule === undefined) throw new HttpError(500, 'admin route without an access rule');
    if (rule === 'anyone') {
      request.staff = await currentStaff(app.db, request);
      return;
    }
    request.staff = await admitStaff(
      app,
      request,
      rule,
      request.routeOptions.url.startsWith('/api/admin/auth/'),
    );
  });
}

/**
 * The signed-in account of a request that needs one of `role`: no session is a 401, a role too
 * low a 403, and so is an admin without a second factor when the settings require one, except
 * where it is set up (`settingUp`). Used by the guard, and by the staff's pages outside /api/admin.
 */
export async function admitStaff(
  app: FastifyInstance,
  request: FastifyRequest,
  role: StaffRole,
  settingUp = false,
): Promise<Staff> {
  const staff = await currentStaff(app.db, request);
  if (!staff) throw staffError(401, 'sign_in_needed', 'sign in first: no session, or it has expired');
  if (role === 'admin' && staff.role !== 'admin')
    throw staffError(403, 'admin_only', 'only an admin may do this');
  if (
    staff.role === 'admin' &&
    !staff.totp_enabled &&
    !settingUp &&
    (await readSettings(app.db)).totp_required_for_admins
  ) {
    throw staffError(
      403,
      'totp_required',
      'set up the second factor first: the settings require it for admins',
      {
        totp_required: true,
      },
    );
  }
  return staff;
}

/** The signed-in account of a request whose route needs one (the guard let it through). */
export function staffOf(request: FastifyRequest): Staff {
  if (!request.staff) throw staffError(401, 'sign_in_needed', 'sign in first: no session, or it has expired');
  return request.staff;
}
