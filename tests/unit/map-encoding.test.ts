import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../server/modules/map/routes.js';

describe('map points: the encoding of the cached compressed body', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.0', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s -> %s', (header, want) => {
    expect(preferredEncoding(header)).toBe(want);
  });
});
