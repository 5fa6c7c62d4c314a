import { describe, expect, it } from 'vitest';
import {
  presetOf,
  presetRange,
  rangeLimits,
  readDateRange,
  regionToday,
  weekendOf,
} from '../../common/date-presets.js';

describe('date presets', () => {
  it('takes today from the region clock, not UTC', () => {
    // Friday 27 November 2026, 22:30 UTC is already Saturday 01:30 in Moscow.
    expect(regionToday(new Date('2026-11-27T22:30:00Z'))).toBe('2026-11-28');
    expect(regionToday(new Date('2026-11-27T20:00:00Z'))).toBe('2026-11-27');
  });

  it('on a Friday night, "this weekend" is the Saturday and Sunday to come', () => {
    const friday = regionToday(new Date('2026-11-27T19:00:00Z')); // 22:00 in Moscow
    expect(friday).toBe('2026-11-27');
    expect(weekendOf(friday)).toEqual({ from: '2026-11-28', to: '2026-11-29' });
  });

  it('on Saturday, Saturday and Sunday; on Sunday, that day only', () => {
    expect(weekendOf('2026-11-28')).toEqual({ from: '2026-11-28', to: '2026-11-29' });
    expect(weekendOf('2026-11-29')).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    // A Monday: the weekend at the end of that week.
    expect(weekendOf('2026-11-30')).toEqual({ from: '2026-12-05', to: '2026-12-06' });
  });

  it('computes the other presets across month and year ends', () => {
    expect(presetRange('today', '2026-12-31')).toEqual({ from: '2026-12-31', to: '2026-12-31' });
    expect(presetRange('tomorrow', '2026-12-31')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(presetRange('week', '2026-12-28')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(presetRange('month', '2028-02-10')).toEqual({ from: '2028-02-10', to: '2028-02-29' });
  });

  it('names the preset whose dates a URL carries', () => {
    expect(presetOf({ from: '2026-11-28', to: '2026-11-29' }, '2026-11-27')).toBe('weekend');
    expect(presetOf({ from: '2026-11-27', to: '2026-12-03' }, '2026-11-27')).toBe('week');
    expect(presetOf({ from: '2026-11-27', to: '2026-12-04' }, '2026-11-27')).toBeNull();
  });

  it("reads an address's range as the events list can ask for it, and says what it changed", () => {
    expect(readDateRange('2026-12-01', '2026-12-31')).toEqual({
      dateFrom: '2026-12-01',
      dateTo: '2026-12-31',
      problem: null,
    });
    expect(readDateRange(null, null)).toEqual({ dateFrom: '', dateTo: '', problem: null });
    // longer than a year: its first year (366 days)
    expect(readDateRange('2026-01-01', '2027-06-01')).toEqual({
      dateFrom: '2026-01-01',
      dateTo: '2027-01-02',
      problem: { kind: 'too-long', from: '2026-01-01', to: '2027-06-01' },
    });
    expect(readDateRange('2026-01-01', '2027-01-02').problem).toBeNull();
    expect(readDateRange('2026-12-31', '2026-12-01')).toEqual({
      dateFrom: '2026-12-31',
      dateTo: '',
      problem: { kind: 'reversed', from: '2026-12-31', to: '2026-12-01' },
    });
    expect(readDateRange('2026-02-30', '2026-12-01')).toEqual({
      dateFrom: '',
      dateTo: '2026-12-01',
      problem: { kind: 'invalid', from: '2026-02-30', to: '2026-12-01' },
    });
    expect(readDateRange('', '12.12.2026').problem?.kind).toBe('invalid');
  });

  it('limits each end of a range to what the events list accepts', () => {
    expect(rangeLimits('', '')).toEqual({});
    expect(rangeLimits('', '', '2026-11-28')).toEqual({ fromMin: '2026-11-28', toMin: '2026-11-28' });
    expect(rangeLimits('2026-12-01', '')).toEqual({ toMin: '2026-12-01', toMax: '2027-12-02' });
    expect(rangeLimits('', '2027-12-31', '2026-11-28')).toEqual({
      fromMin: '2026-12-30',
      fromMax: '2027-12-31',
      toMin: '2026-11-28',
    });
  });
});
