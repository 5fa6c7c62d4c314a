import { describe, expect, it } from 'vitest';
import type { TripPlan } from '../../common/trip-plan';
import { dayLegs, fromSaintPetersburg } from '../../web/features/trip/distances';
import {
  addDay,
  mergePlans,
  moveEntry,
  removeDay,
  removeEntry,
  setNote,
  shiftEntry,
  UNPLANNED,
} from '../../web/features/trip/plan-ops';

const plan: TripPlan = {
  unplanned: [{ key: 'caterings.40' }],
  days: [
    [{ key: 'attractions.12', note: 'Билеты заранее' }, { key: 'routes.3' }],
    [],
    [{ key: 'events.4' }, { key: 'tourist-information-centers.7', note: '中文备注' }],
  ],
};

describe('changes of the plan', () => {
  it('moves items within a day, between days and back to the unplanned ones', () => {
    let p = moveEntry(plan, 'caterings.40', 0, 1);
    expect(p.unplanned).toEqual([]);
    expect(p.days[0]?.map((e) => e.key)).toEqual(['attractions.12', 'caterings.40', 'routes.3']);
    p = shiftEntry(p, 'routes.3', -1);
    expect(p.days[0]?.map((e) => e.key)).toEqual(['attractions.12', 'routes.3', 'caterings.40']);
    p = shiftEntry(p, 'attractions.12', -1);
    expect(p.days[0]?.[0]?.key).toBe('attractions.12');
    p = moveEntry(p, 'attractions.12', 1);
    expect(p.days[1]).toEqual([plan.days[0]?.[0]]);
    p = moveEntry(p, 'attractions.12', UNPLANNED);
    expect(p.unplanned.map((e) => e.key)).toEqual(['attractions.12']);
  });

  it('keeps a note with its item and removes an empty one', () => {
    const p = setNote(plan, 'routes.3', 'Взять воду');
    expect(p.days[0]?.[1]).toEqual({ key: 'routes.3', note: 'Взять воду' });
    expect(setNote(p, 'routes.3', '   ').days[0]?.[1]).toEqual({ key: 'routes.3' });
    // the name kept with the item stays
    const named = { unplanned: [{ key: 'events.1', name: 'Фестиваль' }], days: [[]] };
    expect(setNote(named, 'events.1', 'Билеты').unplanned).toEqual([
      { key: 'events.1', name: 'Фестиваль', note: 'Билеты' },
    ]);
  });

  it('adds days and, removing one, puts its items back among the unplanned', () => {
    expect(addDay(plan).days).toHaveLength(4);
    const p = removeDay(plan, 0);
    expect(p.days).toHaveLength(2);
    expect(p.unplanned.map((e) => e.key)).toEqual(['caterings.40', 'attractions.12', 'routes.3']);
    expect(removeDay({ unplanned: [], days: [[{ key: 'events.1' }]] }, 0)).toEqual({
      unplanned: [{ key: 'events.1' }],
      days: [[]],
    });
  });

  it('adds a shared plan day by day, keeping what the visitor has where it is', () => {
    const own: TripPlan = { unplanned: [], days: [[{ key: 'routes.3', note: 'mine' }]] };
    const merged = mergePlans(own, plan);
    expect(merged.days[0]?.map((e) => e.key)).toEqual(['routes.3', 'attractions.12']);
    expect(merged.days[0]?.[0]?.note).toBe('mine');
    expect(merged.days).toHaveLength(3);
    expect(merged.unplanned.map((e) => e.key)).toEqual(['caterings.40']);
  });

  it("keeps the first date through every change; a merge keeps the visitor's, or takes the shared one", () => {
    const dated: TripPlan = { ...plan, start: '2026-12-05' };
    expect(removeDay(dated, 0).start).toBe('2026-12-05');
    expect(removeEntry(dated, 'routes.3').start).toBe('2026-12-05');
    expect(moveEntry(dated, 'routes.3', 1).start).toBe('2026-12-05');
    expect(addDay(dated).start).toBe('2026-12-05');
    expect(mergePlans({ unplanned: [], days: [[]] }, dated).start).toBe('2026-12-05');
    expect(mergePlans({ ...dated, start: '2027-01-02' }, dated).start).toBe('2027-01-02');
    expect('start' in mergePlans({ unplanned: [], days: [[]] }, plan)).toBe(false);
  });
});

describe('distances', () => {
  it('from Saint Petersburg: from Palace Square', () => {
    // to the Peterhof Grand Palace: about 23.5 km in a straight line
    expect(fromSaintPetersburg({ lat: 59.8853, lon: 29.9086 })).toBeCloseTo(23.5, 0);
    expect(fromSaintPetersburg({ lat: 59.939, lon: 30.3158 })).toBe(0);
  });

  it('of a day: each leg to the next item and their sum', () => {
    const { legs, total } = dayLegs([
      { lat: 60, lon: 30 },
      { lat: 61, lon: 30 },
      { lat: 61, lon: 30 },
    ]);
    expect(legs).toHaveLength(2);
    expect(legs[0]).toBeCloseTo(111.2, 0);
    expect(legs[1]).toBe(0);
    expect(total).toBeCloseTo(111.2, 0);
    expect(dayLegs([{ lat: 1, lon: 1 }])).toEqual({ legs: [], total: 0 });
  });
});
