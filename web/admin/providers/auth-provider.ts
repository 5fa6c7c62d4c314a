import type { AuthProvider, UserIdentity } from 'react-admin';
import type { StaffMe } from '../../../common/admin-api';
import { ApiError, api } from './http';

/**
 * What the sign-in form sends: the code (or a recovery code) only on the second step, once the
 * server asked for it or slowed the account down.
 */
export interface SignInParams {
  email: string;
  password: string;
  code?: string;
  recovery_code?: string;
}

/** The signed-in account as react-admin's identity: the top bar shows `fullName`. */
export type StaffIdentity = UserIdentity & StaffMe;

/** Where an admin who must set up the second factor is taken before anything else. */
export const myAccountPath = '/my-account';

/** What only admins may open: the staff accounts and the settings. Editors get the content. */
const adminOnly = new Set(['accounts', 'settings']);

let me: Promise<StaffMe> | null = null;

/** The signed-in account: asked of the server on each page change, shared by the calls in between. */
export function currentStaff(): Promise<StaffMe> {
  me ??= api<StaffMe>('GET', '/auth/me').catch((err) => {
    me = null;
    throw err;
  });
  return me;
}

/** After the server answered with a new StaffMe (sign-in, link, second factor turned on or off). */
export function staffChanged(next: StaffMe | null): void {
  me = next ? Promise.resolve(next) : null;
}

const identityOf = (staff: StaffMe): StaffIdentity => ({ ...staff, fullName: staff.name || staff.email });

/**
 * Sessions live on the server (an HttpOnly cookie): this provider asks /api/admin/auth/* and keeps
 * no secret in the browser. A 401 of any request ends the session on this side; a 403 that says
 * the second factor is required takes the admin to "My account" without signing out.
 */
export const authProvider: AuthProvider = {
  async login({ email, password, code, recovery_code }: SignInParams) {
    const staff = await api<StaffMe>('POST', '/auth/sign-in', {
      email,
      password,
      ...(code ? { code } : {}),
      ...(recovery_code ? { recovery_code } : {}),
    });
    staffChanged(staff);
    return staff.totp_required ? { redirectTo: myAccountPath } : undefined;
  },

  async logout() {
    if (me) await api('POST', '/auth/sign-out').catch(() => {});
    staffChanged(null);
  },

  // Asked of the server on every page change (react-admin calls it then): a session ended elsewhere
  // (signed out everywhere, the account disabled, 30 minutes idle) shows at once, not at the next
  // write.
  async checkAuth() {
    staffChanged(null);
    await currentStaff();
  },

  async checkError(error: unknown) {
    const status = (error as { status?: number })?.status;
    if (status === 401) {
      staffChanged(null);
      throw error;
    }
    if (status === 403 && error instanceof ApiError && error.body.totp_required) {
      staffChanged(null);
      throw { logoutUser: false, redirectTo: myAccountPath, message: false };
    }
  },

  async getIdentity() {
    return identityOf(await currentStaff());
  },

  async getPermissions() {
    return (await currentStaff()).role;
  },

  async canAccess({ resource }) {
    const staff = await currentStaff();
    return staff.role === 'admin' || !adminOnly.has(resource);
  },
};
