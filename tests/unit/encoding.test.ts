import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../server/lib/response-cache.js';

describe('the encoding of a kept compressed body (the response cache, the map points)', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.0', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'gzip'],
    ['deflate', null],
    ['identity', null],
    ['', null],
    [undefined, null],
  ])('%s -> %s', (header, want) => {
    expect(pickEncoding(header)).toBe(want);
  });
});
