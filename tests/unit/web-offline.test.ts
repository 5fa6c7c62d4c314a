import { describe, expect, it } from 'vitest';
import { keptPath, pageKey } from '../../web/lib/offline';

// A page is kept once per language under a key without `lng` (web/lib/offline.ts, decision 028).

describe('kept pages', () => {
  const url = (s: string) => new URL(s, 'https://example.org');

  it('keys a page by its address without lng, and its language', () => {
    expect(pageKey(url('/attractions/list?page=2&lng=en'), 'en')).toBe(
      'https://example.org/attractions/list?offline-lang=en&page=2',
    );
    expect(pageKey(url('/attractions/list?page=2'), 'en')).toBe(
      pageKey(url('/attractions/list?lng=en&page=2'), 'en'),
    );
    expect(pageKey(url('/trip'), 'ru')).not.toBe(pageKey(url('/trip'), 'zh'));
    expect(pageKey(url('/a?b=1&a=2'), 'ru')).toBe(pageKey(url('/a?a=2&b=1'), 'ru'));
  });

  it('opens a kept page at its address', () => {
    expect(keptPath(pageKey(url('/trip?lng=zh'), 'zh'))).toBe('/trip');
    expect(keptPath(pageKey(url('/events/list?date_from=2026-12-01'), 'ru'))).toBe(
      '/events/list?date_from=2026-12-01',
    );
  });
});
