import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ReadApi, ReadFailure } from '../../common/read-api';
import { ApiError, apiErrorStatus, createApiClient, type Fetch, withParams } from '../../web/api/client';
import { createReadClient } from '../../web/api/read-client';
import { subscribeError } from '../../web/features/newsletter/errors';

/** A fetch that records what it was asked and answers `response`. */
function recorder(response: () => Response) {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const send: Fetch = async (url, init) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    return response();
  };
  return { calls, send };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

describe('web API client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('writes arrays as repeated keys, leaves out undefined and null, keeps commas readable', () => {
    expect(withParams('/api/routes/', { way_to_travel: ['a', 'b'], limit: 9, offset: undefined })).toBe(
      '/api/routes/?way_to_travel=a&way_to_travel=b&limit=9',
    );
    expect(withParams('/api/attractions/', { district__in: '1,2', search: 'озеро & лес', x: null })).toBe(
      '/api/attractions/?district__in=1,2&search=%D0%BE%D0%B7%D0%B5%D1%80%D0%BE+%26+%D0%BB%D0%B5%D1%81',
    );
    expect(withParams('/api/search/?q=a', { limit: 4 })).toBe('/api/search/?q=a&limit=4');
    expect(withParams('/api/pages/', {})).toBe('/api/pages/');
    expect(withParams('/api/pages/', { empty: [] })).toBe('/api/pages/');
  });

  it('sends a GET in the page language and returns the JSON answer, without an XSRF header', async () => {
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=t0k3n' });
    const { calls, send } = recorder(() => json({ results: [1, 2] }));
    const data = await createApiClient(send).get('/api/routes/', 'en', { limit: 2, type__in: [1, 3] });
    expect(data).toEqual({ results: [1, 2] });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/routes/?limit=2&type__in=1&type__in=3');
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers.get('accept-language')).toBe('en');
    expect(calls[0]?.headers.get('accept')).toBe('application/json');
    expect(calls[0]?.headers.has('x-xsrf-token')).toBe(false);
  });

  it('echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN on a write, with a JSON body', async () => {
    vi.stubGlobal('document', { cookie: 'i18next=en; XSRF-TOKEN=abc%2Bdef%3D; other=1' });
    const { calls, send } = recorder(() => json({ id: 7 }, 201));
    const api = createApiClient(send);
    expect(await api.post('/api/auth/feedback/', { name: 'Анна' }, 'zh')).toEqual({ id: 7 });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('x-xsrf-token')).toBe('abc+def=');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.headers.get('accept-language')).toBe('zh');
    expect(calls[0]?.body).toEqual({ name: 'Анна' });
    // Without the cookie (on the server, or before the first page set it) no header is made up.
    vi.stubGlobal('document', { cookie: '' });
    await api.post('/api/auth/unsubscribe/', { token: 'x' });
    expect(calls[1]?.headers.has('x-xsrf-token')).toBe(false);
    expect(calls[1]?.headers.has('accept-language')).toBe(false);
  });

  it('throws an ApiError with the status, the headers and the JSON error body', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = { error: 'Bad Request', message: 'email: must be an email address', statusCode: 400 };
    const { send } = recorder(() => json(body, 400));
    const error = await createApiClient(send)
      .post('/api/auth/subscribe/', { email: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(apiErrorStatus(error)).toBe(400);
    expect((error as ApiError).body).toEqual(body);
    // On the server the API in the same process has logged the failure: no second line.
    expect(console.error).not.toHaveBeenCalled();
    // In the browser the failed call is logged once.
    vi.stubGlobal('window', {});
    await createApiClient(send)
      .post('/api/auth/subscribe/', { email: 'x' })
      .catch(() => undefined);
    expect(console.error).toHaveBeenCalledWith('POST /api/auth/subscribe/ failed with status 400');

    const limited = recorder(() => json({ message: 'slow down' }, 429, { 'retry-after': '90' }));
    const rateLimited = await createApiClient(limited.send)
      .post('/api/auth/subscribe/', { email: 'a@b.c' })
      .catch((e: unknown) => e);
    expect(subscribeError(rateLimited, 'a@b.c')).toEqual({ kind: 'rateLimited', minutes: 2 });

    const text = recorder(() => new Response('upstream down', { status: 502 }));
    const failed = await createApiClient(text.send)
      .get('/api/pages/', 'ru')
      .catch((e: unknown) => e);
    expect(apiErrorStatus(failed)).toBe(502);
    expect((failed as ApiError).body).toBe('upstream down');
  });

  it('rethrows a failure to reach the server as it is: no status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const offline = new TypeError('Failed to fetch');
    const error = await createApiClient(() => Promise.reject(offline))
      .get('/api/pages/', 'ru')
      .catch((e: unknown) => e);
    expect(error).toBe(offline);
    expect(apiErrorStatus(error)).toBeUndefined();
    expect(apiErrorStatus(new Error('other'))).toBeUndefined();
    expect(subscribeError(error, 'a@b.c')).toEqual({ kind: 'network' });
  });

  it("on the server, reads the API in-process: the route's object as it is, a failure as the ApiError", async () => {
    const item = { id: 5, name: 'Копорье' };
    const body = { statusCode: 404, error: 'Not Found', message: 'route 99 not found' };
    const detail = vi.fn(async (_lang: string, _section: string, id: number) => {
      if (id === 5) return item;
      throw new ReadFailure(404, body, `/api/routes/${id}/`);
    });
    const api = createReadClient({ detail } as unknown as ReadApi);
    // No copy and no JSON: the very object the route gave.
    expect(await api.read.detail('en', 'routes', 5)).toBe(item);
    expect(detail).toHaveBeenCalledWith('en', 'routes', 5);
    const error = await api.read.detail('zh', 'routes', 99).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(apiErrorStatus(error)).toBe(404);
    expect((error as ApiError).body).toEqual(body);
    expect((error as ApiError).message).toBe('GET /api/routes/99/ failed with status 404');
    // The loaders read only through `read`: a path is a mistake on the server.
    await expect(api.get('/api/routes/5/', 'en')).rejects.toThrow(/through `read`/);
    await expect(api.post('/api/auth/feedback/', {})).rejects.toThrow(/without writes/);
  });

  it("in the browser, each read is a GET of its documented endpoint in the page's language", async () => {
    const asked: string[] = [];
    const api = createApiClient(async (url, init) => {
      asked.push(`${(init.headers as Record<string, string>)['Accept-language']} ${url}`);
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    });
    const r = api.read;
    await r.list('en', 'popular-places', { limit: 6, district__in: '1,2', way_to_travel: [1, 2] });
    await r.detail('en', 'caterings', 7);
    await r.search('zh', { q: 'крепость', limit: 4 });
    await r.mainPage('ru');
    await r.contacts('ru');
    await r.footerContent('ru');
    await r.navList('ru');
    await r.directions('ru');
    await r.direction('ru', 3);
    await r.tourismTypes('ru');
    await r.directory('ru', 'district');
    await r.infoPages('ru');
    await r.infoPage('ru', 'help-information');
    await r.subscribeToggle('ru');
    await r.practicalOffer('ru', { district: 2 });
    await r.trip('ru', { items: 'attractions.1,events.2' });
    expect(asked).toEqual([
      'en /api/attractions/popular/?limit=6&district__in=1,2&way_to_travel=1&way_to_travel=2',
      'en /api/caterings/7/',
      `zh /api/search/?q=${encodeURIComponent('крепость')}&limit=4`,
      'ru /api/pages/main-page/1/',
      'ru /api/contacts/',
      'ru /api/footer-content/',
      'ru /api/directions/nav-list/',
      'ru /api/directions/',
      'ru /api/directions/3/',
      'ru /api/tourism-type/',
      'ru /api/directory/district/',
      'ru /api/pages/',
      'ru /api/pages/help-information/',
      'ru /api/auth/subscribe/toggle/',
      'ru /api/practical-filters/?district=2',
      'ru /api/trip/?items=attractions.1,events.2',
    ]);
  });
});
