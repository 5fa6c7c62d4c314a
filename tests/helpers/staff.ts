import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { searchFields } from '../../common/sections/base.js';
import type { DB, StaffRole } from '../../server/db/schema.js';
import { hashPassword } from '../../server/modules/admin/auth/passwords.js';

/** A password that passes the back office's rules. */
/**
 * The search and sharing fields left empty (decision 053), as the back office's form sends them for a
 * new item: a save sends every field, so a document written by hand spreads these in.
 */
export const unsetSearchFields = Object.fromEntries(searchFields.map((f) => [f.name, null]));

export const goodPassword = 'Ладожский маяк 1910 года';

// Counts kept in Redis outlive a test process (an hour), and every test process on the machine
// shares that Redis: each process starts at its own random place in 10.0.0.0/8, so that a count
// left by an earlier run or another file never meets this one's addresses.
let addressSeq = Math.floor(Math.random() * 250 * 250 * 250);
/** A fresh client address per call, so that one test's rate limits do not touch another's. */
export const newAddress = () => {
  const n = ++addressSeq;
  return `10.${Math.floor(n / 62_500) % 250}.${Math.floor(n / 250) % 250}.${n % 250}`;
};

/** An account with a password, made directly in the database. */
export async function makeStaff(
  db: Kysely<DB>,
  email: string,
  role: StaffRole,
  password = goodPassword,
): Promise<number> {
  const row = await db
    .insertInto('staff')
    .values({ email, role, name: email.split('@')[0] ?? '', password_hash: await hashPassword(password) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface Answer {
  status: number;
  body: any;
  headers: Record<string, unknown>;
  cookies: string[];
}

/**
 * A browser of the back office: keeps the cookies it is given (the XSRF pair, the session) and
 * echoes the XSRF cookie in the header of every write, as the admin client does.
 */
export class StaffBrowser {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly address = newAddress(),
  ) {}

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    opts: { xsrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    if (method !== 'GET' && !this.jar.has('XSRF-TOKEN')) await this.request('GET', '/api/admin/auth/me');
    const headers: Record<string, string> = { ...opts.headers };
    if (this.jar.size) headers.cookie = this.cookie;
    if (method !== 'GET' && opts.xsrf !== false) headers['x-xsrf-token'] = this.jar.get('XSRF-TOKEN') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.address,
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const set = res.headers['set-cookie'];
    const cookies = set === undefined ? [] : Array.isArray(set) ? set : [String(set)];
    for (const c of cookies) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    let json: any;
    try {
      json = res.json();
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, body: json, headers: res.headers, cookies };
  }

  signIn(email: string, password = goodPassword, code?: string): Promise<Answer> {
    return this.request('POST', '/api/admin/auth/sign-in', { email, password, ...(code ? { code } : {}) });
  }
}
