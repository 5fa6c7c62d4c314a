import { afterEach, describe, expect, it } from 'vitest';
import type { OpeningHoursT } from '../../common/api.js';
import { hoursOn, monthlyPlaces, openStatus, regionClock } from '../../common/opening-hours.js';

// Moscow is UTC+3 all year: 09:00Z is noon in the region. 27 November 2026 is a Friday.
const msk = (local: string) => new Date(`${local}+03:00`);

const everyDay = [1, 2, 3, 4, 5, 6, 7];
const museum: OpeningHoursT = {
  seasons: [{ hours: [{ days: [2, 3, 4, 5, 6, 7], opens: '10:00', closes: '18:00' }] }],
};
const seasonal: OpeningHoursT = {
  seasons: [
    { from: '05-01', to: '09-30', hours: [{ days: [2, 3, 4, 5, 6, 7], opens: '10:00', closes: '18:00' }] },
    { hours: [{ days: [3, 4, 5, 6, 7], opens: '10:00', closes: '17:00' }] },
  ],
};
const bar: OpeningHoursT = {
  seasons: [{ hours: [{ days: [5, 6, 7], opens: '20:00', closes: '02:00' }] }],
};

describe('the hours of a date', () => {
  it('are the intervals of its season and weekday, or none when closed', () => {
    // 27 November 2026 is a Friday, 30 November a Monday
    expect(hoursOn(museum, '2026-11-27')).toEqual(['10:00–18:00']);
    expect(hoursOn(museum, '2026-11-30')).toEqual([]);
    expect(hoursOn(seasonal, '2026-07-03')).toEqual(['10:00–18:00']);
    expect(hoursOn(seasonal, '2026-11-27')).toEqual(['10:00–17:00']);
    // a night past midnight is written as the schedule has it, on the day it begins
    expect(hoursOn(bar, '2026-11-27')).toEqual(['20:00–02:00']);
    expect(hoursOn(bar, '2026-11-30')).toEqual([]);
    expect(hoursOn({ ...museum, closed_dates: ['2026-11-27'] }, '2026-11-27')).toEqual([]);
    expect(hoursOn({ ...museum, closed_monthly: [{ week: -1, day: 5 }] }, '2026-11-27')).toEqual([]);
    const split: OpeningHoursT = {
      seasons: [
        {
          hours: [
            { days: everyDay, opens: '15:00', closes: '18:00' },
            { days: everyDay, opens: '10:00', closes: '14:00' },
          ],
        },
      ],
    };
    expect(hoursOn(split, '2026-11-27')).toEqual(['10:00–14:00', '15:00–18:00']);
  });
});

describe('the region clock', () => {
  it('reads the date, ISO weekday and minute in Europe/Moscow', () => {
    expect(regionClock(new Date('2026-11-29T21:30:00Z'))).toEqual({
      date: '2026-11-30',
      weekday: 1,
      minute: 30,
    });
    expect(regionClock(msk('2026-11-29T23:59'))).toEqual({ date: '2026-11-29', weekday: 7, minute: 1439 });
  });

  it('places a date in its month for the monthly closed days', () => {
    expect(monthlyPlaces('2026-11-30')).toEqual([{ week: -1, day: 1 }]);
    expect(monthlyPlaces('2026-11-23')).toEqual([{ week: 4, day: 1 }]);
    expect(monthlyPlaces('2026-11-02')).toEqual([{ week: 1, day: 1 }]);
    expect(monthlyPlaces('2026-11-24')).toEqual([
      { week: 4, day: 2 },
      { week: -1, day: 2 },
    ]);
  });
});

