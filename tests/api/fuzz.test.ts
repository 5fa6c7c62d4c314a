// Property: whatever a client sends (method, path parameters, query string, headers, body) to any
// endpoint, the answer is never a 5xx, an error answer is JSON without a stack trace or SQL, and
// every answer is one the OpenAPI document describes (status, media type, body): the test app's
// inject checks each answer against the document (tests/helpers/openapi.ts). And every operation
// of the document, called with an empty id, a malformed id and no body, by a visitor and by a
// signed-in admin, answers only what the document gives that operation.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/app.js';
import { xsrfPair } from '../helpers/http.js';
import { checkerOf, describeProblems, uncheckedInject } from '../helpers/openapi.js';
import { makeStaff, newAddress, StaffBrowser } from '../helpers/staff.js';

const runs = Number(process.env.FUZZ_RUNS ?? 2000);
const visitorPaths = [
  '/api/auth/feedback/',
  '/api/auth/subscribe/',
  '/api/auth/subscribe/confirm/',
  '/api/auth/unsubscribe/',
];

/** Every route of the OpenAPI document plus the non-API ones, with `{param}` placeholders. */
async function endpoints(t: TestApp): Promise<string[]> {
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
  return [
    ...Object.keys(doc.paths),
    '/locales/{lng}/{ns}.json',
    '/media/{id}/{file}',
    '/api/{nothing}/',
    '/{page}',
  ];
}

/** encodeURIComponent that survives lone surrogates (they go out raw, as a broken client would send them). */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return s.replace(/[\ud800-\udfff]/g, '%ED%A0%80');
  }
};

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1',
    '2147483648',
    '1e309',
    'NaN',
    'null',
    '[]',
    '{}',
    '%',
    '%zz',
    '..',
    '../..',
  ),
  fc.constantFrom('\u0000', '\ud800', "' or 1=1 --", '<script>alert(1)</script>', '1,2,,3', 'a'.repeat(5000)),
  fc.integer().map(String),
);

/** What can travel in a header: printable ASCII (or Latin-1 bytes, which Node reads as such). */
const headerText = text.map((s) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, ''));

const queryKeys = fc.constantFrom(
  'limit',
  'offset',
  'search',
  'q',
  'district__in',
  'city__in',
  'type__in',
  'tourism_type__in',
  'kitchen_type__in',
  'institution_type__in',
  'way_to_travel',
  'date_from',
  'date_to',
  'section',
  'lat',
  'lon',
  'token',
  '__proto__',
  'constructor',
);
const query = fc
  .array(fc.tuple(fc.oneof(queryKeys, fc.string({ maxLength: 10 })), text), { maxLength: 6 })
  .map((pairs) =>
    pairs.map(([k, v], i) => `${enc(k)}=${i % 3 === 2 ? v.replace(/[&#\s]/g, '') : enc(v)}`).join('&'),
  );

const visitorFields = fc.record(
  {
    name: fc.oneof(text, fc.jsonValue()),
    phone: fc.oneof(text, fc.jsonValue()),
    email: fc.oneof(text, fc.emailAddress(), fc.jsonValue()),
    message: fc.oneof(text, fc.jsonValue(), fc.string({ minLength: 4990, maxLength: 5010 })),
    page: text,
    website: fc.oneof(fc.constant(''), text),
    token: text,
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  visitorFields.map((o) => JSON.stringify(o)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  text,
  fc.constantFrom(
    '{',
    '{"message":',
    '{"__proto__":{"a":1}}',
    '{"constructor":{"prototype":{}}}',
    'x'.repeat(70_000),
  ),
  fc.constant(undefined),
);

const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/xml',
      '',
      ';;;',
    ),
    'accept-language': fc.oneof(headerText, fc.constantFrom('en', 'zh-CN,zh;q=0.9', 'ch', '*', 'q=0')),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity', '*', 'gzip;q=0', 'x'),
    'if-none-match': headerText,
    referer: headerText,
    'x-forwarded-for': fc.oneof(fc.ipV4(), headerText),
    'x-forwarded-proto': fc.constantFrom('https', 'http', 'gopher'),
    cookie: text.map((v) => `XSRF-TOKEN=${enc(v)}`),
  },
  { requiredKeys: [] },
);

