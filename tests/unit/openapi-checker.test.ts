// The checker that holds every API test's answers against the OpenAPI document: it must catch what
// the document does not allow, and say where.

import { describe, expect, it } from 'vitest';
import { type Answer, OpenApiChecker } from '../helpers/openapi.js';

const json = { 'content-type': 'application/json; charset=utf-8' };
const errorRef = { $ref: '#/components/schemas/ErrorBody' };
const doc = {
  openapi: '3.1.0',
  paths: {
    '/api/points/': {
      get: {
        operationId: 'getPoints',
        responses: {
          '200': {
            description: 'OK',
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {
                    type: 'array',
                    prefixItems: [{ type: 'integer' }, { anyOf: [{ type: 'string' }, { type: 'null' }] }],
                    items: false,
                  },
                },
              },
            },
          },
          '304': { $ref: '#/components/responses/NotModified' },
        },
      },
    },
    '/api/points/{id}/': {
      get: {
        operationId: 'getPointsById',
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { type: 'object', required: ['id'] } } },
          },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
    },
    '/api/points/{id}/file/': {
      get: {
        operationId: 'getPointsByIdFile',
        responses: {
          '200': { description: 'OK', content: { 'text/calendar': { schema: { type: 'string' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      ErrorBody: {
        type: 'object',
        required: ['statusCode', 'error', 'message'],
        properties: {
          statusCode: { type: 'integer' },
          error: { type: 'string' },
          message: { type: 'string' },
        },
      },
    },
    responses: {
      NotFound: { description: 'Not Found', content: { 'application/json': { schema: errorRef } } },
      NotModified: { description: 'Not Modified' },
    },
  },
};

const answer = (over: Partial<Answer> & { json?: unknown }): Answer => ({
  method: 'GET',
  url: '/api/points/',
  status: 200,
  headers: json,
  body: Buffer.from(JSON.stringify(over.json ?? [])),
  ...over,
});
const checker = new OpenApiChecker(doc);

describe('the OpenAPI answer checker', () => {
  it('accepts answers the document describes, tuples with null positions included', () => {
    expect(
      checker.check(
        answer({
          json: [
            [1, 'a'],
            [2, null],
          ],
        }),
      ),
    ).toEqual({ operation: 'getPoints', problems: [] });
    expect(checker.check(answer({ status: 304, headers: {}, body: Buffer.alloc(0) }))?.problems).toEqual([]);
    const notFound = { statusCode: 404, error: 'Not Found', message: 'point 9 not found' };
    expect(checker.check(answer({ url: '/api/points/9', status: 404, json: notFound }))).toEqual({
      operation: 'getPointsById',
      problems: [],
    });
    const file = answer({ url: '/api/points/9/file/', headers: { 'content-type': 'text/calendar' } });
    expect(checker.check(file)?.problems).toEqual([]);
  });

  it('names the operation, the status and the place where a body differs', () => {
    expect(checker.check(answer({ json: [[1, 2]] }))?.problems.join('\n')).toMatch(
      /^body\/0\/1 must be string/m,
    );
    expect(checker.check(answer({ json: [[1, 'a', 3]] }))?.problems.join('\n')).toMatch(
      /body\/0 must NOT have more than 2 items/,
    );
    expect(checker.check(answer({ url: '/api/points/1/', json: {} }))).toEqual({
      operation: 'getPointsById',
      problems: [expect.stringMatching(/body must have required property 'id'/)],
    });
  });

  it('refuses a status or a media type the document does not list', () => {
    expect(
      checker.check(answer({ status: 400, json: { statusCode: 400, error: 'x', message: 'y' } }))?.problems,
    ).toEqual(['status 400 is not documented (documented: 200, 304)']);
    expect(checker.check(answer({ headers: { 'content-type': 'text/html' } }))?.problems).toEqual([
      'media type "text/html" is not documented (documented: application/json)',
    ]);
    expect(checker.check(answer({ status: 304, headers: {}, body: Buffer.from('x') }))?.problems).toEqual([
      'a body (no type) where the document has none',
    ]);
  });

  it('wants an error body for a method a path does not have, and ignores paths outside the document', () => {
    const error = { statusCode: 405, error: 'Method Not Allowed', message: 'use GET' };
    expect(checker.check(answer({ method: 'POST', status: 405, json: error }))?.problems).toEqual([]);
    expect(checker.check(answer({ method: 'POST', status: 201, json: {} }))?.problems).toEqual([
      'the path has no POST, yet it answered 201',
    ]);
    expect(checker.check(answer({ method: 'POST', status: 404, json: {} }))?.problems[0]).toMatch(
      /required property/,
    );
    expect(checker.check(answer({ url: '/elsewhere' }))).toBeNull();
    expect(checker.check(answer({ url: '/api/points/9/../' }))).toEqual({
      operation: 'getPoints',
      problems: [],
    });
  });
});
