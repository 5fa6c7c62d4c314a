import { describe, expect, it } from 'vitest';
import { gridSizes } from '../../web/components/card-grid/card-grid';
import { cardSizes } from '../../web/components/cards/card-shell';
import { widestOf, widthsFor } from '../../web/components/picture/picture';

describe('the widths a picture lists', () => {
  it('bounds each entry of sizes by the conditions before it', () => {
    // 340 px from 1100 px; 45% below 1100 px; 85% below 700 px
    expect(widestOf(cardSizes)).toBe(595);
    expect(widestOf('120px')).toBe(120);
    expect(widestOf('(min-width: 700px) 160px, 96px')).toBe(160);
    expect(widestOf('(min-width: 1100px) 820px, 100vw')).toBe(1100);
    expect(widestOf('100vw')).toBe(Number.POSITIVE_INFINITY);
    // anything it does not read is unbounded
    expect(widestOf('(max-width: 600px) 100vw, 50vw')).toBe(Number.POSITIVE_INFINITY);
    expect(widestOf('calc(100vw - 20px)')).toBe(Number.POSITIVE_INFINITY);
  });

  it('lists the renditions up to twice the widest, all of them when unbounded', () => {
    expect(widthsFor('120px')).toEqual([320]);
    expect(widthsFor('360px')).toEqual([320, 480, 640, 960]);
    expect(widthsFor(cardSizes)).toEqual([320, 480, 640, 960, 1280]);
    expect(widthsFor('100vw')).toEqual([320, 480, 640, 960, 1280, 1600]);
    expect(widthsFor('(min-width: 1100px) 820px, 100vw')).toEqual([320, 480, 640, 960, 1280, 1600]);
    // one column below 700 px: 94% of 699 px, twice that past 1280
    expect(widthsFor(gridSizes({ base: 1, from700: 2, from1100: 3 }))).toEqual([
      320, 480, 640, 960, 1280, 1600,
    ]);
    expect(widthsFor(gridSizes({ base: 2, from700: 3, from1100: 4 }))).toEqual([320, 480, 640, 960]);
  });
});
