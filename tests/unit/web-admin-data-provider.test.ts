import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../web/admin/providers/data-provider';
import { ApiError } from '../../web/admin/providers/http';

// The back office's data provider (web/admin/providers/data-provider.ts): what it asks of
// /api/admin/ for each react-admin call, and what it makes of the answers. The server's side is
// the API tests'; here `fetch` answers what the API answers, and records the requests.

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

let sent: Sent[];
let answers: { status: number; body: unknown }[];

beforeEach(() => {
  sent = [];
  answers = [];
  vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=tok123' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({
      method: init.method ?? 'GET',
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const answer = answers.shift() ?? { status: 200, body: {} };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const words: Record<string, (o: Record<string, unknown>) => string> = {
  'admin.errors.conflict': (o) => `conflict: ${o.fields}`,
  'admin.errors.codes.email_invalid': () => 'не адрес почты',
  'admin.errors.codes.invalid_value': (o) => `поле «${o.field}» не принято`,
  'admin.errors.status.400': () => 'данные не приняты',
  'resources.accounts.fields.email': () => 'Почта',
  'resources.content/news.fields.title': () => 'Заголовок',
};
const translate = (key: string, options: Record<string, unknown> = {}) =>
  words[key]?.(options) ?? String(options._ ?? key);

const provider = () =>
  createDataProvider({ translate } as never, {
    accounts: { update: 'patch', readOnly: ['email'] },
  });

describe('the back office data provider', () => {
  it('asks a list page with sort, search and filters, and reads {count, results}', async () => {
    answers.push({ status: 200, body: { count: 42, results: [{ id: 7, version: 3 }] } });
    const list = await provider().getList('content/news', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'updated_at', order: 'DESC' },
      filter: { q: 'маяк', status: 'draft', district_id: 4, empty: '', gone: undefined },
    });
    expect(list).toEqual({ data: [{ id: 7, version: 3 }], total: 42 });
    const url = new URL(sent[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/admin/content/news');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      per_page: '25',
      sort: 'updated_at',
      order: 'desc',
      q: 'маяк',
      status: 'draft',
      district_id: '4',
    });
  });

  it('saves a content item whole with PUT and the version it was read at, with the XSRF header', async () => {
    const previous = { id: 7, version: 3, status: 'draft', updated_at: 'x', missing: [], document: { a: 1 } };
    answers.push({ status: 200, body: { ...previous, version: 4 } });
    const saved = await provider().update('content/news', {
      id: 7,
      data: { ...previous, document: { a: 2 } },
      previousData: previous,
    });
    expect(saved.data.version).toBe(4);
    expect(sent[0]?.method).toBe('PUT');
    expect(sent[0]?.url).toBe('/api/admin/content/news/7');
    expect(sent[0]?.body).toEqual({ status: 'draft', document: { a: 2 }, version: 3 });
    expect(sent[0]?.headers['x-xsrf-token']).toBe('tok123');
  });

  it('sends an account only its changed fields with PATCH, never a read-only one', async () => {
    const previous = { id: 2, email: 'a@b.c', name: 'Ann', role: 'editor', disabled: false };
    answers.push({ status: 200, body: { ...previous, role: 'admin' } });
    await provider().update('accounts', {
      id: 2,
      data: { ...previous, email: 'changed@b.c', role: 'admin' },
      previousData: previous,
    });
    expect(sent[0]?.method).toBe('PATCH');
    expect(sent[0]?.body).toEqual({ role: 'admin' });
  });

  it('creates with POST, sending what the form has (read-only fields included)', async () => {
    answers.push({ status: 201, body: { id: 9, email: 'n@b.c' } });
    const created = await provider().create('accounts', { data: { email: 'n@b.c', role: 'editor' } });
    expect(created.data.id).toBe(9);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/admin/accounts',
      body: { email: 'n@b.c', role: 'editor' },
    });
  });

  it('says which fields someone else changed when a save meets a 409, and keeps the stored item', async () => {
    const current = { id: 7, version: 5, status: 'published', document: { title: 'theirs' } };
    answers.push({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'someone else saved',
        current,
        changed: ['title', 'status'],
      },
    });
    const error = await provider()
      .update('content/news', { id: 7, data: { id: 7, version: 3 }, previousData: { id: 7, version: 3 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).message).toBe('conflict: Заголовок, status');
    expect((error as ApiError).body.current).toEqual(current);
  });

  it('puts a field error where react-admin forms look for it, in the back office’s words', async () => {
    answers.push({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'body email is not a valid email address',
        field: 'email',
        code: 'email_invalid',
      },
    });
    const error = (await provider()
      .create('accounts', { data: { email: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.body.errors).toEqual({ email: 'не адрес почты' });
    expect(error.message).toBe('не адрес почты');
  });

  it('names a refused value by its field’s label, and never shows the server’s English', async () => {
    answers.push({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'body/email must match format "email"',
        code: 'invalid_value',
        params: { field: 'email' },
      },
    });
    answers.push({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'something odd' } });
    const named = (await provider()
      .create('accounts', { data: { email: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(named.message).toBe('поле «Почта» не принято');
    const uncoded = (await provider()
      .create('accounts', { data: { email: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(uncoded.message).toBe('данные не приняты');
  });
});
