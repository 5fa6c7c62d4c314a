import { describe, expect, it } from 'vitest';
import { openStatusText } from '../../web/components/cards/open-status';

const t = (key: string, options?: Record<string, unknown>) =>
  `${key}${options?.time ? ` ${options.time}` : ''}`;

describe('the open status in words', () => {
  it('says unknown, open with its closing time, or when it opens next', () => {
    expect(openStatusText(null, t)).toBe('cards:hours.unknown');
    expect(openStatusText({ open: true, until: '18:00' }, t)).toBe('cards:hours.openUntil 18:00');
    expect(openStatusText({ open: true, until: null }, t)).toBe('cards:hours.open');
    expect(openStatusText({ open: false, opens: null }, t)).toBe('cards:hours.closed');
    const opens = (date: string, in_days: number) =>
      openStatusText({ open: false, opens: { date, time: '10:00', in_days } }, t);
    expect(opens('2026-12-01', 0)).toBe('cards:hours.opens0 10:00');
    expect(opens('2026-12-02', 1)).toBe('cards:hours.opens1 10:00');
    // 2 December 2026 is a Wednesday, 6 December a Sunday
    expect(opens('2026-12-02', 2)).toBe('cards:hours.opensOn3 10:00');
    expect(opens('2026-12-06', 6)).toBe('cards:hours.opensOn7 10:00');
    expect(opens('2027-05-01', 151)).toBe('cards:hours.opensDate 10:00');
  });
});
