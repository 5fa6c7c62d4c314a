/**
 * A client of a running portal over HTTP, as a browser of the back office or a visitor's form: it
 * keeps the cookies it is given and echoes the XSRF cookie in the header of every write. `base`
 * may change between requests (one portal server, then another behind the same site).
 */
export class WebClient {
  readonly jar = new Map<string, string>();
  /** The client's address, sent as X-Forwarded-For (the portals trust the proxy's header). */
  constructor(readonly address: string) {}

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    base: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    type = 'application/json',
  ): Promise<{ status: number; body: any; text: string }> {
    if (method !== 'GET' && !this.jar.has('XSRF-TOKEN'))
      await this.request(base, 'GET', '/api/admin/auth/me');
    const headers: Record<string, string> = { 'x-forwarded-for': this.address };
    if (this.jar.size) headers.cookie = this.cookie;
    if (method !== 'GET') headers['x-xsrf-token'] = this.jar.get('XSRF-TOKEN') ?? '';
    if (body !== undefined) headers['content-type'] = type;
    const payload =
      body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body);
    const res = await fetch(`${base}${path}`, { method, headers, body: payload });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(pair.slice(0, eq));
      else this.jar.set(pair.slice(0, eq), value);
    }
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, body: json, text };
  }
}
