import { describe, expect, it } from 'vitest';
import { accessibilityToSave, admissionToSave, hoursToSave } from '../../web/admin/content/document';

// What the back office's form sends for a place's practical facts: unknown stays unknown.

describe('practical facts from the back office form', () => {
  it('sends a schedule with dates only when the season has them, days in order, dates from the text', () => {
    expect(
      hoursToSave({
        seasons: [
          { from: ' 05-01', to: '09-30 ', hours: [{ days: [7, 2], opens: '10:00', closes: '18:00' }] },
          { from: '', to: '', hours: [] },
        ],
        closed_dates: '2026-12-31, 2027-01-01',
        closed_monthly: [{ week: '-1', day: '1' }],
      }),
    ).toEqual({
      seasons: [
        { from: '05-01', to: '09-30', hours: [{ days: [2, 7], opens: '10:00', closes: '18:00' }] },
        { hours: [] },
      ],
      closed_dates: ['2026-12-31', '2027-01-01'],
      closed_monthly: [{ week: -1, day: 1 }],
    });
    // no season: the hours are unknown
    expect(hoursToSave(null)).toBeNull();
    expect(hoursToSave({ seasons: [], closed_dates: '' })).toBeNull();
  });

  it('sends free, a price range, or unknown', () => {
    expect(admissionToSave({ free: true, min: 100 })).toEqual({ free: true });
    expect(admissionToSave({ free: false, min: '300', max: '' })).toEqual({ free: false, min: 300 });
    expect(admissionToSave({ free: false, min: 300, max: 700 })).toEqual({ free: false, min: 300, max: 700 });
    expect(admissionToSave({ free: null })).toBeNull();
    expect(admissionToSave(undefined)).toBeNull();
  });

  it('sends only the accessibility facts that are known', () => {
    expect(
      accessibilityToSave({ step_free_entrance: true, guide_dogs: false, induction_loop: null }),
    ).toEqual({
      step_free_entrance: true,
      guide_dogs: false,
    });
    expect(accessibilityToSave(null)).toEqual({});
  });
});
