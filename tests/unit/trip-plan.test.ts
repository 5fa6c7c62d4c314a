import { describe, expect, it } from 'vitest';
import { distanceKm, saintPetersburg } from '../../common/geo.js';
import { tripKey } from '../../common/sections.js';
import { decodePlan, encodePlan } from '../../common/trip-link.js';
import {
  dayDate,
  MAX_NAME_LENGTH,
  MAX_PLAN_ITEMS,
  normalizePlan,
  parseTripKey,
  type TripPlan,
  withStart,
} from '../../common/trip-plan.js';

const plan: TripPlan = {
  unplanned: [{ key: 'caterings.40' }],
  days: [
    [{ key: 'attractions.12', note: 'Билеты заранее; café at 13:00 & «кофе»' }, { key: 'routes.3' }],
    [],
    [{ key: 'events.4' }, { key: 'tourist-information-centers.7', note: '中文备注' }],
  ],
};

describe('the link form of a plan', () => {
  it('round-trips days, order and notes in any script', () => {
    const text = encodePlan(plan);
    expect(decodePlan(text)).toEqual({ ok: true, plan });
  });

  it('uses only characters URLSearchParams and messengers leave as they are', () => {
    const text = encodePlan(plan);
    expect(text).toMatch(/^[A-Za-z0-9*._-]+$/);
    expect(new URLSearchParams({ plan: text }).toString()).toBe(`plan=${text}`);
    expect(text.startsWith('1*c40*a12-')).toBe(true);
  });

  it('is compact: the section is a letter, a plan of ten places without notes is under 60 characters', () => {
    const ten: TripPlan = {
      unplanned: [],
      days: [Array.from({ length: 10 }, (_, n) => ({ key: `attractions.${100 + n}` }))],
    };
    expect(encodePlan(ten).length).toBeLessThan(60);
  });

  it('carries the first date after the version, and dates the days from it', () => {
    const dated = withStart(plan, '2026-12-05');
    const text = encodePlan(dated);
    expect(text.startsWith('1.2026-12-05*c40*')).toBe(true);
    expect(text).toMatch(/^[A-Za-z0-9*._-]+$/);
    expect(decodePlan(text)).toEqual({ ok: true, plan: dated });
    expect(dayDate(dated, 0)).toBe('2026-12-05');
    // across a month's end
    expect(dayDate(dated, 27)).toBe('2027-01-01');
    expect(dayDate(plan, 0)).toBeNull();
    expect(withStart(dated, '')).toEqual(plan);
    expect(withStart(plan, '2026-02-30')).toEqual(plan);
    expect(decodePlan('1.2026-02-30*a1')).toEqual({ ok: false, problem: 'malformed' });
    expect(decodePlan('1.2026-12-05.x*a1')).toEqual({ ok: false, problem: 'malformed' });
    expect(decodePlan('2.2026-12-05*a1')).toEqual({ ok: false, problem: 'version' });
  });

  it('says what is wrong with a link it cannot read', () => {
    expect(decodePlan('2*a1')).toEqual({ ok: false, problem: 'version' });
    expect(decodePlan('')).toEqual({ ok: false, problem: 'malformed' });
    expect(decodePlan('hello')).toEqual({ ok: false, problem: 'malformed' });
    expect(decodePlan('1')).toEqual({ ok: false, problem: 'malformed' });
    expect(decodePlan('1*x5')).toEqual({ ok: false, problem: 'malformed' });
    expect(decodePlan('1*a0')).toEqual({ ok: false, problem: 'malformed' });
    expect(decodePlan('1*a5-%%')).toEqual({ ok: false, problem: 'malformed' });
    // a note whose bytes are not UTF-8
    expect(decodePlan('1*a5-_w')).toEqual({ ok: false, problem: 'malformed' });
    const many = Array.from({ length: MAX_PLAN_ITEMS + 1 }, (_, n) => `a${n + 1}`).join('.');
    expect(decodePlan(`1*${many}`)).toEqual({ ok: false, problem: 'too-large' });
    expect(decodePlan(`1${'*'.repeat(40)}`)).toEqual({ ok: false, problem: 'too-large' });
  });

  it('reads a repeated item once and an empty plan as one empty day', () => {
    expect(decodePlan('1*a1*a1.e2')).toEqual({
      ok: true,
      plan: { unplanned: [{ key: 'attractions.1' }], days: [[{ key: 'events.2' }]] },
    });
    expect(decodePlan('1*')).toEqual({ ok: true, plan: { unplanned: [], days: [[]] } });
  });
});

describe('the stored plan', () => {
  it('is read tolerantly: garbage, unknown sections and repeats are dropped', () => {
    expect(normalizePlan(null)).toEqual({ unplanned: [], days: [[]] });
    expect(normalizePlan({ days: [], start: '2026-12-05' })).toEqual({
      unplanned: [],
      days: [[]],
      start: '2026-12-05',
    });
    expect(normalizePlan({ days: [], start: '5 Dec' })).toEqual({ unplanned: [], days: [[]] });
    expect(normalizePlan('garbage')).toEqual({ unplanned: [], days: [[]] });
    expect(
      normalizePlan({
        unplanned: [{ key: 'news.1' }, { key: 'attractions.1', note: 5 }, null, 'x'],
        days: [
          [{ key: 'attractions.1' }, { key: 'events.2', note: '  ' }, { key: 'routes.3', note: 'ok' }],
          7,
        ],
      }),
    ).toEqual({
      unplanned: [{ key: 'attractions.1' }],
      days: [[{ key: 'events.2' }, { key: 'routes.3', note: 'ok' }], []],
    });
  });

  it('keeps the names the saving pages showed, never in a link', () => {
    const named = normalizePlan({
      unplanned: [
        { key: 'attractions.1', name: 'Выборгский замок' },
        { key: 'events.2', name: 7 },
      ],
      days: [[{ key: 'routes.3', name: 'x'.repeat(MAX_NAME_LENGTH + 50), note: 'ok' }]],
    });
    expect(named).toEqual({
      unplanned: [{ key: 'attractions.1', name: 'Выборгский замок' }, { key: 'events.2' }],
      days: [[{ key: 'routes.3', note: 'ok', name: 'x'.repeat(MAX_NAME_LENGTH) }]],
    });
    expect(encodePlan(named)).toBe('1*a1.e2*r3-b2s');
  });

  it('names items by the section that owns their pages', () => {
    expect(tripKey('popular-places', 5)).toBe('attractions.5');
    expect(tripKey('events', 5)).toBe('events.5');
    expect(tripKey('news', 5)).toBeNull();
    expect(parseTripKey('tourist-information-centers.7')).toEqual({
      section: 'tourist-information-centers',
      id: 7,
    });
    expect(parseTripKey('news.7')).toBeNull();
    expect(parseTripKey('attractions.07')).toBeNull();
  });
});

describe('straight-line distances', () => {
  it('are great-circle distances in km', () => {
    // One degree of latitude is about 111.2 km.
    expect(distanceKm([60, 30], [61, 30])).toBeCloseTo(111.2, 0);
    expect(distanceKm(saintPetersburg, saintPetersburg)).toBe(0);
    // Palace Square to the Peterhof Grand Palace: about 23.5 km in a straight line.
    expect(distanceKm(saintPetersburg, [59.8853, 29.9086])).toBeCloseTo(23.5, 0);
  });
});