describe('open now', () => {
  it('is unknown without a schedule', () => {
    expect(openStatus(null, msk('2026-11-28T12:00'))).toBeNull();
  });

  it('says until when a place is open and when a closed one opens next', () => {
    expect(openStatus(museum, msk('2026-11-29T17:59'))).toEqual({ open: true, until: '18:00' });
    expect(openStatus(museum, msk('2026-11-29T18:00'))).toEqual({
      open: false,
      opens: { date: '2026-12-01', time: '10:00', in_days: 2 },
    });
    expect(openStatus(museum, msk('2026-12-01T09:30'))).toEqual({
      open: false,
      opens: { date: '2026-12-01', time: '10:00', in_days: 0 },
    });
    expect(openStatus(museum, msk('2026-11-30T12:00'))).toEqual({
      open: false,
      opens: { date: '2026-12-01', time: '10:00', in_days: 1 },
    });
  });

  it('follows the season a date falls in', () => {
    expect(openStatus(seasonal, msk('2026-06-02T11:00'))).toEqual({ open: true, until: '18:00' });
    expect(openStatus(seasonal, msk('2026-09-30T17:30'))).toEqual({ open: true, until: '18:00' });
    // 1 October, a Thursday: the rest of the year's hours, closing at 17:00
    expect(openStatus(seasonal, msk('2026-10-01T17:30'))).toEqual({
      open: false,
      opens: { date: '2026-10-02', time: '10:00', in_days: 1 },
    });
    // a Tuesday in winter is closed; Wednesday opens
    expect(openStatus(seasonal, msk('2026-12-01T11:00'))).toEqual({
      open: false,
      opens: { date: '2026-12-02', time: '10:00', in_days: 1 },
    });
  });

  it('finds the next opening after a season closed all winter, and wraps a season over the new year', () => {
    const summerOnly: OpeningHoursT = {
      seasons: [
        { from: '05-01', to: '09-30', hours: [{ days: everyDay, opens: '10:00', closes: '18:00' }] },
        { hours: [] },
      ],
    };
    expect(openStatus(summerOnly, msk('2026-12-01T12:00'))).toEqual({
      open: false,
      opens: { date: '2027-05-01', time: '10:00', in_days: 151 },
    });
    const winterOnly: OpeningHoursT = {
      seasons: [{ from: '12-01', to: '02-28', hours: [{ days: everyDay, opens: '09:00', closes: '16:00' }] }],
    };
    expect(openStatus(winterOnly, msk('2027-01-15T12:00'))).toEqual({ open: true, until: '16:00' });
    expect(openStatus(winterOnly, msk('2026-11-30T12:00'))).toEqual({
      open: false,
      opens: { date: '2026-12-01', time: '09:00', in_days: 1 },
    });
  });

  it('is closed on a closed date and on the last Monday of the month', () => {
    const withHoliday: OpeningHoursT = { ...museum, closed_dates: ['2026-12-31'] };
    expect(openStatus(withHoliday, msk('2026-12-31T12:00'))).toEqual({
      open: false,
      opens: { date: '2027-01-01', time: '10:00', in_days: 1 },
    });
    const sanitaryDay: OpeningHoursT = {
      seasons: [{ hours: [{ days: everyDay, opens: '10:00', closes: '18:00' }] }],
      closed_monthly: [{ week: -1, day: 1 }],
    };
    expect(openStatus(sanitaryDay, msk('2026-11-30T12:00'))).toEqual({
      open: false,
      opens: { date: '2026-12-01', time: '10:00', in_days: 1 },
    });
    expect(openStatus(sanitaryDay, msk('2026-11-23T12:00'))).toEqual({ open: true, until: '18:00' });
  });

  it('keeps a Sunday night open past midnight into Monday', () => {
    expect(openStatus(bar, msk('2026-11-29T23:59'))).toEqual({ open: true, until: '02:00' });
    expect(openStatus(bar, msk('2026-11-30T01:30'))).toEqual({ open: true, until: '02:00' });
    expect(openStatus(bar, msk('2026-11-30T02:00'))).toEqual({
      open: false,
      opens: { date: '2026-12-04', time: '20:00', in_days: 4 },
    });
    // Thursday night is not a Friday night
    expect(openStatus(bar, msk('2026-12-04T01:00'))).toEqual({
      open: false,
      opens: { date: '2026-12-04', time: '20:00', in_days: 0 },
    });
  });

  it('says no closing time for a place open at every hour', () => {
    const always: OpeningHoursT = {
      seasons: [{ hours: [{ days: everyDay, opens: '00:00', closes: '24:00' }] }],
    };
    expect(openStatus(always, msk('2026-11-30T03:00'))).toEqual({ open: true, until: null });
  });

  describe('in another time zone', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    it('answers by the region’s clock whatever the server’s or visitor’s zone', () => {
      for (const tz of ['America/Los_Angeles', 'Asia/Tokyo', 'UTC']) {
        process.env.TZ = tz;
        // 23:30 in Moscow on Sunday is still Sunday afternoon in Los Angeles, Monday in Tokyo
        expect(openStatus(bar, new Date('2026-11-29T20:30:00Z'))).toEqual({ open: true, until: '02:00' });
        expect(openStatus(museum, new Date('2026-11-29T14:59:00Z'))).toEqual({ open: true, until: '18:00' });
        expect(regionClock(new Date('2026-11-29T21:00:00Z')).date).toBe('2026-11-30');
      }
    });
  });
});