const request = fc.record({
  method: fc.constantFrom('GET', 'GET', 'POST', 'POST', 'HEAD'),
  /** A third of the cases aim at the visitor forms, mostly with POST. */
  visitor: fc.nat(2).map((n) => n === 0),
  endpoint: fc.nat(),
  params: fc.array(text, { minLength: 4, maxLength: 4 }),
  query,
  headers,
  body,
  validXsrf: fc.boolean(),
  address: fc.ipV4(),
});

describe.each(databaseKinds)('fuzzing every endpoint on %s', (kind) => {
  let t: TestApp;
  let paths: string[];
  let pair: { cookie: string; token: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    paths = await endpoints(t);
    const cookie = String(
      (await t.app.inject({ url: '/api/auth/subscribe/toggle/' })).headers['set-cookie'],
    ).split(';')[0] as string;
    pair = { cookie, token: cookie.slice('XSRF-TOKEN='.length) };
  });
  afterAll(() => t?.close());

  it.each([
    '/api/tourism-type/1e309/',
    '/api/news/1e309/',
    '/api/news/?limit=1e309',
    '/api/routes/?way_to_travel=1e999',
    '/api/tourism-type/?search=%00',
    '/api/attractions/?search=a%00b',
  ])(
    'refuses a number too big for a double or a NUL character (%s) with a 400, found by this test',
    async (url) => {
      const r = await t.app.inject({ url });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toMatch(/must be a finite number|must not contain NUL/);
    },
  );

  it(`never answers 5xx nor anything the document does not describe (${runs} random requests)`, async () => {
    const statuses = new Map<number, number>();
    const checker = checkerOf(t.app);
    const checkedBefore = [...checker.coverage.values()].reduce((a, b) => a + b, 0);
    let count = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        count++;
        let p = 0;
        const template = r.visitor
          ? (visitorPaths[r.endpoint % visitorPaths.length] as string)
          : (paths[r.endpoint % paths.length] as string);
        const method = r.visitor && r.endpoint % 5 !== 0 ? 'POST' : r.method;
        const path = template.replace(/\{[^}]+\}/g, () => enc(r.params[p++ % 4] as string));
        const url = r.query ? `${path}?${r.query}` : path;
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) h[k] = v;
        // most visitor cases get past the XSRF and content-type checks, to reach validation
        if (r.visitor && r.endpoint % 4 !== 0) h['content-type'] = 'application/json';
        if (r.validXsrf || (r.visitor && r.endpoint % 7 !== 0)) {
          h.cookie = pair.cookie;
          h['x-xsrf-token'] = pair.token;
        }
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: h,
          remoteAddress: r.address,
          ...(method === 'POST' && r.body !== undefined ? { payload: r.body } : {}),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) {
          throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        }
        if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
          expect(res.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|select |insert into/i);
        }
      }),
      { numRuns: runs, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    const checked = [...checker.coverage.values()].reduce((a, b) => a + b, 0) - checkedBefore;
    console.log(
      `fuzz on ${kind}: ${count} cases over ${paths.length} endpoints, ${checked} answers of documented ` +
        `operations checked against the document; statuses ${summary.join(', ')}`,
    );
    expect(count).toBeGreaterThanOrEqual(runs);
    expect(checked).toBeGreaterThan(runs / 3);
  }, 180_000);

  it('refuses a body whose field has the wrong JSON type with a 400 naming the field', async () => {
    // The fields of each write, from the document: each is a string, so any other JSON type is wrong.
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    // the visitors' writes (the back office's have their own tests, behind a session)
    const writes = Object.entries(doc.paths as Record<string, any>)
      .filter(
        ([p, item]) => !p.startsWith('/api/admin/') && item.post?.requestBody?.content['application/json'],
      )
      .map(([p, item]) => {
        const schema = item.post.requestBody.content['application/json'].schema;
        return { path: p, fields: Object.keys(schema.properties), required: schema.required as string[] };
      });
    expect(writes.map((w) => w.path).sort()).toEqual([...visitorPaths].sort());
    const wrong = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 2 }),
    );
    const cases = fc.record({
      write: fc.nat(writes.length - 1),
      field: fc.nat(),
      value: wrong,
      address: fc.ipV4(),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ write, field, value, address }) => {
        const w = writes[write] as (typeof writes)[number];
        const name = w.fields[field % w.fields.length] as string;
        const body: Record<string, unknown> = Object.fromEntries(w.required.map((f) => [f, 'a@example.org']));
        body[name] = value;
        const res = await t.app.inject({
          method: 'POST',
          url: w.path,
          headers: { 'content-type': 'application/json', cookie: pair.cookie, 'x-xsrf-token': pair.token },
          payload: JSON.stringify(body),
          remoteAddress: address,
        });
        expect(res.statusCode, `${w.path} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(res.json().message).toBe(`body ${name} must be string`);
      }),
      { numRuns: Math.min(runs, 300) },
    );
  });
});

/** What stands in a path parameter: nothing, and ids no item has or can have. */
const badIds = ['', 'not-an-id', '-1'];

describe.each(databaseKinds)(
  'every operation of the document with an empty id, a malformed id and no body, on %s',
  (kind) => {
    let t: TestApp;
    let staff: StaffBrowser;
    beforeAll(async () => {
      t = await createTestApp(kind);
      await makeStaff(t.database.db, 'fuzz-admin@example.org', 'admin');
      staff = new StaffBrowser(t.app);
      expect((await staff.signIn('fuzz-admin@example.org')).status).toBe(200);
    });
    afterAll(() => t?.close());

    it('answers each only as the document says that operation answers, never 5xx', async () => {
      const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const checker = checkerOf(t.app);
      // Each answer is checked against the operation the request was meant for, not the one its
      // URL happens to fit: an item's address with an empty id is its list's.
      const inject = uncheckedInject(t.app);
      const visitor = await xsrfPair(t.app);
      const failures: string[] = [];
      let calls = 0;
      const operations = Object.entries(doc.paths).flatMap(([template, item]) =>
        Object.keys(item).map((method) => ({ template, method: method.toUpperCase() })),
      );
      // Signing out last: the staff's session serves every other call first.
      const signOut = (o: { template: string }) => /sign-out/.test(o.template);
      operations.sort((a, b) => Number(signOut(a)) - Number(signOut(b)));
      for (const { template, method } of operations) {
        const ids = template.includes('{') ? badIds : [''];
        for (const id of ids) {
          const url = template.replace(/\{[^}]+\}/g, id);
          // A visitor with the XSRF pair, and a signed-in admin (who gets past the staff guard).
          for (const who of ['visitor', 'admin'] as const) {
            const headers =
              who === 'admin'
                ? { cookie: staff.cookie, 'x-xsrf-token': staff.jar.get('XSRF-TOKEN') ?? '' }
                : visitor;
            const res = await inject({
              method: method as 'GET',
              url,
              headers,
              remoteAddress: who === 'admin' ? staff.address : newAddress(),
            });
            calls++;
            const answer = {
              method,
              url,
              status: res.statusCode,
              headers: res.headers,
              body: res.rawPayload,
            };
            const result = checker.check(answer, template);
            const problems = [
              ...(result?.problems ?? ['the document has no such path']),
              ...(res.statusCode >= 500 ? [`a server error: ${res.body.slice(0, 200)}`] : []),
            ];
            if (problems.length)
              failures.push(`${who}: ${describeProblems(answer, result?.operation ?? template, problems)}`);
          }
        }
      }
      expect(calls).toBeGreaterThan(operations.length * 2);
      expect(failures.slice(0, 20), `${failures.length} of ${calls} answers`).toEqual([]);
    }, 180_000);
  },
);
