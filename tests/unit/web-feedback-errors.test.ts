import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/api/client';
import { checkFeedback, feedbackError } from '../../web/features/feedback/errors';

/** A failed POST /api/auth/feedback/ as the web client throws it. */
const refused = (status: number, message = '', headers: Record<string, string> = {}) =>
  new ApiError(
    status,
    { statusCode: status, error: 'Error', message },
    new Headers(headers),
    'POST',
    '/api/auth/feedback/',
  );

describe('the feedback form reads a refusal', () => {
  it('puts a 400 at the field the API names, with what is wrong with it', () => {
    expect(feedbackError(refused(400, 'body email is not a valid email address'))).toEqual({
      field: 'email',
      problem: 'invalid',
    });
    expect(feedbackError(refused(400, 'body message is required'))).toEqual({
      field: 'message',
      problem: 'required',
    });
    expect(feedbackError(refused(400, "body message must have required property 'message'"))).toEqual({
      field: 'message',
      problem: 'required',
    });
    expect(feedbackError(refused(400, 'body name must NOT have more than 200 characters'))).toEqual({
      field: 'name',
      problem: 'tooLong',
    });
    expect(feedbackError(refused(400, 'body phone must be string'))).toEqual({
      field: 'phone',
      problem: 'invalid',
    });
    // A 400 that names no field of the form (the body, the Host) is the form's.
    expect(feedbackError(refused(400, 'body must be object'))).toEqual({ kind: 'invalid' });
    expect(feedbackError(refused(400, 'body emailish is odd'))).toEqual({ kind: 'invalid' });
    expect(feedbackError(new ApiError(400, 'not json', new Headers(), 'POST', '/'))).toEqual({
      kind: 'invalid',
    });
  });

  it('says when to try again after a rate limit or an outage, from Retry-After', () => {
    expect(feedbackError(refused(429, 'Too many', { 'retry-after': '42' }))).toEqual({
      kind: 'rateLimited',
      seconds: 42,
    });
    expect(feedbackError(refused(429))).toEqual({ kind: 'rateLimited' });
    expect(feedbackError(refused(503, 'the database is unavailable', { 'retry-after': '10' }))).toEqual({
      kind: 'unavailable',
      seconds: 10,
    });
    expect(feedbackError(refused(503, '', { 'retry-after': 'soon' }))).toEqual({ kind: 'unavailable' });
  });

  it('tells a refused write, a body too big, a fault and no answer apart', () => {
    expect(feedbackError(refused(403, 'missing XSRF-TOKEN cookie'))).toEqual({ kind: 'refused' });
    expect(feedbackError(refused(413))).toEqual({ kind: 'tooLong' });
    expect(feedbackError(refused(500))).toEqual({ kind: 'server' });
    expect(feedbackError(refused(502))).toEqual({ kind: 'server' });
    expect(feedbackError(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
  });

  it('asks for a message before sending anything, and only for that', () => {
    const empty = { name: '', phone: '', email: '', message: '' };
    expect(checkFeedback(empty)).toEqual({ field: 'message', problem: 'required' });
    expect(checkFeedback({ ...empty, message: ' \n\t ' })).toEqual({ field: 'message', problem: 'required' });
    expect(checkFeedback({ ...empty, email: 'not an address', message: 'Hello' })).toBeNull();
  });
});
